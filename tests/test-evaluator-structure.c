/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluator-structure.c: Layer 1 against brute force.
 *
 * Nothing here reuses the evaluator's shortcuts: every distance comes from a plain
 * breadth-first search from every chip on the graph with the failed node actually deleted (no
 * twins, no dominators, no bit tricks, no symmetry), switch diversity from one max flow
 * (Edmonds-Karp, written here) per pair of terminals, and the hop table from a search per
 * chip. The graphs: every family at several sizes, intra_board_topo options and chip radices,
 * vertex-transitive ones also without the declaration; the same graphs edited (links removed
 * and added, so no longer vertex-transitive); long rings and tori (the deep-graph paths);
 * random graphs with planted twins, duplicate links and pendant chips; graphs where a failure
 * cuts chips off; a vertex-transitive graph with unequal multiplicities (no Mader shortcut).
 */
#include <string.h>

#include "optimizer-private.h"
#include "metrics-private.h"
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

typedef struct
{
  gboolean connected;
  guint    diameter;
  double   apl;
  double   apl_fail;
  double   apl_fail_reached;   /* the old definition: cut pairs left out of the mean */
  double   disconnected_fraction;
  guint    failure_cases;
} BfPaths;

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
static void
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

static guint n_checked, n_transitive, n_disconnecting, n_diversity_checked, n_links_checked;

static void
assert_close (double      got,
              double      want,
              const char *what,
              const char *name)
{
  if (!(got >= want - 1e-9 * MAX (1.0, want) && got <= want + 1e-9 * MAX (1.0, want)))
    g_error ("%s: %s is %.12g, brute force %.12g", name, what, got, want);
}

static void
check_hop_table (const TfNetworkGraph *g,
                 const char           *name)
{
  TfHopTable table;
  Lists l;
  g_autofree guint *dist = NULL;
  g_autofree guint *queue = NULL;

  tf_hop_table_init (&table, g);
  lists_init (&l, g);
  dist = g_new (guint, l.n);
  queue = g_new (guint, l.n);
  g_assert_true (table.graph == g);
  g_assert_cmpuint (table.n_nodes, ==, l.n);
  g_assert_cmpuint (table.n_classes, >=, 1);
  g_assert_cmpuint (table.n_classes, <=, g->n_chip);
  for (guint a = 0; a < g->n_chip; a++)
    {
      guint32 c = table.class_of_chip[a];

      bf_search (&l, BF_INF, a, dist, queue);
      g_assert_cmpuint (c, <, table.n_classes);
      for (guint b = 0; b < g->n_chip; b++)
        {
          guint want = dist[b] == BF_INF ? G_MAXUINT16 : dist[b];

          if (tf_hop_table_distance (&table, a, b) != want)
            g_error ("%s: hop table chip%u -> chip%u is %u, brute force %u", name, a, b,
                     tf_hop_table_distance (&table, a, b), want);
        }
      /* The representative's row covers switches too. */
      if (table.class_chip[c] == a)
        for (guint v = 0; v < l.n; v++)
          {
            guint want = dist[v] == BF_INF ? G_MAXUINT16 : dist[v];

            g_assert_cmpuint (table.distance[(gsize) c * l.n + v], ==, want);
          }
    }
  lists_clear (&l);
  tf_hop_table_clear (&table);
  g_assert_null (table.distance);
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
      g_assert_false (candidate->evaluation.layers & TF_LAYER_STRUCTURE);
      return;
    }
  if (!tf_evaluate_structure (&config, candidate, &error))
    g_error ("%s: %s", what, error->message);
  g_assert_true (ev->layers & TF_LAYER_STRUCTURE);

  if (ev->diameter != bf->diameter)
    g_error ("%s: diameter %u, brute force %u", what, ev->diameter, bf->diameter);
  assert_close (ev->apl, bf->apl, "apl", what);
  g_assert_cmpuint (ev->failure_cases, ==, bf->failure_cases);
  assert_close (ev->apl_fail, bf->apl_fail, "apl_fail", what);
  assert_close (ev->disconnected_fraction, bf->disconnected_fraction, "disconnected_fraction",
                what);
}

