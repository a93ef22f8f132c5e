/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-family.c: the FamilyGenerator. Seeds come from the generator spec's own enumeration
 * of the enabled families, once per intra-board topology the configuration allows (none,
 * full-mesh, ring, torus: a context each, the search's otherwise), keeping the allowed
 * chips-per-board values, so a fat-tree of NVLink-class full-mesh boards competes with a torus
 * on equal terms. Each seed is exactly the graph `topoforge-cli generate` writes for its id in
 * its context. Its mutation is a step within the family and the context: one of the legal
 * parameter sets nearest the parent's, the fewest parameters changed (k 8 -> 16 directly), or
 * now and then the same parameters on boards of another intra-board topology; never a result
 * the search says it made already (the made slot), so a step is never a duplicate to build.
 */
#include <string.h>

#include "generator-family-private.h"
#include "intra-board-private.h"

G_STATIC_ASSERT (TF_ENUMERATE_MAX_RESULTS < (1u << 20));

static char *
seed_key (TfIntraBoardTopo topo,
          const char      *id)
{
  return g_strdup_printf ("%s|%s", tf_intra_board_topo_to_string (topo), id);
}

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

  for (guint i = 0; state->by_order && i < state->n_parts * state->n_families; i++)
    g_clear_pointer (&state->by_order[i], g_array_unref);
  g_free (state->by_order);
  for (guint i = 0; state->params && i < state->n_parts * state->n_families; i++)
    {
      for (guint k = 0; k < state->params[i].n_keys; k++)
        g_free (state->params[i].keys[k]);
      g_free (state->params[i].values);
      g_free (state->params[i].made);
      g_free (state->params[i].usable);
    }
  g_free (state->params);
  for (guint p = 0; p < state->n_parts; p++)
    {
      tf_enumeration_clear (&state->parts[p].enumeration);
      g_clear_pointer (&state->parts[p].same_boards, g_hash_table_unref);
    }
  g_clear_pointer (&state->index_of_key, g_hash_table_unref);
  g_clear_pointer (&state->samples, g_hash_table_unref);
  g_mutex_clear (&state->samples_lock);
  g_free (state);
}

/* The warnings that say a result cannot be built as the hardware stands: a switch beyond the
 * largest radix option (the parts' context radix), a board beyond chips_per_board_max, a rack
 * over its power budget (the evaluator's hard constraint, judged the same way), links faster
 * than the chip's budgets. The other edge cases (oversubscribed trees, unbalanced dragonflies,
 * racks fuller than boards_per_rack_max) can be built and are judged on their numbers. */
static gboolean
buildable (const TfResult *result)
{
  static const TfWarning *const unbuildable[] = {
    &tf_warning_radix_too_large, &tf_warning_dense_pcb_impractical,
    &tf_warning_rack_power_overflow, &tf_warning_bandwidth_over_budget,
  };

  for (guint w = 0; w < result->n_warnings; w++)
    for (guint u = 0; u < G_N_ELEMENTS (unbuildable); u++)
      if (result->warnings[w] == unbuildable[u])
        return FALSE;
  return TRUE;
}

/* The results Stage 0 evaluates and the search seeds and steps from: every buildable one
 * (docs/optimizer.md, "Stage 0"), edge cases too unless generators.family.edge_cases is false,
 * on the allowed boards. */
gboolean
tf_family_usable (const TfSearchConfig *config,
                  const Part           *part,
                  const TfResult       *result)
{
  gboolean allowed = config->n_chips_per_board == 0;

  if (!config->family_edge_cases && tf_result_get_status (result) != TF_STATUS_RECOMMENDED)
    return FALSE;
  if (!buildable (result))
    return FALSE;
  for (guint i = 0; i < config->n_chips_per_board; i++)
    allowed |= config->chips_per_board[i] == result->chips_per_board;
  /* A board wired as an earlier part wires it gives that part's graph again: used once. */
  return allowed
         && (part->same_boards == NULL
             || !g_hash_table_contains (part->same_boards,
                                        GUINT_TO_POINTER (result->chips_per_board)));
}

