/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-stage-0.c: the FamilyGenerator's Stage 0 (docs/optimizer.md, "Stage 0"): every result
 * it may use as a handle into its state, a stratified sample beyond a count, and a handle's
 * candidate. */
#include <string.h>

#include "generator-family-private.h"

/* Stage 0's handles: a slot and a result index, as index_of_key codes a position. */
#define HANDLE(slot, index) (((slot) << 20) | (index))

typedef struct
{
  guint slot;
  guint chips_per_board;
  guint first;   /* into the list of tf_family_usable (slot, index) pairs */
  guint n;
  guint take;
} Stratum;

static gint
compare_strata (gconstpointer a,
                gconstpointer b)
{
  const Stratum *x = a, *y = b;

  if (x->slot != y->slot)
    return x->slot < y->slot ? -1 : 1;
  return x->chips_per_board < y->chips_per_board ? -1 : x->chips_per_board > y->chips_per_board;
}

/* Every usable result of every slot, in the family's traversal order (by its parameters), as
 * handles; beyond @max a stratified sample: the strata are a family on one kind of board with
 * one board size, each gets at least one result (while @max allows), the rest of @max shared in
 * proportion to their sizes (largest remainders), and within a stratum the results taken are
 * evenly spaced along the traversal, so every parameter region is represented. Deterministic:
 * a resumed run takes the same sample. */
void
tf_family_stage_0 (gpointer              data,
         const TfSearchConfig *config,
         guint                 max,
         GArray               *handles,
         guint                *n_buildable)
{
  FamilyState *state = data;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) strata = g_array_new (FALSE, FALSE, sizeof (Stratum));
  guint left;

  for (guint slot = 0; slot < state->n_parts * state->n_families; slot++)
    {
      const Part *part = &state->parts[slot / state->n_families];
      const TfFamilyEnumeration *fe = &part->enumeration.families[slot % state->n_families];
      GArray *order = state->by_order[slot];
      guint first = all->len;

      /* The slot's usable results by board size, each size in traversal order. */
      for (guint k = 0; k < order->len; k++)
        {
          guint i = g_array_index (order, guint, k);

          if (tf_family_usable (config, part, &fe->results[i]))
            g_array_append_val (all, (guint) { HANDLE (slot, i) });
        }
      for (guint a = first; a < all->len; a++)
        {
          guint ca = fe->results[g_array_index (all, guint, a) & 0xfffff].chips_per_board;
          Stratum *st = NULL;

          for (guint t = 0; t < strata->len && st == NULL; t++)
            if (g_array_index (strata, Stratum, t).slot == slot
                && g_array_index (strata, Stratum, t).chips_per_board == ca)
              st = &g_array_index (strata, Stratum, t);
          if (st == NULL)
            {
              g_array_append_val (strata, ((Stratum) { slot, ca, 0, 0, 0 }));
              st = &g_array_index (strata, Stratum, strata->len - 1);
            }
          st->n++;
        }
      /* Regroup the slot's handles stratum by stratum (a stable pass per board size). */
      g_array_sort (strata, compare_strata);
      {
        g_autoptr(GArray) regrouped = g_array_new (FALSE, FALSE, sizeof (guint));

        for (guint t = 0; t < strata->len; t++)
          {
            Stratum *st = &g_array_index (strata, Stratum, t);

            if (st->slot != slot)
              continue;
            st->first = first + regrouped->len;
            for (guint a = first; a < all->len; a++)
              {
                guint h = g_array_index (all, guint, a);

                if (fe->results[h & 0xfffff].chips_per_board == st->chips_per_board)
                  g_array_append_val (regrouped, h);
              }
          }
        if (regrouped->len > 0)
          memcpy (&g_array_index (all, guint, first), regrouped->data,
                  sizeof (guint) * regrouped->len);
      }
    }
  *n_buildable = all->len;
  if (all->len <= max)
    {
      g_array_append_vals (handles, all->data, all->len);
      return;
    }
  /* One a stratum first (the first max strata when there are more), then the rest of max in
   * proportion, the largest remainders first (ties to the earlier stratum). */
  left = max;
  for (guint t = 0; t < strata->len && left > 0; t++, left--)
    g_array_index (strata, Stratum, t).take = 1;
  if (left > 0)
    {
      g_autofree double *remainder = g_new (double, strata->len);
      guint64 rest = all->len - strata->len, given = 0;
      guint share = left;

      for (guint t = 0; t < strata->len; t++)
        {
          Stratum *st = &g_array_index (strata, Stratum, t);
          double want = (double) share * (st->n - 1) / (double) MAX (rest, 1);
          guint whole = MIN ((guint) want, st->n - st->take);

          st->take += whole;
          given += whole;
          remainder[t] = st->take < st->n ? want - whole : -1;
        }
      for (left = share - (guint) given; left > 0; left--)
        {
          guint best = G_MAXUINT;

          for (guint t = 0; t < strata->len; t++)
            if (remainder[t] >= 0 && (best == G_MAXUINT || remainder[t] > remainder[best]))
              best = t;
          if (best == G_MAXUINT)
            break;
          g_array_index (strata, Stratum, best).take++;
          remainder[best] = g_array_index (strata, Stratum, best).take
                            < g_array_index (strata, Stratum, best).n ? -0.5 : -1;
        }
    }
  for (guint t = 0; t < strata->len; t++)
    {
      const Stratum *st = &g_array_index (strata, Stratum, t);

      /* Evenly spaced: the middle of each of take equal runs of the stratum. */
      for (guint j = 0; j < st->take; j++)
        g_array_append_val (handles,
                            g_array_index (all, guint,
                                           st->first
                                           + (guint) (((guint64) 2 * j + 1) * st->n
                                                      / (2 * (guint64) st->take))));
    }
}

/* The candidate of one of stage_0's handles. Reads the state only. */
TfCandidate *
tf_family_stage_0_build (gpointer              data,
               const TfSearchConfig *config,
               guint                 handle,
               GError              **error)
{
  FamilyState *state = data;
  guint slot = handle >> 20;
  const Part *part = &state->parts[slot / state->n_families];

  return tf_family_materialize (config, part,
                      &part->enumeration.families[slot % state->n_families]
                         .results[handle & 0xfffff],
                      TF_ORIGIN_FAMILY_ENUM, error);
}