/* Evaluates Layer 1 of @topology (which the candidate takes over) and compares every value:
 * switch failures with the default penalty, and, where brute force is affordable, link
 * failures too with another penalty. */
static void
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

  check_hop_table (g, name);
  n_checked++;
  n_transitive += chip_transitive;
  n_disconnecting += bf.disconnected_fraction > 0;
}

/* Graph edits */

/* Types, reaches and port counts as the links now call for. */
static void
fix_ports (TfNetworkGraph *g)
{
  tf_network_graph_settle_links (g);
}

static gboolean
linked (const TfNetworkGraph *g,
        guint32               a,
        guint32               b)
{
  for (guint i = 0; i < g->n_links; i++)
    if ((g->links[i].a == a && g->links[i].b == b) || (g->links[i].a == b && g->links[i].b == a))
      return TRUE;
  return FALSE;
}

/* Removes up to @n_remove random links among routing nodes (switch-switch, or chip-chip in a
 * direct network) that keep the graph connected, and adds @n_add new ones. */
static void
edit_graph (TfNetworkGraph *g,
            GRand          *rng,
            guint           n_remove,
            guint           n_add)
{
  gboolean switches = g->n_switch > 0;
  guint lo = switches ? g->n_chip : 0, hi = switches ? g->n_chip + g->n_switch : g->n_chip;

  for (guint k = 0, tries = 0; k < n_remove && tries < 50; tries++)
    {
      guint i = g_rand_int_range (rng, 0, (gint32) g->n_links);
      TfLink saved = g->links[i];

      if (saved.a < lo || saved.b < lo)
        continue;
      g->links[i] = g->links[g->n_links - 1];
      g->n_links--;
      if (tf_network_graph_is_connected (g))
        k++;
      else
        {
          g->links[g->n_links++] = g->links[i];
          g->links[i] = saved;
        }
    }
  if (hi - lo >= 2)
    {
      g->links = g_renew (TfLink, g->links, g->n_links + n_add);
      for (guint k = 0, tries = 0; k < n_add && tries < 50; tries++)
        {
          guint32 a = g_rand_int_range (rng, (gint32) lo, (gint32) hi);
          guint32 b = g_rand_int_range (rng, (gint32) lo, (gint32) hi);

          if (a == b || linked (g, a, b))
            continue;
          g->links[g->n_links].a = MIN (a, b);
          g->links[g->n_links].b = MAX (a, b);
          g->links[g->n_links].multiplicity = g_rand_int_range (rng, 1, 3);
          g->n_links++;
          k++;
        }
    }
  fix_ports (g);
}

/* A topology holding a copy of @src's graph, no longer a family's result. */
static void
edited_copy (const TfTopology *src,
             TfTopology       *dest)
{
  memset (dest, 0, sizeof *dest);
  dest->context = src->context;
  dest->result = src->result;
  dest->result.family = NULL;
  memset (&dest->result.metrics, 0, sizeof dest->result.metrics);
  tf_network_graph_copy (&src->graph, &dest->graph);
}

/* Families */

static void
check_family_results (guint            n_chip,
                      TfIntraBoardTopo topo,
                      guint            chip_radix,
                      guint            per_family,
                      GRand           *rng)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, topo);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GError) error = NULL;

  ctx.chip_radix = chip_radix;
  g_assert_true (tf_enumerate (&ctx, NULL, 0, 0, NULL, NULL, &e, &error));
  g_assert_no_error (error);
  for (guint f = 0; f < e.n_families; f++)
    {
      const TfFamilyEnumeration *fe = &e.families[f];

      for (guint k = 0; k < MIN (per_family, fe->n_results); k++)
        {
          /* The first, the last, and random ones between. */
          guint i = k == 0 ? 0 : k == 1 ? fe->n_results - 1
                    : (guint) g_rand_int_range (rng, 0, (gint32) fe->n_results);
          const TfResult *r = &fe->results[i];
          g_autofree char *id = tf_result_dup_id (r);
          g_autofree char *name = NULL;
          g_auto(TfTopology) t = { 0 };
          g_auto(TfTopology) edited = { 0 };

          if (r->metrics.link_count > 3000 || r->metrics.switch_count > 200)
            continue;
          if (!tf_generate (&ctx, id, NULL, NULL, &t, &error))
            g_error ("%s (n_chip %u): %s", id, n_chip, error->message);
          name = g_strdup_printf ("%s (n_chip %u, %s, chip_radix %u)", id, n_chip,
                                  tf_intra_board_topo_to_string (topo), chip_radix);

          /* An edited copy: no longer the family's, nor vertex-transitive. */
          if (g_rand_int_range (rng, 0, 3) == 0)
            {
              g_autofree char *edited_name = g_strconcat (name, " edited", NULL);

              edited_copy (&t, &edited);
              edit_graph (&edited.graph, rng, g_rand_int_range (rng, 1, 4),
                          g_rand_int_range (rng, 0, 3));
              check_candidate (&edited, FALSE, edited_name);
            }
          /* Also without the declaration: the general path must agree. */
          if (t.chip_transitive && g_rand_int_range (rng, 0, 2) == 0)
            {
              g_autofree char *plain_name = g_strconcat (name, " undeclared", NULL);

              edited_copy (&t, &edited);
              check_candidate (&edited, FALSE, plain_name);
            }
          check_candidate (&t, t.chip_transitive, name);
        }
    }
}

