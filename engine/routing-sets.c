/* SPDX-License-Identifier: GPL-3.0-or-later */
/* routing-sets.c: sets of flows routed at once (tf_routing_add_flows), each kind of flow once:
 * in a graph of chips alone, a set the graph's translations keep routes one flow of each orbit
 * and sums each link's orbit, and flows alike under the translations keeping multiplicities
 * route one flow and lay its shares, moved, on the others' links (translations.c).
 * docs/optimizer.md gives the formulas.
 */
#include "routing-state-private.h"

#include <stdlib.h>
#include <string.h>

/* A pair of chips by the orbit its translates form, for sorting. */
typedef struct
{
  gint64  key;
  guint32 a, b;
} KeyedPair;

static int
keyed_pair_compare (const void *pa,
                    const void *pb)
{
  const KeyedPair *x = pa, *y = pb;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return (x->b > y->b) - (x->b < y->b);
}

/* @pairs, each with its key under @tr, sorted by key (pairs alike together). */
static KeyedPair *
keyed_pairs (const TfRouting      *m,
             const TfTranslations *tr,
             const guint32        *pairs,
             guint                 n_pairs)
{
  KeyedPair *kp = g_new (KeyedPair, n_pairs);

  for (guint i = 0; i < n_pairs; i++)
    kp[i] = (KeyedPair) { tf_translations_pair_key (tr, m->graph->n_chip, pairs[2 * i],
                                                    pairs[2 * i + 1]),
                          pairs[2 * i], pairs[2 * i + 1] };
  qsort (kp, n_pairs, sizeof (KeyedPair), keyed_pair_compare);
  return kp;
}

/* When @pairs are whole orbits (each orbit's every translate as often as the others), routes one
 * pair of each orbit, as many times over as its translates appear each, and moves each link
 * direction's load onto the one its orbit is summed on. FALSE (nothing routed) otherwise. */
static gboolean
add_orbit_flows (TfRouting      *m,
                 TfTranslations *tr,
                 const guint32  *pairs,
                 guint           n_pairs,
                 guint          *hops,
                 gboolean       *reachable)
{
  g_autofree KeyedPair *kp = keyed_pairs (m, tr, pairs, n_pairs);
  const guint32 *orbit;
  guint n_touched;

  /* An orbit has one pair per translation: its run of pairs must hold each the same number of
   * times, count / order. */
  for (guint i = 0, j; i < n_pairs; i = j)
    {
      guint64 count, each;

      for (j = i + 1; j < n_pairs && kp[j].key == kp[i].key; j++)
        ;
      count = j - i;
      if (count % tr->order != 0)
        return FALSE;
      each = count / tr->order;
      for (guint k = i, l; k < j; k = l)
        {
          for (l = k + 1; l < j && kp[l].a == kp[k].a && kp[l].b == kp[k].b; l++)
            ;
          if (l - k != each)
            return FALSE;
        }
    }

  for (guint i = 0, j; i < n_pairs; i = j)
    {
      TfDestination d;

      for (j = i + 1; j < n_pairs && kp[j].key == kp[i].key; j++)
        ;
      tf_routing_destination (m, kp[i].b, &kp[i].a, 1, 0, &d);
      *hops = MAX (*hops, tf_destination_distance (&d, kp[i].a));
      *reachable &= tf_routing_add_flow (m, &d, kp[i].a, (double) ((j - i) / tr->order));
    }
  /* A link of an orbit carries what the orbit's links carry from one pair of each orbit of
   * pairs (the translations act freely, so each link is each link's translate once). */
  orbit = tf_translations_slot_orbits (tr, m->graph, &m->adj);
  /* In place: each slot leaving is replaced by its orbit's, if that is new. */
  n_touched = 0;
  for (guint i = 0; i < m->n_touched; i++)
    {
      guint32 slot = m->touched[i], to = orbit[slot];

      if (to != slot)
        {
          m->load[to] += m->load[slot];
          m->load[slot] = 0;
          m->loaded[slot] = 0;
          if (m->loaded[to])
            continue;
          m->loaded[to] = 1;
          slot = to;
        }
      m->touched[n_touched++] = slot;
    }
  m->n_touched = n_touched;
  return TRUE;
}

static inline void
add_load (TfRouting *m,
          guint32    slot,
          double     load)
{
  if (!m->loaded[slot])
    {
      m->loaded[slot] = 1;
      m->touched[m->n_touched++] = slot;
    }
  m->load[slot] += load;
}

/* A share of a flow by its link direction's orbit and the digits of the translation taking
 * the orbit's slot to it. */
typedef struct
{
  guint32 orbit;
  guint32 digit[TF_LATTICE_MAX_DIMS];
  double  load;
} MovedShare;

/* Lays the shares @record of the flow from @first on the links of each flow of @pairs, its
 * translates: each share moved by the translation taking @first to the pair's source. */
