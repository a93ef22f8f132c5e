/* SPDX-License-Identifier: GPL-3.0-or-later */
/* routing-sets.c: sets of flows routed at once (tf_routing_add_flows), each kind of flow once:
 * in a graph of chips alone, a set the graph's translations keep routes one flow of each orbit
 * and sums each link's orbit, and flows alike under the translations keeping multiplicities
 * route one flow and lay its shares, moved, on the others' links (lattice-translations.c). With a hop
 * table, flows alike under swaps of chip components and of twins (every switch fixed,
 * chip-orbits.c) route one flow alike. docs/optimizer.md gives the formulas.
 */
#include "routing-state-private.h"
#include "quotient-private.h"

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

/* Flows alike under swaps of chip components and twins */

/* The swaps taking a pair of chips to its canonical pair: its components and their
 * representatives { A, rA, B, rB }, and its twins' first members. */
typedef struct
{
  guint64 key;   /* the canonical pair's two classes */
  guint32 a, b;
  guint32 sw[4];
  guint32 first_a, first_b;
} SwapPair;

/* The node the swap of components @sw[0] with @sw[1] and @sw[2] with @sw[3] takes @u to: a chip
 * of one to the chip at its place (class position, member index) in the other. */
static guint32
swap_node (const TfRouting *m,
           const guint32   *sw,
           guint32          u)
{
  const TfHopTable *h = m->hops;
  const TfChipOrbits *o = h->orbits;
  guint32 c, comp;

  if (u >= m->graph->n_chip)
    return u;
  c = h->class_of_chip[u];
  comp = o->component[c];
  for (guint i = 0; i < 4; i++)
    if (comp == sw[i])
      {
        guint32 c2 = o->classes[o->offset[sw[i ^ 1]] + o->position[c]];

        return h->members[h->member_offset[c2] + m->member_index[u]];
      }
  return u;
}

/* The node the map taking pair @x to pair @y takes @u to: @x's twins to their first members,
 * its components to their representatives, then back out to @y's the same way. */
static guint32
pair_map (const TfRouting *m,
          const SwapPair  *x,
          const SwapPair  *y,
          guint32          u)
{
  u = u == x->a ? x->first_a : u == x->first_a ? x->a : u;
  u = u == x->b ? x->first_b : u == x->first_b ? x->b : u;
  u = swap_node (m, x->sw, u);
  u = swap_node (m, y->sw, u);
  u = u == y->first_a ? y->a : u == y->a ? y->first_a : u;
  return u == y->first_b ? y->b : u == y->b ? y->first_b : u;
}

/* The link direction @slot (from its tail to its head) taken by the map from pair @x to @y:
 * the link between the images with the same rank among the links between its ends. */
static guint32
moved_slot (const TfRouting *m,
            const SwapPair  *x,
            const SwapPair  *y,
            guint32          slot)
{
  const TfLink *links = m->graph->links;
  const TfLink *l = &links[slot / 2];
  guint32 tail = slot % 2 == 0 ? l->a : l->b, head = slot % 2 == 0 ? l->b : l->a;
  guint32 tail2 = pair_map (m, x, y, tail), head2 = pair_map (m, x, y, head);
  guint32 from, to, from2, to2;
  guint rank = 0;

  if (tail2 == tail && head2 == head)
    return slot;
  /* Looked up from a chip's end: a few links. */
  from = tail < m->graph->n_chip ? tail : head;
  to = from == tail ? head : tail;
  from2 = from == tail ? tail2 : head2;
  to2 = from == tail ? head2 : tail2;
  for (guint32 e = m->adj.offset[from]; m->adj.link[e] != slot / 2; e++)
    rank += m->adj.target[e] == to;
  for (guint32 e = m->adj.offset[from2]; e < m->adj.offset[from2 + 1]; e++)
    if (m->adj.target[e] == to2 && rank-- == 0)
      {
        guint32 l2 = m->adj.link[e];

        return 2 * l2 + (links[l2].a == tail2 ? 0 : 1);
      }
  g_assert_not_reached ();
}

/* Per component, whether swapping it with its representative keeps the links' multiplicities
 * (the quotient the components were found on knows neighbours only); per chip, its index
 * among its class's members. */
