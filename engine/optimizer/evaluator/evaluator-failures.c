/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-failures.c: diameter, apl and the failure metrics of Layer 1 (apl_fail,
 * disconnected_fraction, failure_cases), exact, on the twin quotient (twin-quotient.c).
 *
 * What is measured, where the spec leaves holes (docs/optimizer.md, Layer 1, repeats these
 * decisions):
 *
 * - diameter and apl are over ordered pairs of distinct chips, in hops over the whole graph
 *   (switches forward, chips too). A graph whose chips cannot all reach each other is an error
 *   (TF_ERROR_INVARIANT, "connectivity: ..."), not an infinite value.
 * - apl_fail (ATOP §3.4, formula 2) with its holes closed:
 *   - the failed elements, the "routing nodes", are the switches when the graph has any, else
 *     the chips: a direct network routes through its chips; with config->failures
 *     TF_FAILURES_SWITCHES_AND_LINKS every link record fails on its own too, as one cable (a
 *     record of multiplicity 2 or more, or with another record between the same nodes, loses
 *     one cable of several and changes no distance);
 *   - removing routing node r removes its links. Over the ordered pairs of chips other than r,
 *     R_r pairs stay reachable with S_r hops in all and U_r do not (a chip left without a link
 *     has all its pairs in U_r);
 *   - APL_r = (S_r + P U_r) / (R_r + U_r) (0 when fewer than two chips remain), P =
 *     config->disconnected_penalty_hops, n_chip when 0: the spec's infinite distance of a cut
 *     pair made finite, and longer than any path the generators make, so cutting chips off
 *     never lowers apl_fail. disc_r = U_r / (R_r + U_r);
 *   - apl_fail is the mean of APL_r over the failures, disconnected_fraction the mean of disc_r,
 *     failure_cases the number of failures.
 *
 * How: the per-source failure analysis (pair-sums.c) gives every failure's sums;
 * here they become APL_r and disc_r, and symmetry spares most of the work:
 *
 * - Vertex-transitive graphs. When candidate->chip_transitive is set (declared by the family:
 *   torus, hypercube, ring, full mesh, all vertex-transitive on chips) and the routing nodes
 *   are the chips, every chip is the same as chip 0 up to an automorphism: apl and the diameter
 *   come from chip 0's search, and every APL_r and disc_r equal those of removing chip 0,
 *   computed once, from chip 0's failure analysis alone (the sum over the sources of the
 *   change one failure makes is, by symmetry, the sum over the failures of the change from
 *   one source). No other symmetry is assumed.
 */
#include "structure-private.h"
#include "evaluator-private.h"
#include "graph-private.h"
#include "group-rotation-private.h"

#include <string.h>

/* APL_r and disc_r from the hop sum and the cut-off pairs among @n_left chips, a cut pair
 * counting @penalty hops. */
static void
failure_ratios (guint64 n_left,
                guint64 sum,
                guint64 cut,
                double  penalty,
                double *apl,
                double *disc)
{
  guint64 pairs = n_left >= 2 ? n_left * (n_left - 1) : 0;

  g_assert (cut <= pairs);
  *apl = pairs > 0 ? ((double) sum + penalty * (double) cut) / (double) pairs : 0.0;
  *disc = pairs > 0 ? (double) cut / (double) pairs : 0.0;
}

/* Pairs of false twins cut off from each other when their only neighbour, class @c, fails;
 * @chips: the chips each class counts (NULL: its size). */
static guint64 *
dup_sole_pairs (const TfQuotient *q,
                const guint64    *chips)
{
  guint64 *sole = g_new0 (guint64, q->n_classes);

  for (guint c = 0; c < q->n_chip_classes; c++)
    if (q->class_sole[c] != TF_UNREACHED)
      {
        guint64 w = chips != NULL ? chips[c] : q->class_size[c];

        /* The sole neighbour has no twin: its twin would be a neighbour too. */
        sole[q->class_of[q->class_sole[c]]] += w * (w - 1);
      }
  return sole;
}

/* The hop sum and the cut-off pairs when a node of routing class @c fails, from the per-source
 * sums. */
static void
class_failure (const TfQuotient *q,
               const TfPairSums *ps,
               const guint64    *sole,
               gboolean          removable,
               gboolean          routing_chips,
               guint32           c,
               gint64           *sum,
               guint64          *cut)
{
  *sum = (gint64) ps->sum - (routing_chips ? 2 * (gint64) ps->row[c] : 0);
  *cut = 0;
  if (removable)
    {
      *sum += ps->delta_sum[c] - 2 * (gint64) sole[c];
      *cut = ps->cut_pairs[c] + sole[c];
    }
  /* else a member of a class of twins: no other pair changes (see the top). */
}