static void
add_wiring_pair (guint    a,
                 guint    b,
                 gpointer data)
{
  guint64 pair = ((guint64) MIN (a, b) << 32) | MAX (a, b);

  g_array_append_val ((GArray *) data, pair);
}

/* The links a board of @c chips gets in @ctx's topology, as sorted pairs with their lanes: two
 * topologies wire it alike exactly when the keys are equal. NULL when the topology cannot wire
 * such a board, or wires it through scale-up switches (another kind of hardware). */
static GArray *
board_wiring (const TfContext *ctx,
              guint            c)
{
  TfBoardTopo bt;
  GArray *pairs;

  if (!tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, c, NULL)
      || bt.topo == TF_INTRA_BOARD_SWITCH)
    return NULL;
  pairs = g_array_new (FALSE, FALSE, sizeof (guint64));
  tf_board_topo_foreach_pair (&bt, add_wiring_pair, pairs);
  g_array_sort (pairs, tf_guint64_compare);
  g_array_append_val (pairs, (guint64) { bt.lanes });
  return pairs;
}

/* For each part, the board sizes of its results that an earlier part wires alike. */
static void
mark_same_boards (FamilyState *state)
{
  for (guint p = 1; p < state->n_parts; p++)
    {
      Part *part = &state->parts[p];

      part->same_boards = g_hash_table_new (g_direct_hash, g_direct_equal);
      for (guint f = 0; f < part->enumeration.n_families; f++)
        for (guint i = 0; i < part->enumeration.families[f].n_results; i++)
          {
            guint c = part->enumeration.families[f].results[i].chips_per_board;
            g_autoptr(GArray) mine = NULL;

            if (g_hash_table_contains (part->same_boards, GUINT_TO_POINTER (c))
                || (mine = board_wiring (&part->context, c)) == NULL)
              continue;
            for (guint q = 0; q < p; q++)
              {
                g_autoptr(GArray) theirs = board_wiring (&state->parts[q].context, c);

                if (theirs != NULL && theirs->len == mine->len
                    && memcmp (theirs->data, mine->data, sizeof (guint64) * mine->len) == 0)
                  {
                    g_hash_table_add (part->same_boards, GUINT_TO_POINTER (c));
                    break;
                  }
              }
          }
    }
}

/* FNV-1a, never 0 (0 is a missing key). */
static guint64
hash_value (const char *text)
{
  guint64 h = G_GUINT64_CONSTANT (14695981039346656037);

  for (const char *c = text; *c != '\0'; c++)
    h = (h ^ (guchar) *c) * G_GUINT64_CONSTANT (1099511628211);
  return h | 1;
}

/* Result @i's parameters, parsed from its @id with the id grammar's own parser, into @params. */
static gboolean
record_params (Params      *params,
               guint        i,
               const char  *id,
               GError     **error)
{
  const char *colon = strchr (id, ':');
  TfIdArgs args;
  guint64 *row = params->values + (gsize) i * MAX_KEYS;

  if (colon == NULL)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s' has no parameters", id);
      return FALSE;
    }
  if (!tf_id_args_parse (&args, id, colon + 1, error))
    {
      tf_id_args_clear (&args);
      return FALSE;
    }
  for (guint a = 0; a < args.n_args; a++)
    {
      guint k = 0;

      while (k < params->n_keys && strcmp (params->keys[k], args.keys[a]) != 0)
        k++;
      if (k == params->n_keys && k < MAX_KEYS)
        params->keys[params->n_keys++] = g_strdup (args.keys[a]);
      if (k < MAX_KEYS)
        row[k] = hash_value (args.values[a]);
      else
        /* No family has this many keys; still a column that differs when any extra one does. */
        row[MAX_KEYS - 1] ^= hash_value (args.keys[a]) * hash_value (args.values[a]) | 1;
    }
  tf_id_args_clear (&args);
  return TRUE;
}