static void
stamp_translates (TfRouting       *m,
                  GArray          *record,
                  const KeyedPair *pairs,
                  guint            n_pairs,
                  guint32          first)
{
  const TfTranslations *t = &m->shape_tr;
  g_autofree MovedShare *ms = g_new (MovedShare, MAX (record->len, 1));
  guint32 from = tf_translations_of_chip (t, first), weight[TF_LATTICE_MAX_DIMS];

  for (guint d = 0, w = 1; d < t->n_dims; w *= t->radix[d], d++)
    weight[d] = w;
  for (guint r = 0; r < record->len; r++)
    {
      const Share *sh = &g_array_index (record, Share, r);
      guint32 by = t->slot_translation[sh->slot];

      ms[r].orbit = t->slot_orbit_number[sh->slot] * (guint32) t->order;
      for (guint d = 0; d < t->n_dims; d++)
        ms[r].digit[d] = by / weight[d] % t->radix[d];
      ms[r].load = sh->load;
    }
  for (guint k = 0; k < n_pairs; k++)
    {
      guint32 by = tf_translations_undo (t, tf_translations_of_chip (t, pairs[k].a), from);
      guint32 digit[TF_LATTICE_MAX_DIMS];

      for (guint d = 0; d < t->n_dims; d++)
        digit[d] = by / weight[d] % t->radix[d];
      for (guint r = 0; r < record->len; r++)
        {
          guint32 at = ms[r].orbit;

          for (guint d = 0; d < t->n_dims; d++)
            {
              guint32 x = ms[r].digit[d] + digit[d];

              at += (x >= t->radix[d] ? x - t->radix[d] : x) * weight[d];
            }
          add_load (m, t->orbit_slots[at], ms[r].load);
        }
    }
}

/* Routes one flow of each orbit of pairs under the graph's translations and lays what it adds
 * to each link, moved, on the links of the orbit's other pairs (a flow's shares are its
 * translate's, moved): one search and one DAG per orbit, not per pair. */
static void
add_translated_flows (TfRouting     *m,
                      const guint32 *pairs,
                      guint          n_pairs,
                      guint         *hops,
                      gboolean      *reachable)
{
  g_autofree KeyedPair *kp = NULL;
  g_autoptr(GArray) record = g_array_new (FALSE, FALSE, sizeof (Share));

  tf_translations_slot_orbits (&m->shape_tr, m->graph, &m->adj);
  kp = keyed_pairs (m, &m->shape_tr, pairs, n_pairs);
  for (guint i = 0, j; i < n_pairs; i = j)
    {
      TfDestination d;

      for (j = i + 1; j < n_pairs && kp[j].key == kp[i].key; j++)
        ;
      if (kp[i].a == kp[i].b)
        continue;
      tf_routing_destination (m, kp[i].b, &kp[i].a, 1, 0, &d);
      *hops = MAX (*hops, tf_destination_distance (&d, kp[i].a));
      g_array_set_size (record, 0);
      m->record = record;
      if (!tf_routing_add_flow (m, &d, kp[i].a, 1.0))
        *reachable = FALSE;
      m->record = NULL;
      if (j - i > 1)
        stamp_translates (m, record, kp + i + 1, j - i - 1, kp[i].a);
    }
}

gboolean
tf_routing_add_flows (TfRouting     *m,
                      const guint32 *pairs,
                      guint          n_pairs,
                      guint         *hops)
{
  gboolean reachable = TRUE;

  *hops = 0;
  if (n_pairs == 0)
    return TRUE;
  /* Folding assumes the loads start empty (the slots' sums are the orbits' alone). */
  if (m->tr.order > 1 && m->n_touched == 0 && n_pairs >= 2)
    {
      TfTranslations keep;

      /* The translations that keep the pairs: the last set's again (their slot orbits made
       * once) when they have the same steps. */
      if (tf_translations_keeping_pairs (&m->tr, m->graph->n_chip, pairs, n_pairs, &keep))
        {
          if (tf_translations_same_steps (&keep, &m->pair_tr))
            tf_translations_clear (&keep);
          else
            {
              tf_translations_clear (&m->pair_tr);
              m->pair_tr = keep;
            }
          if (add_orbit_flows (m, &m->pair_tr, pairs, n_pairs, hops, &reachable))
            return reachable;
        }
    }
  if (m->shape_tr.order > 1)
    {
      add_translated_flows (m, pairs, n_pairs, hops, &reachable);
      return reachable;
    }
  for (guint i = 0; i < n_pairs; i++)
    {
      TfDestination d;
      guint32 source = pairs[2 * i], destination = pairs[2 * i + 1];

      if (source == destination)
        continue;
      tf_routing_destination (m, destination, &source, 1, 0, &d);
      *hops = MAX (*hops, tf_destination_distance (&d, source));
      reachable &= tf_routing_add_flow (m, &d, source, 1.0);
    }
  return reachable;
}