/* Without the failures, one source in this many has its failure analysis done, for a bound:
 * the baseline at 200 x 30 on search-1024.yaml took 42.5, 30.2, 25-28, 32.1 and 51.9 s with
 * 2, 4, 8, 16 and 32 (a tighter bound prunes more, and costs more). */
#define BOUND_STRIDE 8u

/* Failures of every routing node of the @n_chip chips' graph; with @graph (on a twin-free
 * quotient), of every link of @graph too; with @orbits (switch failures, no @graph), searching
 * from its sources only; with @rotated (switch failures, no @graph or @orbits), @q being the
 * quotient of a filled graph (group-rotation.c), from one group's chips alone. */
static gboolean
per_source_metrics (const TfQuotient       *q,
                    guint                   n_chip,
                    gboolean                with_failures,
                    gboolean                routing_chips,
                    const TfNetworkGraph   *graph,
                    double                  penalty,
                    const TfChipOrbits     *orbits,
                    const TfRotatedSources *rotated,
                    TfHopTable             *hops,
                    TfPathMetrics          *out,
                    GError                **error)
{
  guint n = q->n_classes;
  guint lo = routing_chips ? 0 : q->n_chip_classes, hi = routing_chips ? q->n_chip_classes : n;
  guint n_links = graph != NULL ? graph->n_links : 0;
  g_autofree guint8 *removable = g_new0 (guint8, n);
  g_autofree guint64 *sole = NULL;
  g_auto(TfPairSums) ps = { 0 };
  guint64 n_left = n_chip - (routing_chips ? 1 : 0), cut_total = 0;
  gint64 sum_total = 0;
  double apl_sum = 0, disc_sum = 0;

  for (guint c = lo; c < hi && (with_failures || !routing_chips); c++)
    removable[c] = q->class_size[c] == 1;
  tf_pair_sums_init (&ps, q, graph);
  if (!with_failures)
    ps.failure_stride = BOUND_STRIDE;
  if (hops != NULL)
    {
      ps.rows = hops->distance;
      ps.rows_stride = hops->n_nodes;
      ps.rows_index = hops->row_of_class;
    }
  ps.orbits = orbits;
  if (rotated != NULL)
    {
      ps.source_weights = tf_rotated_source_weights;
      ps.source_weights_data = (gpointer) rotated;
    }
  if (!tf_pair_sums_by_source (q, removable, q->n_chip_classes, &ps, error))
    return FALSE;

  out->diameter = ps.diameter;
  out->apl = (double) ps.sum / ((double) n_chip * (n_chip - 1));
  if (!with_failures)
    {
      /* Every source's part of a switch failure's change is at least 0: its pairs only get
       * longer, and a cut one counts the penalty, at least the diameter it had at most. */
      double pairs = (double) n_chip * (n_chip - 1);

      for (guint c = lo; c < hi && !routing_chips && penalty >= ps.diameter; c++)
        if (removable[c])
          {
            out->hops_bound += ((double) ps.delta_sum[c] + penalty * (double) ps.cut_pairs[c])
                               / pairs;
            out->cut_bound += (double) ps.cut_pairs[c] / pairs;
          }
      return TRUE;
    }
  out->failures_done = TRUE;

  /* Every node's failure leaves the same chips, so APL_r and disc_r are linear in its sums:
   * their means over the nodes come from the sums' totals (all that the sums over orbits
   * keep, chip-orbits.c). */
  sole = dup_sole_pairs (q, rotated != NULL ? rotated->present : NULL);
  for (guint c = lo; c < hi; c++)
    {
      gint64 sum;
      guint64 cut;

      class_failure (q, &ps, sole, removable[c], routing_chips, c, &sum, &cut);
      sum_total += q->class_size[c] * sum;
      cut_total += q->class_size[c] * cut;
    }
  g_assert (sum_total >= 0);
  if (n_left >= 2)
    {
      double pairs = (double) n_left * (double) (n_left - 1);

      apl_sum = ((double) sum_total + penalty * (double) cut_total) / pairs;
      disc_sum = (double) cut_total / pairs;
    }
  /* A link's failure removes no chip: every pair stays, some longer or cut. */
  for (guint i = 0; i < n_links; i++)
    {
      double apl, disc;

      if (ps.single[i])
        {
          g_assert ((gint64) ps.sum + ps.link_delta_sum[i] >= 0);
          failure_ratios (n_chip, (guint64) ((gint64) ps.sum + ps.link_delta_sum[i]),
                          ps.link_cut_pairs[i], penalty, &apl, &disc);
        }
      else
        failure_ratios (n_chip, ps.sum, 0, penalty, &apl, &disc);
      apl_sum += apl;
      disc_sum += disc;
    }
  out->apl_fail = apl_sum / out->failure_cases;
  out->disconnected_fraction = disc_sum / out->failure_cases;
  return TRUE;
}

