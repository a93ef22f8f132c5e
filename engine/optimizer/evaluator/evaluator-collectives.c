/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-collectives.c: Layer 2 of the evaluator, collective times under the alpha-beta model.
 *
 * alpha is hops times the per-hop latency; beta comes from routing the collective's flows on the
 * candidate's own graph (routing.c): every flow splits evenly (per physical link, ECMP-style)
 * among the links that bring it one hop closer to its destination, and beta is the least
 * bandwidth-to-load ratio over the links it loads. docs/optimizer.md gives the formulas and the
 * reasoning.
 */
#include "names-private.h"
#include "routing-private.h"

#include <math.h>
#include <string.h>

#define UNREACHABLE TF_ROUTING_UNREACHABLE
/* Bytes / (GB/s) is nanoseconds; the model works in microseconds. */
#define BYTES_PER_US_PER_GBPS 1e3

static inline double
us_for_bytes (double bytes,
              double gbps)
{
  if (bytes <= 0)
    return 0;
  if (!(gbps > 0))
    return INFINITY;
  return bytes / (gbps * BYTES_PER_US_PER_GBPS);
}


TF_STATIC_NAMES (bottleneck_names, "none", "link", "injection", "bisection");

const char *
tf_bottleneck_kind_to_string (TfBottleneckKind kind)
{
  g_return_val_if_fail ((guint) kind < bottleneck_names.n, NULL);
  return bottleneck_names.names[kind];
}

char *
tf_bottleneck_to_text (const TfBottleneck *b)
{
  if (b->kind == TF_BOTTLENECK_LINK)
    return g_strdup_printf ("%s@%s", tf_link_type_to_string (b->link_type),
                            tf_reach_to_string (b->reach));
  return g_strdup (tf_bottleneck_kind_to_string (b->kind));
}

gboolean
tf_bottleneck_from_text (const char   *text,
                         TfBottleneck *b)
{
  const char *at = strchr (text, '@');

  if (at != NULL)
    {
      g_autofree char *type = g_strndup (text, at - text);
      TfLinkType t;
      TfReach reach;

      if (!tf_link_type_from_string (type, &t) || !tf_reach_from_string (at + 1, &reach))
        return FALSE;
      b->kind = TF_BOTTLENECK_LINK;
      b->link_type = t;
      b->reach = reach;
      return TRUE;
    }
  for (guint k = TF_BOTTLENECK_INJECTION; k < bottleneck_names.n; k++)
    if (strcmp (text, bottleneck_names.names[k]) == 0)
      {
        b->kind = k;
        return TRUE;
      }
  return FALSE;
}

void
tf_collective_model_init (TfCollectiveModel    *model,
                          const TfSearchConfig *config,
                          const TfNetworkGraph *graph,
                          const TfHopTable     *hops,
                          const TfChipLattice  *lattice,
                          const TfContext      *ctx,
                          double                bisection_gbps)
{
  g_return_if_fail (model != NULL && config != NULL && graph != NULL);
  g_return_if_fail (hops == NULL || hops->graph == graph);

  memset (model, 0, sizeof *model);
  model->config = config;
  model->graph = graph;
  model->hops = hops;
  model->bisection_gbps = bisection_gbps;
  model->priv = tf_routing_new (graph, hops, lattice, ctx);
  model->concurrent = g_array_new (FALSE, FALSE, sizeof (guint32));
}

void
tf_collective_model_clear (TfCollectiveModel *model)
{
  g_return_if_fail (model != NULL);

  tf_routing_free (model->priv);
  if (model->concurrent != NULL)
    g_array_unref (model->concurrent);
  memset (model, 0, sizeof *model);
}

/* What a group's times need, apart from the message size. */
typedef struct
{
  gboolean has_ring;
  double   ring_alpha_us;    /* max over ring neighbours of alpha */
  double   ring_beta_gbps;   /* min over links of bandwidth / load, all ring flows at once */
  TfBottleneck ring_bottleneck;
  gboolean has_all_to_all;
  double   a2a_alpha_us;     /* mean over ordered pairs of alpha */
  double   a2a_inject_gbps;  /* min over the group of a chip's link bandwidth */
} GroupShape;

static void
ring_shape (TfCollectiveModel *model,
            const guint32     *group,
            guint              n,
            GroupShape        *shape)
{
  double latency = model->config->hardware.link_latency_us;
  g_autofree guint32 *pairs = g_new (guint32, 2 * (gsize) n);
  guint hops;
  gboolean reachable;

  for (guint i = 0; i < n; i++)
    {
      pairs[2 * i] = group[i];
      pairs[2 * i + 1] = group[(i + 1) % n];
    }
  reachable = tf_routing_add_flows (model->priv, pairs, n, &hops);
  shape->has_ring = TRUE;
  shape->ring_alpha_us = hops * latency;
  shape->ring_beta_gbps = tf_routing_collect_beta (model->priv, &shape->ring_bottleneck);
  if (!reachable)
    shape->ring_beta_gbps = 0;
}

