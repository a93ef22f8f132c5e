/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-structure-oracle.c: Layer 1 by brute force, for test-evaluator-structure.c and
 * test-evaluator-structure-sweeps.c.
 *
 * Nothing here reuses the evaluator's shortcuts: every distance comes from a plain
 * breadth-first search from every chip on the graph with the failed node actually deleted (no
 * twins, no dominators, no bit tricks, no symmetry), switch diversity from one max flow
 * (Edmonds-Karp, written here) per pair of terminals, and the hop table from a search per
 * chip.
 */
#include <string.h>

#include "evaluator-structure-oracle.h"
#include "structure-private.h"
#include "test-util.h"

#define BF_INF G_MAXUINT

/* Brute force */

typedef struct
{
  guint   n;
  guint   n_chip;
  guint  *offset;   /* n + 1 */
  guint  *target;   /* distinct neighbours */
} Lists;

static void
lists_init (Lists                *l,
            const TfNetworkGraph *g)
{
  guint n = tf_network_graph_get_n_nodes (g);
  g_autofree guint8 *linked = g_new0 (guint8, (gsize) n * n);
  guint fill = 0;

  l->n = n;
  l->n_chip = g->n_chip;
  for (guint i = 0; i < g->n_links; i++)
    if (g->links[i].a != g->links[i].b)
      {
        linked[(gsize) g->links[i].a * n + g->links[i].b] = 1;
        linked[(gsize) g->links[i].b * n + g->links[i].a] = 1;
      }
  l->offset = g_new (guint, n + 1);
  l->target = g_new (guint, (gsize) n * n + 1);
  for (guint v = 0; v < n; v++)
    {
      l->offset[v] = fill;
      for (guint u = 0; u < n; u++)
        if (linked[(gsize) v * n + u])
          l->target[fill++] = u;
    }
  l->offset[n] = fill;
}

static void
lists_clear (Lists *l)
{
  g_free (l->offset);
  g_free (l->target);
}

/* Plain breadth-first search from @src in the graph without node @removed and without the link
 * between @cut_a and @cut_b (BF_INF: none). */
static void
bf_search_without (const Lists *l,
                   guint        removed,
                   guint        cut_a,
                   guint        cut_b,
                   guint        src,
                   guint       *dist,
                   guint       *queue)
{
  guint head = 0, tail = 0;

  for (guint v = 0; v < l->n; v++)
    dist[v] = BF_INF;
  dist[src] = 0;
  queue[tail++] = src;
  while (head < tail)
    {
      guint u = queue[head++];

      for (guint e = l->offset[u]; e < l->offset[u + 1]; e++)
        {
          guint v = l->target[e];

          if ((u == cut_a && v == cut_b) || (u == cut_b && v == cut_a))
            continue;
          if (v != removed && dist[v] == BF_INF)
            {
              dist[v] = dist[u] + 1;
              queue[tail++] = v;
            }
        }
    }
}

static void
bf_search (const Lists *l,
           guint        removed,
           guint        src,
           guint       *dist,
           guint       *queue)
{
  bf_search_without (l, removed, BF_INF, BF_INF, src, dist, queue);
}

/* Adds one failure's APL_r (cut pairs at @penalty hops) to @out: every ordered pair of chips
 * other than @removed, in the graph without @removed and the link @cut_a - @cut_b. */
static void
bf_failure (const Lists *l,
            guint        removed,
            guint        cut_a,
            guint        cut_b,
            double       penalty,
            guint       *dist,
            guint       *queue,
            BfPaths     *out)
{
  guint64 s = 0, reached = 0, cut = 0;

  for (guint u = 0; u < l->n_chip; u++)
    {
      if (u == removed)
        continue;
      bf_search_without (l, removed, cut_a, cut_b, u, dist, queue);
      for (guint v = 0; v < l->n_chip; v++)
        if (v != u && v != removed)
          {
            if (dist[v] == BF_INF)
              cut++;
            else
              {
                s += dist[v];
                reached++;
              }
          }
    }
  out->apl_fail += reached + cut > 0 ? ((double) s + penalty * cut) / (reached + cut) : 0.0;
  out->apl_fail_reached += reached > 0 ? (double) s / reached : 0.0;
  out->disconnected_fraction += reached + cut > 0 ? (double) cut / (reached + cut) : 0.0;
}