/* A chip-transitive direct network: every chip is chip 0 up to an automorphism, so apl and the
 * diameter come from chip 0's row, and every chip's failure is chip 0's. */
static gboolean
transitive_metrics (const TfQuotient *q,
                    double            penalty,
                    TfPathMetrics    *out,
                    GError          **error)
{
  guint n = q->n_classes;
  guint32 c0 = q->class_of[0];
  guint64 w0 = q->class_size[c0], row = 0, reached = 0, sum, cut;
  g_autofree guint32 *dist = g_new (guint32, n);
  g_autofree guint32 *order = g_new (guint32, n);
  guint n_reached = tf_quotient_bfs (q, c0, dist, order);
  guint ecc = w0 >= 2 ? q->class_twin[c0] : 0;
  guint64 n_left = q->n_chip - 1;

  for (guint i = 1; i < n_reached; i++)
    {
      guint64 wt = tf_quotient_weight (q, order[i]);

      if (wt > 0)
        {
          row += wt * dist[order[i]];
          reached += wt;
          ecc = MAX (ecc, dist[order[i]]);
        }
    }
  if (reached + w0 != q->n_chip)
    return tf_quotient_connectivity_error (q, c0, dist, error);
  row += (w0 - 1) * q->class_twin[c0];
  out->diameter = ecc;
  out->apl = (double) row / (q->n_chip - 1);

  if (w0 >= 2)
    {
      /* Chip 0 has twins: only its own pairs go. */
      sum = q->n_chip * row - 2 * row;
      cut = 0;
    }
  else
    {
      /* No chip has a twin. Write D(s, r) for the change removing chip r makes to the hops
       * from chip s (cut pairs alike). Automorphisms keep D, and every chip is chip 0's
       * image, so the sum over s of D(s, r) is the same for every r, and the sum over r of
       * D(s, r) the same for every s: the sum over s of D(s, 0) is the sum over r of
       * D(0, r), one source's failure analysis with every chip removable. */
      g_autofree guint8 *removable = g_new (guint8, n);
      g_auto(TfPairSums) ps = { 0 };
      gint64 delta = 0;

      for (guint c = 0; c < n; c++)
        removable[c] = c < q->n_chip_classes;
      tf_pair_sums_init (&ps, q, NULL);
      if (!tf_pair_sums_by_source (q, removable, 1, &ps, error))
        return FALSE;
      cut = 0;
      for (guint c = 0; c < q->n_chip_classes; c++)
        {
          delta += ps.delta_sum[c];
          cut += ps.cut_pairs[c];
        }
      g_assert ((gint64) (q->n_chip * row - 2 * row) + delta >= 0);
      sum = (guint64) ((gint64) (q->n_chip * row - 2 * row) + delta);
    }
  failure_ratios (n_left, sum, cut, penalty, &out->apl_fail, &out->disconnected_fraction);
  return TRUE;
}

/* Link failures of a chip-transitive direct network, added to the chip failures @out holds:
 * an automorphism taking chip 0 to chip s maps the links onto the links, so the change all
 * link failures make to the pairs from s, summed over the links, is the one from chip 0. The
 * mean is linear in those sums: one source does. @q must be twin-free. */
static gboolean
transitive_link_metrics (const TfQuotient     *q,
                         const TfNetworkGraph *graph,
                         double                penalty,
                         TfPathMetrics        *out,
                         GError              **error)
{
  guint n_links = graph->n_links;
  g_autofree guint8 *removable = g_new0 (guint8, q->n_classes);
  g_auto(TfPairSums) ps = { 0 };
  double n_chip = q->n_chip, pairs = n_chip * (n_chip - 1), delta = 0, cut = 0, links_apl;

  tf_pair_sums_init (&ps, q, graph);
  if (!tf_pair_sums_by_source (q, removable, 1, &ps, error))
    return FALSE;
  for (guint i = 0; i < n_links; i++)
    {
      delta += (double) ps.link_delta_sum[i];
      cut += (double) ps.link_cut_pairs[i];
    }
  /* Sum over the links of APL_e: every pair's whole sum, plus every source's changes. */
  links_apl = (n_links * n_chip * (double) ps.row[0] + n_chip * delta + penalty * n_chip * cut)
              / pairs;
  out->apl_fail = (n_chip * out->apl_fail + links_apl) / (n_chip + n_links);
  out->disconnected_fraction = (n_chip * out->disconnected_fraction + n_chip * cut / pairs)
                               / (n_chip + n_links);
  return TRUE;
}

