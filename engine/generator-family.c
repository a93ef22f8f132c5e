/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-family.c: the FamilyGenerator. Seeds come from the generator spec's own enumeration
 * of the enabled families in the search's EnumerationContext, and each seed is exactly the graph
 * `topoforge-cli generate` writes for its id. Its mutation is a step within the family: another
 * legal parameter set near the parent's in the family's own order (k 8 -> 16, one more group).
 */
#include "optimizer-private.h"

typedef struct
{
  TfEnumeration  enumeration;
  GArray       **by_order;      /* per family: result indices in the family's traversal order */
  GHashTable    *index_of_id;   /* id -> (family << 20 | position in by_order) + 1 */
} FamilyState;

static gint
compare_order (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const TfFamilyEnumeration *fe = data;
  guint64 oa = fe->results[*(const guint *) a].order, ob = fe->results[*(const guint *) b].order;

  return oa < ob ? -1 : oa > ob;
}

static gboolean
enabled (const TfSearchConfig *config)
{
  return config->family_enabled;
}

static void
state_free (gpointer data)
{
  FamilyState *state = data;

  for (guint f = 0; state->by_order && f < state->enumeration.n_families; f++)
    g_array_unref (state->by_order[f]);
  g_free (state->by_order);
  tf_enumeration_clear (&state->enumeration);
  g_clear_pointer (&state->index_of_id, g_hash_table_unref);
  g_free (state);
}

static gpointer
state_new (const TfSearchConfig *config,
           GError              **error)
{
  FamilyState *state = g_new0 (FamilyState, 1);

  if (!tf_enumerate (&config->context, config->families, config->n_families, 0, NULL, NULL,
                     &state->enumeration, error))
    {
      g_free (state);
      return NULL;
    }
  state->index_of_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  state->by_order = g_new0 (GArray *, MAX (state->enumeration.n_families, 1));
  for (guint f = 0; f < state->enumeration.n_families; f++)
    {
      TfFamilyEnumeration *fe = &state->enumeration.families[f];

      state->by_order[f] = g_array_sized_new (FALSE, FALSE, sizeof (guint), fe->n_results);
      for (guint i = 0; i < fe->n_results; i++)
        g_array_append_val (state->by_order[f], i);
      g_array_sort_with_data (state->by_order[f], compare_order, fe);
      for (guint k = 0; k < fe->n_results; k++)
        g_hash_table_insert (state->index_of_id,
                             tf_result_dup_id (&fe->results[g_array_index (state->by_order[f],
                                                                           guint, k)]),
                             GUINT_TO_POINTER (((f << 20) | k) + 1));
    }
  return state;
}

/* The generator spec's soft constraints (recommended / edge-case) are the optimizer's too: by
 * default only recommended results seed the search, so it does not chase what the generator
 * already flags as impractical (a 64-chip board costs nothing in the price table, but no one
 * can build it). generators.family.edge_cases: true lets them in. */
static gboolean
usable (const TfSearchConfig *config,
        const TfResult       *result)
{
  return config->family_edge_cases || tf_result_get_status (result) == TF_STATUS_RECOMMENDED;
}

/* The largest radix option: a seed with a bigger switch can never be built. */
static gboolean
fits_radix (const TfSearchConfig *config,
            const TfNetworkGraph *graph)
{
  for (guint s = 0; s < graph->n_switch; s++)
    if (tf_hardware_radix_for (&config->hardware, graph->switches[s].port_count) == 0)
      return FALSE;
  return TRUE;
}

static TfCandidate *
materialize (const TfSearchConfig *config,
             const TfResult       *result,
             TfOriginMethod        method,
             GError              **error)
{
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  g_autofree char *id = tf_result_dup_id (result);

  if (!tf_generate (&config->context, id, NULL, NULL, &candidate->topology, error))
    return NULL;
  if (!fits_radix (config, &candidate->topology.graph))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "%s has a switch with more ports than the largest radix option", id);
      return NULL;
    }
  candidate->chip_transitive = candidate->topology.chip_transitive;
  candidate->origin.method = method;
  candidate->origin.seed_id = g_steal_pointer (&id);
  return g_steal_pointer (&candidate);
}

/* Recommended results first, each family's in a shuffled order, the families taken in turn, so
 * a population smaller than the enumeration still sees every family. */