/* Every value of Layer 1's path metrics, by deleting each failed element for real. With
 * @links every link record fails on its own too: one cable, so only a pair of nodes joined by
 * a single cable in all loses its link. @penalty 0 stands for n_chip. */
void
bf_paths (const TfNetworkGraph *g,
          TfFailures            failures,
          double                penalty,
          BfPaths              *out)
{
  Lists l;
  g_autofree guint *dist = NULL;
  g_autofree guint *queue = NULL;
  guint n_chip = g->n_chip;
  guint64 sum = 0;
  gboolean routing_chips = g->n_switch == 0;
  gboolean links = failures == TF_FAILURES_SWITCHES_AND_LINKS;
  guint lo = routing_chips ? 0 : n_chip, hi = routing_chips ? n_chip : n_chip + g->n_switch;

  if (penalty == 0)
    penalty = n_chip;
  lists_init (&l, g);
  dist = g_new (guint, l.n);
  queue = g_new (guint, l.n);
  memset (out, 0, sizeof *out);
  out->connected = TRUE;
  for (guint u = 0; u < n_chip; u++)
    {
      bf_search (&l, BF_INF, u, dist, queue);
      for (guint v = 0; v < n_chip; v++)
        if (v != u)
          {
            if (dist[v] == BF_INF)
              out->connected = FALSE;
            else
              {
                sum += dist[v];
                out->diameter = MAX (out->diameter, dist[v]);
              }
          }
    }
  out->apl = (double) sum / ((double) n_chip * (n_chip - 1));

  out->failure_cases = hi - lo + (links ? g->n_links : 0);
  for (guint r = lo; r < hi; r++)
    bf_failure (&l, r, BF_INF, BF_INF, penalty, dist, queue, out);
  for (guint i = 0; links && i < g->n_links; i++)
    {
      const TfLink *k = &g->links[i];
      guint cables = 0;

      for (guint j = 0; j < g->n_links; j++)
        if ((g->links[j].a == k->a && g->links[j].b == k->b)
            || (g->links[j].a == k->b && g->links[j].b == k->a))
          cables += g->links[j].multiplicity;
      if (k->a != k->b && cables == 1)
        bf_failure (&l, BF_INF, k->a, k->b, penalty, dist, queue, out);
      else
        bf_failure (&l, BF_INF, BF_INF, BF_INF, penalty, dist, queue, out);
    }
  out->apl_fail /= out->failure_cases;
  out->apl_fail_reached /= out->failure_cases;
  out->disconnected_fraction /= out->failure_cases;
  lists_clear (&l);
}

/* Edmonds-Karp on a capacity matrix over the nodes [lo, hi). */
static guint64
bf_max_flow (const guint64 *cap0,
             guint          n,
             guint          s,
             guint          t)
{
  g_autofree guint64 *cap = g_memdup2 (cap0, sizeof (guint64) * n * n);
  g_autofree guint *prev = g_new (guint, n);
  g_autofree guint *queue = g_new (guint, n);
  guint64 total = 0;

  for (;;)
    {
      guint head = 0, tail = 0;
      guint64 push = G_MAXUINT64;

      for (guint v = 0; v < n; v++)
        prev[v] = BF_INF;
      prev[s] = s;
      queue[tail++] = s;
      while (head < tail && prev[t] == BF_INF)
        {
          guint u = queue[head++];

          for (guint v = 0; v < n; v++)
            if (cap[u * n + v] > 0 && prev[v] == BF_INF)
              {
                prev[v] = u;
                queue[tail++] = v;
              }
        }
      if (prev[t] == BF_INF)
        return total;
      for (guint v = t; v != s; v = prev[v])
        push = MIN (push, cap[prev[v] * n + v]);
      for (guint v = t; v != s; v = prev[v])
        {
          cap[prev[v] * n + v] -= push;
          cap[v * n + prev[v]] += push;
        }
      total += push;
    }
}

