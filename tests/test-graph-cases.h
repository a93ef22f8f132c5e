/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-graph-cases.h: the sweep of generated graphs that the render and app tests share:
 * every family x n_chip 8, 64, 512 x both scopes x every intra_board_topo (and chip_radix 2
 * without one, whose parallel links have a multiplicity). Each context gives its first and last
 * result within 20,000 links, and its first 3-layer fat-tree (the only family with datacenter
 * switches), once as generated (one pod) and once with each fat-tree group in a pod of its own
 * ("/pods": the one case with several pods). Graphs are generated on first use and kept. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

typedef struct
{
  TfContext  ctx;
  char      *id;
  char      *name;       /* n<n_chip>/<scope>/<topo>/r<radix>/<id> */
  gboolean   spread_pods;  /* each part joined below the datacenter switches its own pod */
  gboolean   generated;
  TfTopology topology;
} TfTestGraphCase;

/* The sweep, a GPtrArray of TfTestGraphCase that frees them. */
GPtrArray             *tf_test_graph_cases_new (void);
const TfNetworkGraph  *tf_test_graph_case_graph (const TfTestGraphCase *c);
/* The first case whose name starts with @prefix; aborts when there is none. */
const TfTestGraphCase *tf_test_graph_cases_find (GPtrArray *cases, const char *prefix);
/* One test per case, "@prefix/<name>", called with the case as its data. */
void                   tf_test_graph_cases_add (GPtrArray *cases, const char *prefix,
                                                GTestDataFunc func);

G_END_DECLS