static gpointer
state_new (const TfSearchConfig *config,
           GError              **error)
{
  FamilyState *state = g_new0 (FamilyState, 1);

  g_mutex_init (&state->samples_lock);
  state->samples = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                          (GDestroyNotify) tf_candidate_free);
  for (guint t = 0; t < TF_N_INTRA_BOARD_TOPOS; t++)
    {
      Part *part;

      if (!(config->intra_board_topos & (1u << t)))
        continue;
      part = &state->parts[state->n_parts++];
      part->context = config->context;
      part->context.intra_board_topo = (TfIntraBoardTopo) t;
      /* The hardware's largest switch is the context's radix: a design that needs it is not
       * radix-too-large (edge-case, left out by default) for this search. */
      if (config->hardware.n_radix_options > 0)
        part->context.switch_defaults.radix
          = config->hardware.radix_options[config->hardware.n_radix_options - 1];
      /* Seeds need ids, order and status, all known from the walk: measuring every result of
       * four enumerations would take most of the seeding time at a thousand chips. */
      if (!tf_enumerate_checked (&part->context, config->families, config->n_families,
                                 &part->enumeration, error))
        {
          state->n_parts--;
          state_free (state);
          return NULL;
        }
      g_assert (state->n_parts == 1
                || part->enumeration.n_families == state->parts[0].enumeration.n_families);
    }
  if (state->n_parts == 0)
    {
      /* A configuration made by hand (no intra_board_topos): the search's own context. */
      state->parts[0].context = config->context;
      if (!tf_enumerate_checked (&config->context, config->families, config->n_families,
                                 &state->parts[0].enumeration, error))
        {
          g_free (state);
          return NULL;
        }
      state->n_parts = 1;
    }
  state->n_families = state->parts[0].enumeration.n_families;
  mark_same_boards (state);
  state->index_of_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  state->by_order = g_new0 (GArray *, MAX (state->n_parts * state->n_families, 1));
  state->params = g_new0 (Params, MAX (state->n_parts * state->n_families, 1));
  for (guint p = 0; p < state->n_parts; p++)
    for (guint f = 0; f < state->n_families; f++)
      {
        TfFamilyEnumeration *fe = &state->parts[p].enumeration.families[f];
        guint slot = p * state->n_families + f;
        GArray *order = g_array_sized_new (FALSE, FALSE, sizeof (guint), fe->n_results);
        Params *params = &state->params[slot];

        for (guint i = 0; i < fe->n_results; i++)
          g_array_append_val (order, i);
        g_array_sort_with_data (order, compare_order, fe);
        state->by_order[slot] = order;
        params->values = g_new0 (guint64, (gsize) MAX (fe->n_results, 1) * MAX_KEYS);
        params->made = g_new0 (guint8, MAX (fe->n_results, 1));
        for (guint k = 0; k < fe->n_results; k++)
          {
            guint i = g_array_index (order, guint, k);
            g_autofree char *id = tf_result_dup_id (&fe->results[i]);

            if (!record_params (params, i, id, error))
              {
                state_free (state);
                return NULL;
              }
            g_hash_table_insert (state->index_of_key,
                                 seed_key (state->parts[p].context.intra_board_topo, id),
                                 GUINT_TO_POINTER (((slot << 20) | k) + 1));
          }
        /* Parsed MAX_KEYS to a row, as the keys come; kept n_keys to a row, what a scan reads. */
        for (guint i = 0; i < fe->n_results; i++)
          memmove (params->values + (gsize) i * params->n_keys,
                   params->values + (gsize) i * MAX_KEYS, params->n_keys * sizeof (guint64));
        params->values = g_renew (guint64, params->values,
                                  (gsize) MAX (fe->n_results, 1) * MAX (params->n_keys, 1));
        params->usable = g_new (guint, MAX (fe->n_results, 1));
        for (guint i = 0; i < fe->n_results; i++)
          if (tf_family_usable (config, &state->parts[p], &fe->results[i]))
            params->usable[params->n_usable++] = i;
        params->usable = g_renew (guint, params->usable, MAX (params->n_usable, 1));
      }
  return state;
}