static void
test_families (void)
{
  static const guint sizes[] = { 2, 3, 4, 6, 8, 9, 12, 16, 18, 24, 27, 32, 36, 48, 64 };
  g_autoptr(GRand) rng = g_rand_new_with_seed (20240611);
  guint before = n_checked, transitive_before = n_transitive;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo <= TF_INTRA_BOARD_TORUS; topo++)
      for (guint radix = 1; radix <= 2; radix++)
        check_family_results (sizes[i], topo, radix, sizes[i] <= 32 ? 4 : 2, rng);

  g_test_message ("%u candidates checked, %u vertex-transitive", n_checked - before,
                  n_transitive - transitive_before);
  g_assert_cmpuint (n_checked - before, >=, 500);
  g_assert_cmpuint (n_transitive - transitive_before, >=, 50);
}

/* Hand-made graphs: every chip its own board, one rack, one pod. */

static void
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

/* A random connected graph with planted false and true twins and pendant chips; @large ones
 * are sparser, with long chains (deep dominator trees). */
static void
random_graph (TfTopology *t,
              GRand      *rng,
              gboolean    large)
{
  guint base_chip = g_rand_int_range (rng, 1, large ? 40 : 10);
  guint base_switch = g_rand_int_range (rng, 0, 3) == 0 ? 0
                      : g_rand_int_range (rng, 1, large ? 20 : 7);
  guint n_base = base_chip + base_switch;
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint32) * 3);
  g_autofree guint8 *is_chip = NULL;
  g_autofree guint32 *renumber = NULL;
  guint n, n_chip = 0;
  g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (guint8));
  guint32 (*raw)[3];
  guint n_raw;

  /* Base nodes 0 .. n_base-1: chips then switches; a random tree plus random extra links. */
  for (guint v = 0; v < n_base; v++)
    {
      guint8 chip = v < base_chip;

      g_array_append_val (kinds, chip);
    }
  for (guint v = 1; v < n_base; v++)
    {
      guint32 e[3] = { g_rand_int_range (rng, 0, (gint32) v), v,
                       (guint32) g_rand_int_range (rng, 1, 3) };

      g_array_append_val (edges, e);
    }
  for (guint k = 0, extra = g_rand_int_range (rng, 0, (gint32) (large ? n_base / 3 : n_base) + 1);
       k < extra; k++)
    {
      guint32 a = g_rand_int_range (rng, 0, (gint32) n_base);
      guint32 b = g_rand_int_range (rng, 0, (gint32) n_base);
      guint32 e[3] = { a, b, 1 };

      if (a != b)
        g_array_append_val (edges, e);   /* duplicates stay: the evaluator must merge them */
    }
  n = n_base;

  /* Twins: copy a node's links (false twin), plus a link to it (true twin). */
  for (guint k = 0, twins = g_rand_int_range (rng, 0, 5); k < twins; k++)
    {
      guint32 x = g_rand_int_range (rng, 0, (gint32) n);
      gboolean true_twin = g_rand_boolean (rng);
      guint len = edges->len;
      guint8 kind = g_array_index (kinds, guint8, x);

      for (guint i = 0; i < len; i++)
        {
          guint32 *e = &g_array_index (edges, guint32, i * 3);
          guint32 f[3] = { e[0] == x ? n : e[0], e[1] == x ? n : e[1], e[2] };

          if (e[0] == x || e[1] == x)
            g_array_append_val (edges, f);
        }
      if (true_twin)
        {
          guint32 f[3] = { x, n, 1 };

          g_array_append_val (edges, f);
        }
      g_array_append_val (kinds, kind);
      n++;
    }
  /* Pendant chips, several on one node: false twins whose only neighbour is that node. */
  if (g_rand_boolean (rng))
    {
      guint32 x = g_rand_int_range (rng, 0, (gint32) n);

      for (guint k = 0, pendants = g_rand_int_range (rng, 1, 4); k < pendants; k++)
        {
          guint32 f[3] = { x, n, 1 };
          guint8 chip = 1;

          g_array_append_val (edges, f);
          g_array_append_val (kinds, chip);
          n++;
        }
    }

  /* Chips first. */
  is_chip = g_new (guint8, n);
  renumber = g_new (guint32, n);
  for (guint v = 0; v < n; v++)
    {
      is_chip[v] = g_array_index (kinds, guint8, v);
      if (is_chip[v])
        renumber[v] = n_chip++;
    }
  for (guint v = 0, s = 0; v < n; v++)
    if (!is_chip[v])
      renumber[v] = n_chip + s++;
  n_raw = edges->len;
  raw = (guint32 (*)[3]) (void *) edges->data;
  for (guint i = 0; i < n_raw; i++)
    {
      raw[i][0] = renumber[raw[i][0]];
      raw[i][1] = renumber[raw[i][1]];
    }
  make_graph (t, n_chip, n - n_chip, (const guint32 (*)[3]) raw, n_raw);
}