/* With @mean_hops >= 0, the mean hops over the group's ordered pairs are known (Layer 1's apl,
 * when the group is every chip: n_chip² distances not read again). */
static void
all_to_all_shape (TfCollectiveModel *model,
                  const guint32     *group,
                  guint              n,
                  double             mean_hops,
                  GroupShape        *shape)
{
  const double *chip_gbps = tf_routing_chip_gbps (model->priv);
  double hops = 0, inject = INFINITY;

  for (guint j = 0; j < n; j++)
    {
      TfDestination d;

      inject = MIN (inject, chip_gbps[group[j]]);
      if (mean_hops >= 0)
        continue;
      tf_routing_destination (model->priv, group[j], group, n, 0, &d);
      for (guint i = 0; i < n; i++)
        if (i != j)
          {
            guint h = tf_destination_distance (&d, group[i]);

            hops += h == UNREACHABLE ? INFINITY : h;
          }
    }
  if (mean_hops < 0)
    mean_hops = n > 1 ? hops / ((double) n * (n - 1)) : 0;
  shape->has_all_to_all = TRUE;
  shape->a2a_alpha_us = mean_hops * model->config->hardware.link_latency_us;
  shape->a2a_inject_gbps = inject;
}

static double
shape_time (TfCollectiveModel *model,
            const GroupShape  *shape,
            TfPrimitive        primitive,
            guint              n,
            double             bytes)
{
  double chunk = bytes / n, step;

  memset (&model->bottleneck, 0, sizeof model->bottleneck);
  if (n < 2)
    return 0;
  if (primitive != TF_PRIMITIVE_ALL_TO_ALL)
    model->bottleneck = shape->ring_bottleneck;
  switch (primitive)
    {
    case TF_PRIMITIVE_ALL_REDUCE:
      step = shape->ring_alpha_us + us_for_bytes (chunk, shape->ring_beta_gbps);
      return 2.0 * (n - 1) * step;
    case TF_PRIMITIVE_ALL_GATHER:
    case TF_PRIMITIVE_REDUCE_SCATTER:
      step = shape->ring_alpha_us + us_for_bytes (chunk, shape->ring_beta_gbps);
      return (double) (n - 1) * step;
    case TF_PRIMITIVE_ALL_TO_ALL:
      {
        double inject = us_for_bytes (bytes * (n - 1) / n, shape->a2a_inject_gbps);
        double cross = 0;

        /* The group's share of the network's bisection; an upper bound on bandwidth (Layer 1
         * found a real cut), so this is a lower bound on the time. Unknown (0): no bound. */
        if (model->bisection_gbps > 0 && model->graph->n_chip > 0)
          cross = us_for_bytes (n * bytes / 4,
                                model->bisection_gbps * n / model->graph->n_chip);
        model->bottleneck.kind = cross > inject ? TF_BOTTLENECK_BISECTION
                                                : TF_BOTTLENECK_INJECTION;
        model->bottleneck.gbps = cross > inject ? model->bisection_gbps * n / model->graph->n_chip
                                                : shape->a2a_inject_gbps;
        return (n - 1) * shape->a2a_alpha_us + MAX (inject, cross);
      }
    case TF_N_PRIMITIVES:
    default:
      g_return_val_if_reached (0);
    }
}

double
tf_collective_time (TfCollectiveModel *model,
                    TfPrimitive        primitive,
                    const guint32     *group,
                    guint              n,
                    double             bytes)
{
  GroupShape shape = { 0 };

  g_return_val_if_fail (model != NULL && model->priv != NULL, 0);
  g_return_val_if_fail (primitive < TF_N_PRIMITIVES, 0);
  g_return_val_if_fail (n == 0 || group != NULL, 0);

  memset (&model->bottleneck, 0, sizeof model->bottleneck);
  if (n < 2)
    return 0;
  if (primitive == TF_PRIMITIVE_ALL_TO_ALL)
    all_to_all_shape (model, group, n, -1, &shape);
  else
    ring_shape (model, group, n, &shape);
  return shape_time (model, &shape, primitive, n, bytes);
}