/* The largest radix option: a seed with a bigger switch can never be built. */
static gboolean
fits_radix (const TfSearchConfig *config,
            const TfNetworkGraph *graph)
{
  for (guint s = 0; s < graph->n_switch; s++)
    if (!tf_hardware_switch_fits (&config->hardware, &graph->switches[s]))
      return FALSE;
  return TRUE;
}

TfCandidate *
tf_family_materialize (const TfSearchConfig *config,
                       const Part           *part,
                       const TfResult       *result,
                       TfOriginMethod        method,
                       GError              **error)
{
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree char *id = tf_result_dup_id (result);

  if (!tf_generate (&part->context, id, NULL, NULL, &candidate->topology, error))
    return NULL;
  if (!fits_radix (config, &candidate->topology.graph))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "%s has a switch with more ports than the largest radix option", id);
      return NULL;
    }
  /* A chip's ports are hardware: a seed that needs more can never be built. */
  if (!tf_hardware_check_chip_ports (&config->hardware, &candidate->topology.graph, why))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "%s: %s", id, why->str);
      return NULL;
    }
  candidate->chip_transitive = candidate->topology.chip_transitive;
  candidate->origin.method = method;
  candidate->origin.seed_id = g_steal_pointer (&id);
  return g_steal_pointer (&candidate);
}

/* One slot's results (a family in one part): recommended first, each status shuffled. */
static GArray *
shuffled_order (const TfFamilyEnumeration *fe,
                GRand                     *rng)
{
  GArray *order = g_array_sized_new (FALSE, FALSE, sizeof (guint), fe->n_results);
  guint n_recommended = 0;

  for (guint i = 0; i < fe->n_results; i++)
    {
      g_array_append_val (order, i);
      if (tf_result_get_status (&fe->results[i]) == TF_STATUS_RECOMMENDED)
        n_recommended++;
    }
  /* Results come recommended first; shuffle within each status. */
  for (guint lo = 0, hi = n_recommended; lo < fe->n_results; lo = hi, hi = fe->n_results)
    for (guint i = hi; i > lo + 1; i--)
      {
        guint j = lo + g_rand_int_range (rng, 0, i - lo);
        guint t = g_array_index (order, guint, i - 1);

        g_array_index (order, guint, i - 1) = g_array_index (order, guint, j);
        g_array_index (order, guint, j) = t;
      }
  return order;
}

/* The dual-homed variant of a switched seed (dual-homing.c), when the chips have the NIC ports
 * for it and it passes the invariants, the radix options and the chip ports; else NULL. Its
 * origin is the seed's with one dual_home edit, so the candidate file says what it is. */
static TfCandidate *
dual_homed (const TfSearchConfig *config,
            const TfCandidate    *seed)
{
  g_autoptr(TfCandidate) variant = NULL;
  TfNetworkGraph *g;

  if (config->hardware.nic_ports_per_chip < 2 || seed->topology.graph.n_switch == 0)
    return NULL;
  variant = tf_candidate_new ();
  g = &variant->topology.graph;
  if (!tf_network_graph_dual_home (&seed->topology.graph, g, NULL)
      || !tf_network_graph_check_invariants (g, MAX (1u, seed->topology.context.chip_radix),
                                             NULL)
      || !fits_radix (config, g) || !tf_hardware_check_chip_ports (&config->hardware, g, NULL))
    return NULL;
  variant->topology.context = seed->topology.context;
  /* No family's result any more, as after any edit: metrics to be measured again. */
  variant->topology.result.n_endpoint = g->n_chip;
  variant->topology.result.chips_per_board = g->chips_per_board;
  variant->chip_transitive = FALSE;
  variant->topology.lattice.n_dims = 0;   /* no family's lattice any more */
  variant->origin.method = TF_ORIGIN_FAMILY_ENUM;
  variant->origin.seed_id = g_strdup (seed->origin.seed_id);
  variant->origin.mutations[0] = TF_MUTATION_DUAL_HOME;
  variant->origin.n_mutations = 1;
  variant->origin.n_mutations_total = 1;
  return g_steal_pointer (&variant);
}