static void
test_random (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (7);
  guint before = n_checked, disconnecting = n_disconnecting, links_before = n_links_checked;

  for (guint i = 0; i < 3000; i++)
    {
      g_auto(TfTopology) t = { 0 };
      g_autofree char *name = g_strdup_printf ("random graph %u", i);

      random_graph (&t, rng, i % 10 == 0);
      if (t.graph.n_chip < 2)
        continue;
      check_candidate (&t, FALSE, name);
    }
  g_test_message ("%u random graphs, %u with a failure cutting chips off",
                  n_checked - before, n_disconnecting - disconnecting);
  g_assert_cmpuint (n_checked - before, >=, 1500);
  g_assert_cmpuint (n_disconnecting - disconnecting, >=, 100);
  g_assert_cmpuint (n_links_checked - links_before, >=, 1500);
}

/* A two-layer fat-tree with single-homed chips: losing a leaf cuts its chips off. */
static void
test_leaf_cut (void)
{
  TfContext ctx = tf_test_context (32, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  BfPaths bf;
  const TfEvaluation *ev;

  tf_search_config_init (&config);
  g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32", NULL, NULL,
                              &t, &error));
  bf_paths (&t.graph, TF_FAILURES_SWITCHES, 0, &bf);
  candidate->topology = t;
  memset (&t, 0, sizeof t);
  g_assert_true (tf_evaluate_structure (&config, candidate, &error));
  g_assert_no_error (error);
  ev = &candidate->evaluation;

  /* 8 leaves of 4 chips, 4 spines: a leaf takes 4 x 31 + 28 x 4 of 32 x 31 ordered pairs. */
  g_assert_cmpuint (ev->failure_cases, ==, 12);
  assert_close (ev->disconnected_fraction, 8.0 / 12 * (4.0 * 31 + 28 * 4) / (32.0 * 31),
                "disconnected_fraction", "fat-tree k=8");
  assert_close (ev->disconnected_fraction, bf.disconnected_fraction, "disconnected_fraction",
                "fat-tree k=8");
  /* Whole: 8 x 12 pairs in a leaf at 2 hops, 896 across at 4. Without a leaf: 7 x 12 at 2,
   * 672 at 4, and 236 cut at 32 hops (n_chip). A spine changes nothing. */
  assert_close (ev->apl, (96 * 2 + 896 * 4) / 992.0, "apl", "fat-tree k=8");
  assert_close (ev->apl_fail,
                (8 * (84 * 2 + 672 * 4 + 236 * 32.0) / 992 + 4 * (96 * 2 + 896 * 4) / 992.0) / 12,
                "apl_fail", "fat-tree k=8");
  assert_close (ev->apl_fail, bf.apl_fail, "apl_fail", "fat-tree k=8");
  /* The old mean over the pairs still linked rewarded the cut: below apl. */
  g_assert_cmpfloat (bf.apl_fail_reached, <, ev->apl);
  g_assert_cmpfloat (ev->apl_fail, >, ev->apl);
  g_assert_cmpuint (ev->diameter, ==, 4);
  g_assert_cmpuint (ev->switch_diversity, ==, 4);   /* a leaf's four uplinks */
}