static guint
bf_switch_diversity (const TfNetworkGraph *g)
{
  guint n_chip = g->n_chip;
  gboolean switches = g->n_switch > 0;
  guint lo = switches ? n_chip : 0, hi = switches ? n_chip + g->n_switch : n_chip;
  guint n = hi - lo;
  g_autofree guint64 *cap = g_new0 (guint64, (gsize) n * n);
  g_autofree guint8 *terminal = g_new0 (guint8, MAX (n, 1));
  guint64 best = G_MAXUINT64;
  guint n_terminals = 0;

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *k = &g->links[i];

      if (k->a >= lo && k->a < hi && k->b >= lo && k->b < hi && k->a != k->b)
        {
          cap[(k->a - lo) * n + k->b - lo] += k->multiplicity;
          cap[(k->b - lo) * n + k->a - lo] += k->multiplicity;
        }
      if (switches && (k->a < n_chip) != (k->b < n_chip))
        terminal[MAX (k->a, k->b) - lo] = 1;
    }
  if (!switches)
    memset (terminal, 1, n);
  for (guint a = 0; a < n; a++)
    for (guint b = a + 1; b < n; b++)
      if (terminal[a] && terminal[b])
        best = MIN (best, bf_max_flow (cap, n, a, b));
  for (guint a = 0; a < n; a++)
    n_terminals += terminal[a];
  return n_terminals < 2 ? 0 : (guint) best;
}

/* Checking one candidate */

guint n_layer1_hops, n_orbit_tables, n_swap_tables, n_checked, n_transitive, n_disconnecting, n_diversity_checked,
      n_links_checked;

void
assert_close (double      got,
              double      want,
              const char *what,
              const char *name)
{
  if (!(got >= want - 1e-9 * MAX (1.0, want) && got <= want + 1e-9 * MAX (1.0, want)))
    g_error ("%s: %s is %.12g, brute force %.12g", name, what, got, want);
}

/* @built (may be NULL) is a hop table Layer 1 made on the way; checked like one of its own. */
static void
check_hop_table (const TfNetworkGraph *g,
                 const TfHopTable     *built,
                 const char           *name)
{
  TfHopTable own, *table = &own;
  Lists l;
  g_autofree guint *dist = NULL;
  g_autofree guint *queue = NULL;
  g_autofree guint16 *row = NULL;
  g_autofree guint32 *moved = NULL;
  g_autofree guint16 *moved_value = NULL;

  if (built != NULL)
    table = (TfHopTable *) built;
  else
    tf_hop_table_init (table, g);
  lists_init (&l, g);
  dist = g_new (guint, l.n);
  queue = g_new (guint, l.n);
  row = g_new (guint16, l.n);
  moved = g_new (guint32, g->n_chip + 1);
  moved_value = g_new (guint16, g->n_chip + 1);
  g_assert_true (table->graph == g);
  g_assert_cmpuint (table->n_nodes, ==, l.n);
  g_assert_cmpuint (table->n_classes, >=, 1);
  g_assert_cmpuint (table->n_classes, <=, g->n_chip);
  for (guint a = 0; a < g->n_chip; a++)
    {
      guint32 c = table->class_of_chip[a];

      bf_search (&l, BF_INF, a, dist, queue);
      g_assert_cmpuint (c, <, table->n_classes);
      for (guint b = 0; b < g->n_chip; b++)
        {
          guint want = dist[b] == BF_INF ? G_MAXUINT16 : dist[b];

          if (tf_hop_table_distance (table, a, b) != want)
            g_error ("%s: hop table chip%u -> chip%u is %u, brute force %u", name, a, b,
                     tf_hop_table_distance (table, a, b), want);
        }
      /* The representative's row covers switches too, read through an automorphism or
       * not. */
      if (table->class_chip[c] == a)
        {
          guint n_moved;
          const guint32 *map;
          const guint16 *source = tf_hop_table_row_moves (table, a, moved, moved_value,
                                                          &n_moved, &map);

          for (guint v = 0; v < l.n; v++)
            row[v] = source[map != NULL ? map[v] : v];
          for (guint i = 0; i < n_moved; i++)
            row[moved[i]] = moved_value[i];

          for (guint v = 0; v < l.n; v++)
            {
              guint want = dist[v] == BF_INF ? G_MAXUINT16 : dist[v];

              if (row[v] != want)
                g_error ("%s: hop table row of chip%u at node %u is %u, brute force %u", name,
                         a, v, row[v], want);
            }
        }
    }
  if (table->orbits != NULL)
    {
      n_orbit_tables += table->n_rows < table->n_classes;
      /* Orbits under swaps that move switches: fewer failure searches than rows. */
      n_swap_tables += table->orbits->n_orbits < table->n_rows;
    }
  lists_clear (&l);
  if (built == NULL)
    {
      tf_hop_table_clear (table);
      g_assert_null (table->distance);
    }
}

