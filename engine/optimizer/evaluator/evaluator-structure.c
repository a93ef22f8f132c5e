/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-structure.c: Layer 1 of the evaluator, graph structure (the spec's
 * "Layer 1：拓扑结构指标"), but switch_diversity (evaluator-diversity.c, computed only where
 * it is read: TF_LAYER_PATHS is this part, TF_LAYER_STRUCTURE all of Layer 1). Its parts live
 * apart: the twin quotient (twin-quotient.c), the paths and failures (evaluator-failures.c,
 * pair-sums.c), the bit-parallel search (bfs-bit-parallel.c); the hop table Layer 2 reads is
 * hop-table.c.
 *
 * What is measured, where the spec leaves holes (docs/optimizer.md repeats these decisions):
 *
 * - diameter, apl, apl_fail, disconnected_fraction and failure_cases: over ordered pairs of
 *   distinct chips, ATOP §3.4's formula 2 with its holes closed (a pair a failure cuts apart
 *   counts config->disconnected_penalty_hops hops; what fails is config->failures), defined
 *   and computed in evaluator-failures.c.
 * - bisection_bandwidth is the family's value while the candidate still is a family's result
 *   with a bisection, else tf_network_graph_bisection_bound(). Either is the bandwidth of a real
 *   balanced cut: an upper bound on the spec's minimum (exact where the family proves it).
 */
#include "structure-private.h"
#include "family-private.h"
#include "union-find-private.h"
#include "metrics-private.h"

/* Summed over the switches, the ordered chip pairs a switch's failure must cut: the chips
 * joined by chip-to-chip links (a board's, say) whose links out all go to that one switch are
 * cut from every other chip, and the groups so hanging on it from each other. Any failure
 * analysis finds at least these. */
static double
sole_cut_pairs (const TfNetworkGraph *graph)
{
  /* Per group of chips: the one switch its links out reach, NONE before the first, MANY with
   * two. */
  enum { NONE = G_MAXUINT32, MANY = G_MAXUINT32 - 1 };
  guint n_chip = graph->n_chip;
  g_autofree guint32 *uf = g_new (guint32, MAX (n_chip, 1));
  g_autofree guint32 *only = g_new (guint32, MAX (n_chip, 1));
  g_autofree guint32 *size = g_new0 (guint32, MAX (n_chip, 1));
  g_autofree double *hanging = g_new0 (double, MAX (graph->n_switch, 1));
  g_autofree double *within = g_new0 (double, MAX (graph->n_switch, 1));
  double n = n_chip, pairs = 0;

  if (graph->n_switch == 0)
    return 0;
  for (guint c = 0; c < n_chip; c++)
    {
      uf[c] = c;
      only[c] = NONE;
    }
  for (guint i = 0; i < graph->n_links; i++)
    if (MAX (graph->links[i].a, graph->links[i].b) < n_chip)
      tf_uf_join (uf, graph->links[i].a, graph->links[i].b);
  /* Chips come before switches: a link's smaller end is its chip, if it has one. */
  for (guint i = 0; i < graph->n_links; i++)
    {
      guint32 chip = MIN (graph->links[i].a, graph->links[i].b);
      guint32 other = MAX (graph->links[i].a, graph->links[i].b);

      if (chip < n_chip && other >= n_chip)
        {
          guint32 *o = &only[tf_uf_find (uf, chip)];

          *o = *o == NONE || *o == other ? other : MANY;
        }
    }
  for (guint c = 0; c < n_chip; c++)
    size[tf_uf_find (uf, c)]++;
  for (guint c = 0; c < n_chip; c++)
    if (uf[c] == c && only[c] != NONE && only[c] != MANY)
      {
        double k = size[c];

        hanging[only[c] - n_chip] += k;
        within[only[c] - n_chip] += k * (k - 1);
      }
  for (guint s = 0; s < graph->n_switch; s++)
    {
      double k = hanging[s];

      pairs += n * (n - 1) - (n - k) * (n - k - 1) - within[s];
    }
  return pairs;
}