/* Long rings and tori: vertex-transitive, with a diameter past which failures are computed by
 * one search per source instead of bit-parallel. */
static void
test_long (void)
{
  static const struct { guint n_chip; const char *id; TfIntraBoardTopo topo; } cases[] = {
    { 140, "ring:n_endpoint=140", TF_INTRA_BOARD_NONE },
    { 144, "ring:n_endpoint=72", TF_INTRA_BOARD_RING },
    { 132, "torus:dimension_sizes=2x66,board_shape=1x1", TF_INTRA_BOARD_NONE },
  };
  g_autoptr(GRand) rng = g_rand_new_with_seed (3);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TfContext ctx = tf_test_context (cases[i].n_chip, TF_SCOPE_INTER_RACK, cases[i].topo);
      g_auto(TfTopology) t = { 0 };
      g_auto(TfTopology) edited = { 0 };
      g_autofree char *name = g_strdup_printf ("%s (n_chip %u)", cases[i].id, cases[i].n_chip);
      g_autofree char *edited_name = g_strconcat (name, " edited", NULL);
      g_autoptr(GError) error = NULL;

      if (!tf_generate (&ctx, cases[i].id, NULL, NULL, &t, &error))
        g_error ("%s: %s", name, error->message);
      g_assert_true (t.chip_transitive);
      edited_copy (&t, &edited);
      edit_graph (&edited.graph, rng, 0, 1);
      check_candidate (&edited, FALSE, edited_name);
      check_candidate (&t, TRUE, name);
    }
}