/* The next usable seed of one slot, or NULL when it has none left (FALSE on a real error). */
static gboolean
next_seed (FamilyState          *state,
           const TfSearchConfig *config,
           guint                 p,
           guint                 f,
           GArray               *order,
           guint                *next,
           TfCandidate         **out,
           GError              **error)
{
  const Part *part = &state->parts[p];
  TfFamilyEnumeration *fe = &part->enumeration.families[f];

  *out = NULL;
  while (*next < fe->n_results)
    {
      guint i = g_array_index (order, guint, (*next)++);
      g_autoptr(GError) local = NULL;

      if (!tf_family_usable (config, part, &fe->results[i]))
        continue;
      *out = tf_family_materialize (config, part, &fe->results[i], TF_ORIGIN_FAMILY_ENUM, &local);
      if (*out != NULL)
        return TRUE;
      if (!g_error_matches (local, TF_ERROR, TF_ERROR_INVALID_MUTATION))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  return TRUE;
}

/* Recommended results first, each slot's in a shuffled order, the families taken in turn and
 * each family's intra-board topologies in turn within it, so a population smaller than the
 * enumerations still sees every family in its first seeds, then every board. With two NIC
 * ports a chip, a switched seed is followed by its dual-homed variant. */
static gboolean
init (gpointer              data,
      const TfSearchConfig *config,
      GRand                *rng,
      GPtrArray            *out,
      GError              **error)
{
  FamilyState *state = data;
  guint n_slots = state->n_parts * state->n_families;
  g_autofree GArray **order = g_new0 (GArray *, MAX (n_slots, 1));
  g_autofree guint *next = g_new0 (guint, MAX (n_slots, 1));
  g_autofree guint *next_part = g_new0 (guint, MAX (state->n_families, 1));
  guint target = out->len + config->population_size;
  gboolean more = TRUE, ok = TRUE;

  for (guint p = 0; p < state->n_parts; p++)
    for (guint f = 0; f < state->n_families; f++)
      order[p * state->n_families + f] = shuffled_order (&state->parts[p].enumeration.families[f],
                                                         rng);

  while (ok && out->len < target && more)
    {
      more = FALSE;
      for (guint f = 0; ok && f < state->n_families && out->len < target; f++)
        for (guint k = 0; k < state->n_parts; k++)
          {
            guint p = (next_part[f] + k) % state->n_parts, slot = p * state->n_families + f;
            TfCandidate *candidate;

            if (!(ok = next_seed (state, config, p, f, order[slot], &next[slot], &candidate,
                                  error)))
              break;
            if (candidate != NULL)
              {
                TfCandidate *variant = dual_homed (config, candidate);

                g_ptr_array_add (out, candidate);
                if (variant != NULL && out->len < target)
                  g_ptr_array_add (out, variant);
                else if (variant != NULL)
                  tf_candidate_free (variant);
                next_part[f] = (p + 1) % state->n_parts;
                more = TRUE;
                break;
              }
          }
    }
  for (guint i = 0; i < n_slots; i++)
    g_array_unref (order[i]);
  return ok;
}

/* The parent's slot and position, from its context's intra-board topology and its seed id. */
static gboolean
lookup_parent (FamilyState       *state,
               const TfCandidate *parent,
               guint             *code)
{
  g_autofree char *key = NULL;

  if (parent->origin.seed_id == NULL)
    return FALSE;
  key = seed_key (parent->topology.context.intra_board_topo, parent->origin.seed_id);
  *code = GPOINTER_TO_UINT (g_hash_table_lookup (state->index_of_key, key));
  if (*code == 0)
    return FALSE;
  (*code)--;
  return TRUE;
}

static gboolean
can_mutate (gpointer           data,
            const TfCandidate *parent)
{
  FamilyState *state = data;
  guint code;

  return (parent->origin.method == TF_ORIGIN_FAMILY_ENUM
          || parent->origin.method == TF_ORIGIN_FAMILY_SAMPLE)
         && lookup_parent (state, parent, &code);
}

/* Where @slot's result at @position in by_order is: its part, family and result index. */
static const TfResult *
slot_result (FamilyState *state,
             guint        slot,
             guint        position,
             const Part **part,
             guint       *index)
{
  *part = &state->parts[slot / state->n_families];
  *index = g_array_index (state->by_order[slot], guint, position);
  return &(*part)->enumeration.families[slot % state->n_families].results[*index];
}

/* The parent's parameters on boards of another allowed intra-board topology, one not made,
 * drawn among all there are; FALSE when there is none. */
static gboolean
other_board (FamilyState          *state,
             const TfSearchConfig *config,
             const TfCandidate    *parent,
             GRand                *rng,
             guint                *slot_out,
             guint                *index_out)
{
  guint slots[TF_N_INTRA_BOARD_TOPOS], indices[TF_N_INTRA_BOARD_TOPOS], n = 0, pick;

  for (guint p = 0; p < state->n_parts; p++)
    {
      g_autofree char *key = NULL;
      const Part *part;
      const TfResult *result;
      guint found, slot, index;

      if (state->parts[p].context.intra_board_topo == parent->topology.context.intra_board_topo)
        continue;
      key = seed_key (state->parts[p].context.intra_board_topo, parent->origin.seed_id);
      found = GPOINTER_TO_UINT (g_hash_table_lookup (state->index_of_key, key));
      if (found == 0)
        continue;
      slot = (found - 1) >> 20;
      result = slot_result (state, slot, (found - 1) & 0xfffff, &part, &index);
      if (!tf_family_usable (config, part, result) || state->params[slot].made[index])
        continue;
      slots[n] = slot;
      indices[n++] = index;
    }
  if (n == 0)
    return FALSE;
  pick = n > 1 ? (guint) g_rand_int_range (rng, 0, n) : 0;
  *slot_out = slots[pick];
  *index_out = indices[pick];
  return TRUE;
}

/* How many parameters of results @a and @b differ. */
static guint
distance (const Params *params,
          guint         a,
          guint         b)
{
  const guint64 *ra = params->values + (gsize) a * params->n_keys;
  const guint64 *rb = params->values + (gsize) b * params->n_keys;
  guint d = 0;

  for (guint k = 0; k < params->n_keys; k++)
    d += ra[k] != rb[k];
  return d;
}

/* One of the usable results of @slot (tf_family_usable () under the configuration the state was made
 * for, the search's) not made yet nearest result @from in parameter space (the fewest
 * parameters changed, at least one), uniformly; FALSE when there is none, with @any_usable
 * saying whether that is because every one was made. Reads the state only. */
static gboolean
nearest (FamilyState *state,
         guint        slot,
         guint        from,
         GRand       *rng,
         guint       *index_out,
         gboolean    *any_usable)
{
  const Params *params = &state->params[slot];
  guint best = G_MAXUINT, n_best = 0, pick;

  *any_usable = FALSE;
  /* Two passes, the second only counting the ties, so a step costs one draw of the RNG whatever
   * the number of ties: the same child for the same seed. */
  for (guint u = 0; u < params->n_usable; u++)
    {
      guint i = params->usable[u], d;

      if (i == from)
        continue;
      *any_usable = TRUE;
      if (params->made[i] || (d = distance (params, from, i)) == 0 || d > best)
        continue;
      n_best = d < best ? 1 : n_best + 1;
      best = d;
    }
  if (n_best == 0)
    return FALSE;
  pick = n_best > 1 ? (guint) g_rand_int_range (rng, 0, n_best) : 0;
  for (guint u = 0; u < params->n_usable; u++)
    {
      guint i = params->usable[u];

      if (i != from && !params->made[i] && distance (params, from, i) == best && pick-- == 0)
        {
          *index_out = i;
          return TRUE;
        }
    }
  g_assert_not_reached ();
  return FALSE;
}

/* Another legal parameter set of the parent's family in the parent's context, one of those the
 * fewest parameters away (a two-level fat-tree's k 16 -> 32, whatever the enumeration's order),
 * or, one time in four when that exists, the parent's parameters on another kind of board;
 * never a result the search has made (see made ()), so the search does not build a graph only
 * to find it a duplicate. */
static TfCandidate *
mutate (gpointer              data,
        const TfSearchConfig *config,
        const TfCandidate    *parent,
        GRand                *rng,
        GError              **error)
{
  FamilyState *state = data;
  guint code, slot, from, j;
  const Part *part;
  TfCandidate *child;
  gboolean any_usable;

  if (!lookup_parent (state, parent, &code))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "%s is not a seed of this search", parent->origin.seed_id);
      return NULL;
    }
  slot = code >> 20;
  slot_result (state, slot, code & 0xfffff, &part, &from);
  if (!(state->n_parts > 1 && g_rand_int_range (rng, 0, 4) == 0
        && other_board (state, config, parent, rng, &slot, &j)))
    {
      slot = code >> 20;
      /* Every parameter set near here made: another board is still something new. */
      if (!nearest (state, slot, from, rng, &j, &any_usable)
          && !(state->n_parts > 1 && other_board (state, config, parent, rng, &slot, &j)))
        {
          if (any_usable)
            g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                         "every result near %s was made", parent->origin.seed_id);
          else
            g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                         "%s has no usable neighbour in its family", parent->origin.seed_id);
          return NULL;
        }
    }
  part = &state->parts[slot / state->n_families];
  child = tf_family_materialize (config, part,
                       &part->enumeration.families[slot % state->n_families].results[j],
                       TF_ORIGIN_FAMILY_SAMPLE, error);
  if (child != NULL)
    {
      child->origin.n_parents = 1;
      child->origin.parents[0] = parent->id;
    }
  return child;
}