static gboolean
init (gpointer              data,
      const TfSearchConfig *config,
      GRand                *rng,
      GPtrArray            *out,
      GError              **error)
{
  FamilyState *state = data;
  TfEnumeration *en = &state->enumeration;
  g_autofree GArray **order = g_new0 (GArray *, MAX (en->n_families, 1));
  g_autofree guint *next = g_new0 (guint, MAX (en->n_families, 1));
  guint target = out->len + config->population_size;
  gboolean more = TRUE;

  for (guint f = 0; f < en->n_families; f++)
    {
      TfFamilyEnumeration *fe = &en->families[f];
      guint n_recommended = 0;

      order[f] = g_array_sized_new (FALSE, FALSE, sizeof (guint), fe->n_results);
      for (guint i = 0; i < fe->n_results; i++)
        {
          g_array_append_val (order[f], i);
          if (tf_result_get_status (&fe->results[i]) == TF_STATUS_RECOMMENDED)
            n_recommended++;
        }
      /* Results come recommended first; shuffle within each status. */
      for (guint lo = 0, hi = n_recommended; lo < fe->n_results;
           lo = hi, hi = fe->n_results)
        for (guint i = hi; i > lo + 1; i--)
          {
            guint j = lo + g_rand_int_range (rng, 0, i - lo);
            guint t = g_array_index (order[f], guint, i - 1);

            g_array_index (order[f], guint, i - 1) = g_array_index (order[f], guint, j);
            g_array_index (order[f], guint, j) = t;
          }
    }

  while (out->len < target && more)
    {
      more = FALSE;
      for (guint f = 0; f < en->n_families && out->len < target; f++)
        {
          TfFamilyEnumeration *fe = &en->families[f];

          while (next[f] < fe->n_results)
            {
              guint i = g_array_index (order[f], guint, next[f]++);
              g_autoptr(GError) local = NULL;
              TfCandidate *candidate;

              if (!usable (config, &fe->results[i]))
                continue;
              candidate = materialize (config, &fe->results[i], TF_ORIGIN_FAMILY_ENUM, &local);

              if (candidate != NULL)
                {
                  g_ptr_array_add (out, candidate);
                  more = TRUE;
                  break;
                }
              if (!g_error_matches (local, TF_ERROR, TF_ERROR_INVALID_MUTATION))
                {
                  g_propagate_error (error, g_steal_pointer (&local));
                  for (guint k = 0; k < en->n_families; k++)
                    g_array_unref (order[k]);
                  return FALSE;
                }
            }
        }
    }
  for (guint f = 0; f < en->n_families; f++)
    g_array_unref (order[f]);
  return TRUE;
}

static gboolean
can_mutate (gpointer           data,
            const TfCandidate *parent)
{
  FamilyState *state = data;

  return (parent->origin.method == TF_ORIGIN_FAMILY_ENUM
          || parent->origin.method == TF_ORIGIN_FAMILY_SAMPLE)
         && parent->origin.seed_id != NULL
         && g_hash_table_contains (state->index_of_id, parent->origin.seed_id);
}

/* Another legal parameter set of the parent's family, one to three steps away in the family's
 * order of results (which walks its parameters in order). */
static TfCandidate *
mutate (gpointer              data,
        const TfSearchConfig *config,
        const TfCandidate    *parent,
        GRand                *rng,
        GError              **error)
{
  FamilyState *state = data;
  guint code = GPOINTER_TO_UINT (g_hash_table_lookup (state->index_of_id,
                                                      parent->origin.seed_id)) - 1;
  TfFamilyEnumeration *fe = &state->enumeration.families[code >> 20];
  guint i = code & 0xfffff, j;
  gint step;
  gboolean forward;
  TfCandidate *child;

  if (fe->n_results < 2)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "%s is its family's only result here", parent->origin.seed_id);
      return NULL;
    }
  /* One to three usable results away, in either direction. */
  step = g_rand_int_range (rng, 1, 4);
  forward = g_rand_boolean (rng);
  j = i;
  for (guint k = 0; k < fe->n_results && step > 0; k++)
    {
      j = forward ? (j + 1) % fe->n_results : (j + fe->n_results - 1) % fe->n_results;
      if (j == i)
        break;
      if (usable (config, &fe->results[g_array_index (state->by_order[code >> 20], guint, j)]))
        step--;
    }
  if (step > 0 || j == i)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "%s has no usable neighbour in its family", parent->origin.seed_id);
      return NULL;
    }
  j = g_array_index (state->by_order[code >> 20], guint, j);
  child = materialize (config, &fe->results[j], TF_ORIGIN_FAMILY_SAMPLE, error);
  if (child != NULL)
    {
      child->origin.n_parents = 1;
      child->origin.parents[0] = parent->id;
    }
  return child;
}

/* The baseline's pick: result floor (u * n) of all n results of every enabled family, in the
 * enumeration's order, whatever their status. */
static TfCandidate *
sample (gpointer              data,
        const TfSearchConfig *config,
        double                u,
        GError              **error)
{
  FamilyState *state = data;
  TfEnumeration *en = &state->enumeration;
  guint64 total = 0, i;

  for (guint f = 0; f < en->n_families; f++)
    total += en->families[f].n_results;
  if (total == 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "no family has a result");
      return NULL;
    }
  i = MIN ((guint64) (u * total), total - 1);
  for (guint f = 0; f < en->n_families; f++)
    {
      TfFamilyEnumeration *fe = &en->families[f];

      if (i < fe->n_results)
        return materialize (config, &fe->results[i], TF_ORIGIN_FAMILY_SAMPLE, error);
      i -= fe->n_results;
    }
  g_assert_not_reached ();
  return NULL;
}

const TfGenerator tf_generator_family = {
  .name = "family",
  .capabilities = TF_GENERATOR_INIT | TF_GENERATOR_MUTATE | TF_GENERATOR_SAMPLE,
  .enabled = enabled,
  .state_new = state_new,
  .state_free = state_free,
  .init = init,
  .can_mutate = can_mutate,
  .mutate = mutate,
  .sample = sample,
};