double
tf_p2p_time (TfCollectiveModel *model,
             guint32            a,
             guint32            b,
             double             bytes)
{
  guint hops;
  double beta;

  g_return_val_if_fail (model != NULL && model->priv != NULL, 0);
  g_return_val_if_fail (a < model->graph->n_chip && b < model->graph->n_chip, 0);

  memset (&model->bottleneck, 0, sizeof model->bottleneck);
  if (a == b)
    return 0;
  if (!tf_routing_p2p (model->priv, a, b, &hops, &beta, &model->bottleneck))
    return INFINITY;
  return hops * model->config->hardware.link_latency_us + us_for_bytes (bytes, beta);
}

void
tf_concurrent_begin (TfCollectiveModel *model)
{
  g_return_if_fail (model != NULL && model->priv != NULL);

  g_array_set_size (model->concurrent, 0);
}

void
tf_concurrent_add (TfCollectiveModel *model,
                   guint32            source,
                   guint32            destination)
{
  guint32 pair[2] = { source, destination };

  g_return_if_fail (model != NULL && model->priv != NULL);

  if (source != destination)
    g_array_append_vals (model->concurrent, pair, 2);
}

double
tf_concurrent_step (TfCollectiveModel *model,
                    double             bytes)
{
  gboolean reachable;
  guint hops;
  double beta;

  g_return_val_if_fail (model != NULL && model->priv != NULL, 0);

  memset (&model->bottleneck, 0, sizeof model->bottleneck);
  reachable = tf_routing_add_flows (model->priv, (const guint32 *) model->concurrent->data,
                                    model->concurrent->len / 2, &hops);
  g_array_set_size (model->concurrent, 0);
  beta = tf_routing_collect_beta (model->priv, &model->bottleneck);
  if (!reachable)
    return INFINITY;
  return hops * model->config->hardware.link_latency_us + us_for_bytes (bytes, beta);
}

guint32 *
tf_rank_order (const TfNetworkGraph *graph)
{
  guint32 *order;

  g_return_val_if_fail (graph != NULL, NULL);

  /* board_chips lists every chip once, board by board (an invariant of every graph). */
  order = g_new (guint32, MAX (graph->n_chip, 1));
  if (graph->n_chip > 0)
    memcpy (order, graph->board_chips, sizeof (guint32) * graph->n_chip);
  return order;
}

gboolean
tf_evaluate_collectives (const TfSearchConfig  *config,
                         TfCandidate           *candidate,
                         GError               **error)
{
  const TfNetworkGraph *graph;
  const TfHopTable *hops;
  TfCollectiveModel model;
  GroupShape shape = { 0 };
  g_autofree guint32 *order = NULL;
  TfEvaluation *ev;
  guint n;

  g_return_val_if_fail (config != NULL && candidate != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  graph = &candidate->topology.graph;
  ev = &candidate->evaluation;
  n = graph->n_chip;

  /* The candidate's links were made with its own context's bandwidths (a loaded seed may
   * differ from the search's). */
  hops = candidate->hop_cache;   /* Layer 1's, when it made one */
  tf_collective_model_init (&model, config, graph, hops, &candidate->topology.lattice,
                            &candidate->topology.context, ev->bisection_bandwidth);
  order = tf_rank_order (graph);

  memset (ev->collective_us, 0, sizeof ev->collective_us);
  memset (ev->collective_bottleneck, 0, sizeof ev->collective_bottleneck);
  for (guint w = 0; w < config->n_workloads && w < TF_SEARCH_MAX_WORKLOADS; w++)
    {
      const TfWorkload *wl = &config->workloads[w];

      for (guint p = 0; p < TF_N_PRIMITIVES; p++)
        {
          if (!(wl->primitives & (1u << p)) || n < 2)
            continue;
          /* One routing per group, shared by every message size and workload. */
          if (p == TF_PRIMITIVE_ALL_TO_ALL && !shape.has_all_to_all)
            all_to_all_shape (&model, order, n,
                              ev->layers & TF_LAYER_STRUCTURE ? ev->apl : -1, &shape);
          else if (p != TF_PRIMITIVE_ALL_TO_ALL && !shape.has_ring)
            ring_shape (&model, order, n, &shape);
          for (guint k = 0; k < wl->n_message_sizes && k < TF_SEARCH_MAX_MESSAGE_SIZES; k++)
            ev->collective_us[w][p][k] = shape_time (&model, &shape, p, n,
                                                     (double) wl->message_sizes[k]);
          /* Of the largest message (the sizes are ascending). */
          ev->collective_bottleneck[w][p] = model.bottleneck;
        }
    }

  tf_collective_model_clear (&model);
  ev->layers |= TF_LAYER_COLLECTIVES;
  return TRUE;
}
