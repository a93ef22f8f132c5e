/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export-private.h: what the export formats share with their callers beyond topoforge.h. */
#pragma once

#include "graph-private.h"

G_BEGIN_DECLS

/* A SimGrid platform for Stage 2 (export-simgrid.c writes it; stage-2.c gives the routes): every
 * link's latency @link_latency_ns (as the alpha-beta model's hop), and one route per ordered
 * pair of chips listed, along the link records given (route_links[route_offset[i] ..
 * route_offset[i + 1]), from route_src[i] to route_dst[i]), not symmetrical. */
typedef struct
{
  double         link_latency_ns;
  guint          n_routes;
  const guint32 *route_src;
  const guint32 *route_dst;
  const guint   *route_offset;   /* n_routes + 1 */
  const guint32 *route_links;
} TfSimgridRoutes;

void tf_topology_append_simgrid_platform (const TfTopology *topology,
                                          const TfSimgridRoutes *routes, GString *out);

G_END_DECLS