/* Layer 1 but switch_diversity; without @with_failures, apl_fail and disconnected_fraction only
 * where they come with the paths at no extra search (TF_LAYER_FAILURES then set too). */
static gboolean
evaluate_structure (const TfSearchConfig *config,
                    TfCandidate          *candidate,
                    gboolean              with_failures,
                    GError              **error)
{
  const TfTopology *topology;
  TfEvaluation *ev;
  TfPathMetrics pm;
  TfHopTable *hops = NULL;
  TfGroupRotation rotation;
  gboolean has_rotation;

  g_return_val_if_fail (candidate != NULL, FALSE);

  topology = &candidate->topology;
  ev = &candidate->evaluation;
  /* Layer 1's searches give the hop table Layers 2 and 3 read, when it makes one from every
   * class of twin chips; else they build it when they need it. */
  if (candidate->hop_cache == NULL
      && !(ev->layers & (TF_LAYER_COLLECTIVES | TF_LAYER_ITERATION)))
    hops = g_new0 (TfHopTable, 1);
  /* A family's rotation of its groups, checked on the graph before use (an edited graph keeps
   * its family's result but seldom the symmetry). */
  has_rotation = tf_result_get_group_rotation (&topology->context, &topology->result,
                                               &rotation);
  if (!tf_path_metrics (&topology->graph, candidate->chip_transitive, with_failures,
                        config != NULL ? config->failures : TF_FAILURES_SWITCHES,
                        config != NULL ? config->disconnected_penalty_hops : 0,
                        has_rotation ? &rotation : NULL, hops, &pm, error))
    {
      g_free (hops);
      return FALSE;
    }
  if (hops != NULL && hops->graph != NULL)
    candidate->hop_cache = hops;
  else
    g_free (hops);
  ev->diameter = pm.diameter;
  ev->apl = pm.apl;
  ev->apl_fail = pm.apl_fail;
  ev->disconnected_fraction = pm.disconnected_fraction;
  ev->failure_cases = pm.failure_cases;
  if (!pm.failures_done)
    {
      /* The pairs every failure must cut, or the sampled sources' part: the larger bound. */
      double n = topology->graph.n_chip, pairs = n * (n - 1);
      double cut = pairs > 0 ? sole_cut_pairs (&topology->graph) / pairs : 0;
      double penalty = config != NULL && config->disconnected_penalty_hops > 0
                       ? config->disconnected_penalty_hops : n;

      ev->failure_cut_bound = MAX (cut, pm.cut_bound);
      ev->failure_hops_bound = MAX (MAX (0.0, penalty - pm.diameter) * cut, pm.hops_bound);
    }

  /* Both are the bandwidth of a real balanced cut, an upper bound on the minimum; the failure
   * analysis after the paths has it already. */
  if (ev->layers & TF_LAYER_PATHS)
    ;   /* kept */
  else if (topology->result.family != NULL
           && topology->result.metrics.bisection_bandwidth_method != TF_METHOD_NONE)
    ev->bisection_bandwidth = topology->result.metrics.bisection_bandwidth;
  else
    {
      guint64 links;

      tf_network_graph_bisection_bound (&topology->graph, &topology->context, &links,
                                        &ev->bisection_bandwidth);
    }
  ev->layers |= TF_LAYER_PATHS | (pm.failures_done ? TF_LAYER_FAILURES : 0);
  return TRUE;
}

gboolean
tf_evaluate_structure (const TfSearchConfig *config,
                       TfCandidate          *candidate,
                       GError              **error)
{
  return evaluate_structure (config, candidate, TRUE, error);
}

gboolean
tf_evaluate_paths (const TfSearchConfig *config,
                   TfCandidate          *candidate,
                   GError              **error)
{
  return evaluate_structure (config, candidate, FALSE, error);
}