/* Small hand-made cases with known answers. */
static void
test_known (void)
{
  /* A star of 4 chips around a switch, and a fifth chip on a second switch. */
  static const guint32 star[][3] = {
    { 0, 5, 1 }, { 1, 5, 1 }, { 2, 5, 1 }, { 3, 5, 1 }, { 4, 6, 1 }, { 5, 6, 3 },
  };
  /* A path of chips 0 - 1 - 2 (a direct network): chip 1 carries everything. */
  static const guint32 path[][3] = { { 0, 1, 1 }, { 1, 2, 2 } };
  /* Two components. */
  static const guint32 split[][3] = { { 0, 1, 1 }, { 2, 3, 1 } };
  /* A 4-cycle of chips, links alternately 3 and 1 deep. */
  static const guint32 heavy_pairs[][3] = { { 0, 1, 3 }, { 2, 3, 3 }, { 0, 2, 1 }, { 1, 3, 1 } };
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;

  tf_search_config_init (&config);
  {
    g_autoptr(TfCandidate) c = tf_candidate_new ();

    make_graph (&c->topology, 5, 2, star, G_N_ELEMENTS (star));
    g_assert_true (tf_evaluate_structure (&config, c, &error));
    g_assert_no_error (error);
    /* Pairs among chips 0-3: 12 at 2 hops; with chip 4: 8 at 3 hops. */
    assert_close (c->evaluation.apl, (12 * 2 + 8 * 3) / 20.0, "apl", "star");
    g_assert_cmpuint (c->evaluation.diameter, ==, 3);
    g_assert_cmpuint (c->evaluation.failure_cases, ==, 2);
    /* Losing switch 5 leaves every pair cut, each at 5 hops (n_chip); losing switch 6 cuts
     * chip 4 off: 12 pairs at 2 hops, 8 at 5. */
    assert_close (c->evaluation.disconnected_fraction, (1.0 + 8.0 / 20) / 2, "disc", "star");
    assert_close (c->evaluation.apl_fail, (5 + (12 * 2 + 8 * 5) / 20.0) / 2, "apl_fail", "star");
    g_assert_cmpuint (c->evaluation.switch_diversity, ==, 3);
  }
  {
    g_autoptr(TfCandidate) c = tf_candidate_new ();

    make_graph (&c->topology, 3, 0, path, G_N_ELEMENTS (path));
    g_assert_true (tf_evaluate_structure (&config, c, &error));
    assert_close (c->evaluation.apl, 8.0 / 6, "apl", "path");
    g_assert_cmpuint (c->evaluation.diameter, ==, 2);
    g_assert_cmpuint (c->evaluation.failure_cases, ==, 3);
    /* Losing chip 0 or 2 leaves a pair at one hop; losing chip 1 cuts the other two apart,
     * 3 hops (n_chip) each. */
    assert_close (c->evaluation.apl_fail, (1 + 1 + 3) / 3.0, "apl_fail", "path");
    assert_close (c->evaluation.disconnected_fraction, 1.0 / 3, "disc", "path");
    g_assert_cmpuint (c->evaluation.switch_diversity, ==, 1);
  }
  {
    /* Vertex-transitive with unequal multiplicities: degree 4, but the cut between the heavy
     * pairs holds 2 links, so Mader's theorem must not be used. */
    g_auto(TfTopology) t = { 0 };

    make_graph (&t, 4, 0, heavy_pairs, G_N_ELEMENTS (heavy_pairs));
    check_candidate (&t, TRUE, "heavy pairs");
  }
  {
    g_autoptr(TfCandidate) c = tf_candidate_new ();

    make_graph (&c->topology, 4, 0, heavy_pairs, G_N_ELEMENTS (heavy_pairs));
    c->chip_transitive = TRUE;
    g_assert_true (tf_evaluate_structure (&config, c, &error));
    g_assert_cmpuint (c->evaluation.switch_diversity, ==, 2);
  }
  {
    g_autoptr(TfCandidate) c = tf_candidate_new ();

    make_graph (&c->topology, 4, 0, split, G_N_ELEMENTS (split));
    g_assert_false (tf_evaluate_structure (&config, c, &error));
    g_assert_error (error, TF_ERROR, TF_ERROR_INVARIANT);
    g_assert_true (g_str_has_prefix (error->message, "connectivity: "));
    g_assert_false (c->evaluation.layers & TF_LAYER_STRUCTURE);
  }
}

/* Evaluates a hand-made graph of @n_chip chips and @n_switch switches with @failures and the
 * default penalty. */
static void
evaluate_hand_made (TfCandidate   *c,
                    guint          n_chip,
                    guint          n_switch,
                    const guint32 (*links)[3],
                    guint          n_links,
                    TfFailures     failures)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;

  tf_search_config_init (&config);
  config.failures = failures;
  tf_topology_clear (&c->topology);
  make_graph (&c->topology, n_chip, n_switch, links, n_links);
  g_assert_true (tf_evaluate_structure (&config, c, &error));
  g_assert_no_error (error);
}

/* Removing a link so that failures cut chips off used to lower apl_fail (the cut pairs left
 * the mean); now a cut pair counts n_chip hops and the same edit raises it. */