static void
swaps_init (TfRouting *m)
{
  const TfHopTable *h = m->hops;
  const TfChipOrbits *o = h->orbits;
  g_autofree guint64 *ends = NULL, *ends2 = NULL;
  guint max_degree = 1;

  m->member_index = g_new (guint32, MAX (m->graph->n_chip, 1));
  for (guint32 c = 0; c < h->n_classes; c++)
    for (guint32 j = h->member_offset[c]; j < h->member_offset[c + 1]; j++)
      m->member_index[h->members[j]] = j - h->member_offset[c];
  for (guint32 v = 0; v < m->graph->n_chip; v++)
    max_degree = MAX (max_degree, tf_adjacency_degree (&m->adj, v));
  ends = g_new (guint64, max_degree);
  ends2 = g_new (guint64, max_degree);
  m->swap_ok = g_new (guint8, MAX (o->n_components, 1));
  for (guint32 comp = 0; comp < o->n_components; comp++)
    {
      guint32 sw[4] = { comp, o->rep[comp], G_MAXUINT32, G_MAXUINT32 };

      m->swap_ok[comp] = TRUE;
      for (guint k = o->offset[comp]; m->swap_ok[comp] && k < o->offset[comp + 1]; k++)
        {
          guint32 c = o->classes[k];

          for (guint32 j = h->member_offset[c]; m->swap_ok[comp] && j < h->member_offset[c + 1];
               j++)
            {
              guint32 x = h->members[j], y = swap_node (m, sw, x), n = 0;

              if (tf_adjacency_degree (&m->adj, x) != tf_adjacency_degree (&m->adj, y))
                {
                  m->swap_ok[comp] = FALSE;
                  break;
                }
              for (guint32 e = m->adj.offset[x]; e < m->adj.offset[x + 1]; e++, n++)
                ends[n] = (guint64) swap_node (m, sw, m->adj.target[e]) << 32
                          | m->graph->links[m->adj.link[e]].multiplicity;
              n = 0;
              for (guint32 e = m->adj.offset[y]; e < m->adj.offset[y + 1]; e++, n++)
                ends2[n] = (guint64) m->adj.target[e] << 32
                           | m->graph->links[m->adj.link[e]].multiplicity;
              tf_guint64_sort (ends, n);
              tf_guint64_sort (ends2, n);
              m->swap_ok[comp] = memcmp (ends, ends2, sizeof (guint64) * n) == 0;
            }
        }
    }
}

/* @pair's canonical form, FALSE when no swap applies: its chips in two components, neither
 * one nor its representative the other's or its representative, both swaps keeping
 * multiplicities and both twins routing alike. */
static gboolean
swap_pair (const TfRouting *m,
           guint32          a,
           guint32          b,
           SwapPair        *p)
{
  const TfHopTable *h = m->hops;
  const TfChipOrbits *o = h->orbits;
  guint32 ca = h->class_of_chip[a], cb = h->class_of_chip[b];
  guint32 A = o->component[ca], B = o->component[cb], rA = o->rep[A], rB = o->rep[B];

  if (A == B || A == rB || rA == B || rA == rB || !m->swap_ok[A] || !m->swap_ok[B]
      || !m->alike[ca] || !m->alike[cb])
    return FALSE;
  *p = (SwapPair) {
    ((guint64) o->classes[o->offset[rA] + o->position[ca]] << 32)
    | o->classes[o->offset[rB] + o->position[cb]],
    a, b, { A, rA, B, rB },
    h->members[h->member_offset[ca]], h->members[h->member_offset[cb]] };
  return TRUE;
}

/* Routes one flow of each class of pairs alike under the swaps and lays its shares on the
 * others' links, moved: the links between switches as they are (the group's count times
 * over), the few at a moved chip one by one. The pairs no swap applies to route alone. */
static void
add_swapped_flows (TfRouting     *m,
                   const guint32 *pairs,
                   guint          n_pairs,
                   guint         *hops,
                   gboolean      *reachable)
{
  g_autofree KeyedPair *kp = g_new (KeyedPair, n_pairs);
  g_autoptr(GArray) record = g_array_new (FALSE, FALSE, sizeof (Share));
  guint n_swapped = 0;

  if (m->swap_ok == NULL)
    swaps_init (m);
  for (guint i = 0; i < n_pairs; i++)
    {
      guint32 a = pairs[2 * i], b = pairs[2 * i + 1];
      TfDestination d;
      SwapPair p;

      if (a == b)
        continue;
      if (swap_pair (m, a, b, &p))
        {
          kp[n_swapped++] = (KeyedPair) { (gint64) p.key, a, b };
          continue;
        }
      tf_routing_destination (m, b, &a, 1, 0, &d);
      *hops = MAX (*hops, tf_destination_distance (&d, a));
      *reachable &= tf_routing_add_flow (m, &d, a, 1.0);
    }
  qsort (kp, n_swapped, sizeof (KeyedPair), keyed_pair_compare);
  for (guint i = 0, j; i < n_swapped; i = j)
    {
      TfDestination d;
      SwapPair x;

      for (j = i + 1; j < n_swapped && kp[j].key == kp[i].key; j++)
        ;
      tf_routing_destination (m, kp[i].b, &kp[i].a, 1, 0, &d);
      *hops = MAX (*hops, tf_destination_distance (&d, kp[i].a));
      g_array_set_size (record, 0);
      m->record = record;
      *reachable &= tf_routing_add_flow (m, &d, kp[i].a, 1.0);
      m->record = NULL;
      swap_pair (m, kp[i].a, kp[i].b, &x);
      for (guint k = i; k < j; k++)
        {
          SwapPair y;

          if (k > i)
            swap_pair (m, kp[k].a, kp[k].b, &y);
          for (guint r = 0; r < record->len; r++)
            {
              const Share *sh = &g_array_index (record, Share, r);
              const TfLink *l = &m->graph->links[sh->slot / 2];
              gboolean fixed = l->a >= m->graph->n_chip && l->b >= m->graph->n_chip;

              /* Links between switches: every pair's share as they are, at once. */
              if (k == i && fixed)
                add_load (m, sh->slot, sh->load * (j - i - 1));
              else if (k > i && !fixed)
                add_load (m, moved_slot (m, &x, &y, sh->slot), sh->load);
            }
        }
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
  if (m->hops != NULL && m->hops->orbits != NULL && n_pairs >= 2)
    {
      add_swapped_flows (m, pairs, n_pairs, hops, &reachable);
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