/* An unedited family result the search keeps is marked, so no step proposes it again; NULL
 * forgets every mark. Runs alone (see TfGenerator), the one writer of the marks. */
static void
made (gpointer           data,
      const TfCandidate *candidate)
{
  FamilyState *state = data;
  const Part *part;
  guint code, index;

  if (candidate == NULL)
    {
      for (guint s = 0; s < state->n_parts * state->n_families; s++)
        memset (state->params[s].made, 0,
                MAX (state->parts[s / state->n_families].enumeration
                       .families[s % state->n_families].n_results, 1));
      return;
    }
  if ((candidate->origin.method != TF_ORIGIN_FAMILY_ENUM
       && candidate->origin.method != TF_ORIGIN_FAMILY_SAMPLE)
      || candidate->origin.n_mutations_total != 0 || !lookup_parent (state, candidate, &code))
    return;
  slot_result (state, code >> 20, code & 0xfffff, &part, &index);
  state->params[code >> 20].made[index] = 1;
}

/* The marks, slot by slot, for a checkpoint. */
static gsize
slot_results (const FamilyState *state,
              guint              s)
{
  return MAX (state->parts[s / state->n_families].enumeration
                .families[s % state->n_families].n_results, 1);
}

static void
state_save (gconstpointer  data,
            GByteArray    *out)
{
  const FamilyState *state = data;

  for (guint s = 0; s < state->n_parts * state->n_families; s++)
    g_byte_array_append (out, state->params[s].made, (guint) slot_results (state, s));
}