/* Layer 1's paths alone (TF_LAYER_PATHS, the baseline's pruning) on @candidate, whose failure
 * metrics are exact: the same paths, and the failure objectives' bounds at or under their
 * values; a graph whose switch failures cut chips off has a cut bound above 0. */
static void
check_bounds (const TfSearchConfig *config,
              TfCandidate          *candidate,
              const char           *what)
{
  static const TfObjective failure_objectives[] = {
    TF_OBJECTIVE_APL_FAIL, TF_OBJECTIVE_APL_FAIL_EXCESS, TF_OBJECTIVE_DISCONNECTED,
  };
  g_autoptr(TfCandidate) paths = tf_candidate_new ();
  g_autoptr(GError) error = NULL;
  TfSearchConfig one = *config;
  double bound;

  paths->topology = candidate->topology;   /* borrowed: given back below */
  paths->chip_transitive = candidate->chip_transitive;
  if (!tf_evaluate_paths (config, paths, &error))
    g_error ("%s: paths alone: %s", what, error->message);
  g_assert_true (paths->evaluation.layers & TF_LAYER_PATHS);
  g_assert_cmpuint (paths->evaluation.diameter, ==, candidate->evaluation.diameter);
  assert_close (paths->evaluation.apl, candidate->evaluation.apl, "apl (paths alone)", what);
  g_assert_cmpuint (paths->evaluation.failure_cases, ==, candidate->evaluation.failure_cases);
  /* The hop tables the two passes made (the paths' from sources searched 64 at once) agree. */
  if (paths->hop_cache != NULL && candidate->hop_cache != NULL)
    for (guint a = 0; a < candidate->topology.graph.n_chip; a++)
      for (guint b = 0; b < candidate->topology.graph.n_chip; b++)
        if (tf_hop_table_distance (paths->hop_cache, a, b)
            != tf_hop_table_distance (candidate->hop_cache, a, b))
          g_error ("%s: hops %u-%u: %u with the paths alone, %u with the failures", what, a, b,
                   tf_hop_table_distance (paths->hop_cache, a, b),
                   tf_hop_table_distance (candidate->hop_cache, a, b));
  for (guint i = 0; i < G_N_ELEMENTS (failure_objectives); i++)
    {
      one.objectives[0] = failure_objectives[i];
      one.n_objectives = 1;
      if (!tf_candidate_bound_objectives (&one, paths, &bound, NULL))
        g_error ("%s: no bound for %s", what, tf_objective_to_string (failure_objectives[i]));
      if (bound > tf_candidate_get_objective (&one, candidate, failure_objectives[i]))
        g_error ("%s: the bound %.17g of %s is above its value %.17g", what, bound,
                 tf_objective_to_string (failure_objectives[i]),
                 tf_candidate_get_objective (&one, candidate, failure_objectives[i]));
    }
  if (!(paths->evaluation.layers & TF_LAYER_FAILURES) && config->failures == TF_FAILURES_SWITCHES
      && candidate->evaluation.failure_cases > 0
      && candidate->topology.graph.n_switch > 0
      && (config->disconnected_penalty_hops > 0 ? config->disconnected_penalty_hops
                                                : candidate->topology.graph.n_chip)
         >= candidate->evaluation.diameter
      && candidate->evaluation.disconnected_fraction > 0.5 / candidate->evaluation.failure_cases)
    g_assert_cmpfloat (paths->evaluation.failure_cut_bound, >, 0);
  memset (&paths->topology, 0, sizeof paths->topology);
}