static void
test_cut_is_worse (void)
{
  /* Chips 0, 1 on switch 4, chips 2, 3 on switch 6, 4 - 5 - 6, and chip 3 also on switch 4. */
  static const guint32 dual[][3] = {
    { 0, 4, 1 }, { 1, 4, 1 }, { 2, 6, 1 }, { 3, 6, 1 }, { 4, 5, 1 }, { 5, 6, 1 }, { 3, 4, 1 },
  };
  g_autoptr(TfCandidate) whole = tf_candidate_new ();
  g_autoptr(TfCandidate) edited = tf_candidate_new ();
  BfPaths bf_whole, bf_edited;

  /* Whole: losing 5 leaves 0 and 1 four hops from 2 (through chip 3): 32 / 12; losing 4 cuts
   * 0 and 1 off, 10 pairs at 4 hops and 2 at 2 hops; losing 6 cuts chip 2 off, 6 and 6. */
  evaluate_hand_made (whole, 4, 3, dual, G_N_ELEMENTS (dual), TF_FAILURES_SWITCHES);
  assert_close (whole->evaluation.apl_fail, (32 / 12.0 + 44 / 12.0 + 36 / 12.0) / 3,
                "apl_fail", "dual-homed chip");
  /* Without chip 3's second link: losing 5 splits {0, 1} from {2, 3}, losing 6 cuts both. */
  evaluate_hand_made (edited, 4, 3, dual, G_N_ELEMENTS (dual) - 1, TF_FAILURES_SWITCHES);
  assert_close (edited->evaluation.apl_fail, (40 / 12.0 + 44 / 12.0 + 44 / 12.0) / 3,
                "apl_fail", "single-homed chips");
  g_assert_cmpfloat (edited->evaluation.apl_fail, >, whole->evaluation.apl_fail);
  g_assert_cmpfloat (edited->evaluation.disconnected_fraction, >,
                     whole->evaluation.disconnected_fraction);

  /* The old definition went the other way. */
  bf_paths (&whole->topology.graph, TF_FAILURES_SWITCHES, 0, &bf_whole);
  bf_paths (&edited->topology.graph, TF_FAILURES_SWITCHES, 0, &bf_edited);
  assert_close (bf_whole.apl_fail_reached, (32 / 12.0 + 2 + 2) / 3, "old apl_fail", "dual");
  assert_close (bf_edited.apl_fail_reached, 2, "old apl_fail", "single");
  g_assert_cmpfloat (bf_edited.apl_fail_reached, <, bf_whole.apl_fail_reached);
}

/* Link failures by hand: chips 0, 1, 2 on switch 3 (chip 2 by two cables) and 0 - 1. */
static void
test_link_failures (void)
{
  static const guint32 triangle[][3] = { { 0, 3, 1 }, { 1, 3, 1 }, { 2, 3, 2 }, { 0, 1, 1 } };
  g_autoptr(TfCandidate) c = tf_candidate_new ();

  /* Whole: 0 - 1 one hop, 0 - 2 and 1 - 2 two: 10 / 6. Losing switch 3 cuts chip 2 off: 4 pairs
   * at 3 hops (n_chip), 2 at one: 14 / 6. Losing 0 - 3: 0 reaches 2 through 1 in 3 hops:
   * 12 / 6; 1 - 3 alike; 0 - 1: 0 and 1 two hops apart, 12 / 6; one of 2 - 3's two cables: no
   * change, 10 / 6. */
  evaluate_hand_made (c, 3, 1, triangle, G_N_ELEMENTS (triangle),
                      TF_FAILURES_SWITCHES_AND_LINKS);
  g_assert_cmpuint (c->evaluation.failure_cases, ==, 5);
  assert_close (c->evaluation.apl, 10 / 6.0, "apl", "triangle");
  assert_close (c->evaluation.apl_fail, (14 + 12 + 12 + 10 + 12) / 6.0 / 5, "apl_fail",
                "triangle");
  assert_close (c->evaluation.disconnected_fraction, 4 / 6.0 / 5, "disc", "triangle");

  evaluate_hand_made (c, 3, 1, triangle, G_N_ELEMENTS (triangle), TF_FAILURES_SWITCHES);
  g_assert_cmpuint (c->evaluation.failure_cases, ==, 1);
  assert_close (c->evaluation.apl_fail, 14 / 6.0, "apl_fail", "triangle");
  assert_close (c->evaluation.disconnected_fraction, 4 / 6.0, "disc", "triangle");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/evaluator/structure/known", test_known);
  g_test_add_func ("/engine/evaluator/structure/leaf-cut", test_leaf_cut);
  g_test_add_func ("/engine/evaluator/structure/cut-is-worse", test_cut_is_worse);
  g_test_add_func ("/engine/evaluator/structure/link-failures", test_link_failures);
  g_test_add_func ("/engine/evaluator/structure/random", test_random);
  g_test_add_func ("/engine/evaluator/structure/long", test_long);
  g_test_add_func ("/engine/evaluator/structure/families", test_families);
  return g_test_run ();
}