static gboolean
state_load (gpointer      data,
            const guint8 *bytes,
            gsize         size)
{
  FamilyState *state = data;
  gsize total = 0;

  for (guint s = 0; s < state->n_parts * state->n_families; s++)
    total += slot_results (state, s);
  if (size != total)
    return FALSE;
  total = 0;
  for (guint s = 0; s < state->n_parts * state->n_families; s++)
    {
      memcpy (state->params[s].made, bytes + total, slot_results (state, s));
      total += slot_results (state, s);
    }
  return TRUE;
}

/* The sampler's design @i: result @i of the results tf_family_usable () keeps, slot by slot. */
static TfCandidate *
sample_at (FamilyState          *state,
           const TfSearchConfig *config,
           guint64               i,
           GError              **error)
{
  guint n_slots = state->n_parts * state->n_families;

  for (guint slot = 0; slot < n_slots; slot++)
    {
      const Params *params = &state->params[slot];

      if (i < params->n_usable)
        return tf_family_materialize (config, &state->parts[slot / state->n_families],
                            &state->parts[slot / state->n_families].enumeration
                               .families[slot % state->n_families].results[params->usable[i]],
                            TF_ORIGIN_FAMILY_SAMPLE, error);
      i -= params->n_usable;
    }
  g_assert_not_reached ();
  return NULL;
}