/* Evaluates the path metrics of @candidate with @failures and @penalty and compares them with
 * brute force; returns the brute force's values. */
static void
check_paths (TfCandidate *candidate,
             TfFailures   failures,
             double       penalty,
             const char  *name,
             BfPaths     *bf)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  const TfEvaluation *ev = &candidate->evaluation;
  g_autofree char *what = g_strdup_printf ("%s (%s, penalty %g)", name,
                                           failures == TF_FAILURES_SWITCHES ? "switches"
                                           : "switches and links", penalty);

  tf_search_config_init (&config);
  config.failures = failures;
  config.disconnected_penalty_hops = penalty;
  bf_paths (&candidate->topology.graph, failures, penalty, bf);
  if (!bf->connected)
    {
      g_assert_false (tf_evaluate_structure (&config, candidate, &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVARIANT);
      g_assert_true (g_str_has_prefix (error->message, "connectivity: "));
      g_assert_false (candidate->evaluation.layers & (TF_LAYER_PATHS | TF_LAYER_STRUCTURE));
      return;
    }
  /* Both parts of Layer 1, directly: evaluated again under another configuration. */
  if (!tf_evaluate_structure (&config, candidate, &error)
      || !tf_evaluate_switch_diversity (&config, candidate, &error))
    g_error ("%s: %s", what, error->message);
  g_assert_true (ev->layers & TF_LAYER_PATHS);
  g_assert_true (ev->layers & TF_LAYER_STRUCTURE);

  if (ev->diameter != bf->diameter)
    g_error ("%s: diameter %u, brute force %u", what, ev->diameter, bf->diameter);
  assert_close (ev->apl, bf->apl, "apl", what);
  g_assert_cmpuint (ev->failure_cases, ==, bf->failure_cases);
  /* The generator's path metrics on an edited graph: one search per orbit (with no limit). */
  if (failures == TF_FAILURES_SWITCHES)
    {
      const TfNetworkGraph *g = &candidate->topology.graph;
      guint diameter = 0;
      guint64 sum = 0;
      gboolean done;

      if (!tf_chip_path_sums (g, G_MAXUINT, &done, &diameter, &sum, &error))
        g_error ("%s: %s", what, error->message);
      g_assert_true (done);
      g_assert_cmpuint (diameter, ==, bf->diameter);
      assert_close ((double) sum / ((double) g->n_chip * (g->n_chip - 1)), bf->apl, "path sums",
                    what);
    }
  assert_close (ev->apl_fail, bf->apl_fail, "apl_fail", what);
  assert_close (ev->disconnected_fraction, bf->disconnected_fraction, "disconnected_fraction",
                what);
  check_bounds (&config, candidate, what);
}

/* Evaluates Layer 1 of @topology (which the candidate takes over) and compares every value:
 * switch failures with the default penalty, and, where brute force is affordable, link
 * failures too with another penalty. */