/* Switch failures of a graph whose groups rotate onto groups (group-rotation.c), @own its twin
 * quotient: searched from one group's chips on the graph with its last group filled, and with
 * @hops (may be NULL) the hop table's rows from the same group's. FALSE, @out and @hops
 * untouched, when @rotation is no automorphism of it (an edited graph) or the searches fail
 * (which the plain searches then report). */
static gboolean
rotated_metrics (const TfNetworkGraph  *graph,
                 const TfQuotient      *own,
                 const TfGroupRotation *rotation,
                 double                 penalty,
                 TfHopTable            *hops,
                 TfPathMetrics         *out)
{
  TfQuotient q;
  TfRotatedGraph r;
  g_auto(TfChipOrbits) orbits = { 0 };
  TfRotatedSources rs;
  TfPathMetrics pm = *out;
  gboolean ok = FALSE;

  if (!tf_rotated_graph_init (&r, graph, own, rotation))
    return FALSE;
  tf_quotient_init (&q, &r.full, TRUE);
  tf_chip_orbits_init_fixing_switches (&orbits, &q);
  if (tf_rotated_sources_init (&rs, &r, &q, &orbits))
    {
      ok = per_source_metrics (&q, graph->n_chip, TRUE, FALSE, NULL, penalty, NULL, &rs, NULL,
                               &pm, NULL);
      tf_rotated_sources_clear (&rs);
    }
  if (ok && hops != NULL)
    {
      /* The graph's own rows, one per class its chip orbits search (as without rotation). */
      TfChipOrbits *own_orbits = g_new (TfChipOrbits, 1);

      tf_chip_orbits_init_fixing_switches (own_orbits, own);
      tf_hop_table_begin (hops, graph, own, own_orbits, FALSE);   /* which owns the orbits */
      tf_hop_table_rotated_rows (hops, own, &r, &q);
    }
  tf_quotient_clear (&q);
  tf_rotated_graph_clear (&r);
  if (ok)
    *out = pm;
  return ok;
}

gboolean
tf_path_metrics (const TfNetworkGraph  *graph,
                 gboolean               chip_transitive,
                 gboolean               with_failures,
                 TfFailures             failures,
                 double                 penalty,
                 const TfGroupRotation *rotation,
                 TfHopTable            *hops,
                 TfPathMetrics         *out,
                 GError               **error)
{
  gboolean routing_chips = graph->n_switch == 0;
  gboolean want_links = failures == TF_FAILURES_SWITCHES_AND_LINKS;
  gboolean links = with_failures && want_links;
  TfQuotient q;
  gboolean ok;

  memset (out, 0, sizeof *out);
  out->failure_cases = (routing_chips ? graph->n_chip : graph->n_switch)
                       + (want_links ? graph->n_links : 0);
  if (graph->n_chip < 2)
    {
      out->failures_done = TRUE;
      return TRUE;   /* no pairs */
    }
  if (penalty <= 0)
    penalty = graph->n_chip;

  tf_quotient_init (&q, graph, !links || (chip_transitive && routing_chips));
  if (rotation != NULL && !want_links && !routing_chips
      && rotated_metrics (graph, &q, rotation, penalty, hops, out))
    ok = TRUE;
  else if (chip_transitive && routing_chips)
    {
      ok = transitive_metrics (&q, penalty, out, error);
      out->failures_done = !want_links || links;
      if (ok && links)
        {
          /* The links need the graph without its twins. */
          tf_quotient_clear (&q);
          tf_quotient_init (&q, graph, FALSE);
          ok = transitive_link_metrics (&q, graph, penalty, out, error);
        }
    }
  else if (links)
    ok = per_source_metrics (&q, graph->n_chip, TRUE, routing_chips, graph, penalty, NULL, NULL,
                             NULL, out, error);
  else
    {
      /* The searches from every chip class on the quotient with twins merged, or from one of
       * each orbit when switches fail (their sums are the same from any chip of an orbit):
       * the hop table's (Layers 2 and 3), made on the way. */
      TfChipOrbits *orbits = NULL;

      if (!routing_chips)
        {
          orbits = g_new (TfChipOrbits, 1);
          tf_chip_orbits_init (orbits, &q);
        }
      if (hops != NULL)
        tf_hop_table_begin (hops, graph, &q, orbits, TRUE);  /* which now owns the orbits */
      ok = per_source_metrics (&q, graph->n_chip, with_failures, routing_chips, NULL, penalty,
                               orbits, NULL, hops, out, error);
      if (hops != NULL && ok)
        {
          tf_hop_table_search_rest (hops, &q);
          tf_hop_table_finish (hops, &q);
        }
      else if (hops != NULL)
        tf_hop_table_clear (hops);
      else if (orbits != NULL)
        {
          tf_chip_orbits_clear (orbits);
          g_free (orbits);
        }
    }
  tf_quotient_clear (&q);
  return ok;
}