/* What a design's graph holds, roughly: what the samples' cache counts. */
static gsize
graph_bytes (const TfNetworkGraph *g)
{
  return sizeof (TfCandidate) + (gsize) g->n_links * sizeof (TfLink)
         + (gsize) g->n_switch * (sizeof (TfSwitch) + 16)
         + ((gsize) g->n_chip + g->n_board + g->n_rack) * sizeof (guint32);
}

/* The samples' cache holds at most this much. */
#define SAMPLES_MAX_BYTES ((gsize) 256 << 20)

/* The sampler's design @i, from the cache or made and kept there while it has room. Making it
 * is deterministic, so a copy is the design made again. */
static TfCandidate *
sample_cached (FamilyState          *state,
               const TfSearchConfig *config,
               guint64               i,
               GError              **error)
{
  gpointer key = GSIZE_TO_POINTER ((gsize) i + 1);
  TfCandidate *made;

  g_mutex_lock (&state->samples_lock);
  made = g_hash_table_lookup (state->samples, key);
  made = made != NULL ? tf_candidate_copy (made) : NULL;
  g_mutex_unlock (&state->samples_lock);
  if (made != NULL)
    return made;
  made = sample_at (state, config, i, error);
  if (made == NULL)
    return NULL;
  g_mutex_lock (&state->samples_lock);
  if (!g_hash_table_contains (state->samples, key)
      && state->samples_bytes + graph_bytes (&made->topology.graph) <= SAMPLES_MAX_BYTES)
    {
      state->samples_bytes += graph_bytes (&made->topology.graph);
      g_hash_table_insert (state->samples, key, tf_candidate_copy (made));
    }
  g_mutex_unlock (&state->samples_lock);
  return made;
}

/* The sampler's pick (the baseline, immigrants): result floor (u * n) of the n results of every
 * enabled family that the search could seed from (tf_family_usable (): recommended, or edge cases too
 * with generators.family.edge_cases, on the allowed boards), in the enumeration's order. The
 * same space as the search's, so neither the baseline nor an immigrant brings in a design the
 * generator spec flags as impractical and the search was told to leave out (a torus of 1,024
 * chips on one board costs little in the price table, but no one can build it). */
static TfCandidate *
sample (gpointer              data,
        const TfSearchConfig *config,
        double                u,
        GError              **error)
{
  FamilyState *state = data;
  guint n_slots = state->n_parts * state->n_families;
  guint64 total = 0;

  for (guint slot = 0; slot < n_slots; slot++)
    total += state->params[slot].n_usable;
  if (total == 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "no family has a usable result");
      return NULL;
    }
  return sample_cached (state, config, MIN ((guint64) (u * total), total - 1), error);
}

/* A family step when the graph mutator is not chosen. */
static double
rate (const TfSearchConfig *config)
{
  return 1 - config->mutation_rate;
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
  .rate = rate,
  .made = made,
  .state_save = state_save,
  .state_load = state_load,
  .stage_0 = tf_family_stage_0,
  .stage_0_build = tf_family_stage_0_build,
};