void
check_candidate (TfTopology *topology,
                 gboolean    chip_transitive,
                 const char *name)
{
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  const TfNetworkGraph *g;
  const TfEvaluation *ev;
  BfPaths bf;
  guint64 link_work;

  candidate->topology = *topology;
  memset (topology, 0, sizeof *topology);
  candidate->chip_transitive = chip_transitive;
  g = &candidate->topology.graph;
  ev = &candidate->evaluation;

  link_work = (guint64) g->n_links * g->n_chip * (tf_network_graph_get_n_nodes (g) + g->n_links);
  if (link_work <= 20000000)
    {
      BfPaths with_links;

      check_paths (candidate, TF_FAILURES_SWITCHES_AND_LINKS, g->n_chip / 2.0 + 1.5, name,
                   &with_links);
      n_links_checked += with_links.connected;
    }
  check_paths (candidate, TF_FAILURES_SWITCHES, 0, name, &bf);
  if (!bf.connected)
    return;

  if (candidate->topology.result.family != NULL
      && candidate->topology.result.metrics.bisection_bandwidth_method != TF_METHOD_NONE)
    g_assert_cmpfloat (ev->bisection_bandwidth, ==,
                       candidate->topology.result.metrics.bisection_bandwidth);
  else
    {
      guint64 links;
      double bw;

      tf_network_graph_bisection_bound (g, &candidate->topology.context, &links, &bw);
      g_assert_cmpfloat (ev->bisection_bandwidth, ==, bw);
    }
  g_assert_cmpfloat (ev->bisection_bandwidth, >, 0);

  /* Brute-force diversity is a max flow per pair: small graphs only. */
  if ((g->n_switch > 0 ? g->n_switch : g->n_chip) <= 80)
    {
      guint want = bf_switch_diversity (g);

      if (ev->switch_diversity != want)
        g_error ("%s: switch_diversity %u, brute force %u", name, ev->switch_diversity, want);
      n_diversity_checked++;
    }

  check_hop_table (g, NULL, name);
  if (candidate->hop_cache != NULL)
    {
      check_hop_table (g, candidate->hop_cache, name);
      n_layer1_hops++;
    }
  n_checked++;
  n_transitive += chip_transitive;
  n_disconnecting += bf.disconnected_fraction > 0;
}

/* Types, reaches and port counts as the links now call for. */
void
fix_ports (TfNetworkGraph *g)
{
  tf_network_graph_settle_links (g);
}

/* Hand-made graphs: every chip its own board, one rack, one pod. */

void
make_graph (TfTopology *t,
            guint       n_chip,
            guint       n_switch,
            const guint32 (*links)[3],
            guint       n_links)
{
  TfNetworkGraph *g = &t->graph;

  memset (t, 0, sizeof *t);
  t->context = tf_test_context (MAX (n_chip, 2), TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g->n_chip = n_chip;
  g->n_switch = n_switch;
  g->switches = g_new0 (TfSwitch, MAX (n_switch, 1));
  for (guint i = 0; i < n_switch; i++)
    {
      g->switches[i].id = g_strdup_printf ("sw%u", i);
      g->switches[i].tier = TF_TIER_RACK;
      g->switches[i].container = 0;
    }
  g->chips_per_board = 1;
  g->n_board = n_chip;
  g->n_rack = 1;
  g->n_pod = 1;
  g->board_chips = g_new (guint32, MAX (n_chip, 1));
  g->board_rack = g_new0 (guint32, MAX (n_chip, 1));
  g->rack_pod = g_new0 (guint32, 1);
  for (guint c = 0; c < n_chip; c++)
    g->board_chips[c] = c;
  g->n_links = n_links;
  g->links = g_new (TfLink, MAX (n_links, 1));
  for (guint i = 0; i < n_links; i++)
    {
      g->links[i].a = MIN (links[i][0], links[i][1]);
      g->links[i].b = MAX (links[i][0], links[i][1]);
      g->links[i].multiplicity = links[i][2];
    }
  fix_ports (g);
}
