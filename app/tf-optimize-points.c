/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-optimize-points.c: what the Optimize view's plot shows of a run and of the files the user
 * evaluated: each set of the Pareto model filled from the run's result (the front's
 * representatives and the rest of the front with the candidate each stands with, the baseline's
 * front, the family front, the evaluated rows of the search and of Stage 0), rows as people
 * read them in the plot's objectives, with a line saying where each came from. */
#include <glib/gi18n.h>

#include "tf-optimize-view-private.h"

/* "4 chips per board, ring": what a run remembers of a design's boards. */
static void
append_boards (GString *text,
               guint    chips_per_board,
               guint    intra_board_topo)
{
  if (chips_per_board == 0)
    return;
  g_string_append (text, ", ");
  g_string_append_printf (text, g_dngettext (NULL, "%u chip per board", "%u chips per board",
                                             chips_per_board),
                          chips_per_board);
  if (intra_board_topo < TF_N_INTRA_BOARD_TOPOS)
    g_string_append_printf (text, " (%s)", tf_intra_board_topo_to_string (intra_board_topo));
}

/* A candidate of a front: its origin, and its boards when it has no graph to show them. */
static char *
dup_candidate_text (const TfCandidate *c)
{
  g_autofree char *origin = tf_candidate_dup_origin_text (c);
  GString *text = g_string_new (origin);

  if (c->topology.graph.n_chip == 0)
    append_boards (text, c->topology.graph.chips_per_board, c->topology.context.intra_board_topo);
  return g_string_free (text, FALSE);
}

/* A design of the front without a file: "graph_mutation, cand_000823, 4 chips per board
 * (ring)". */
static char *
dup_info_text (const TfEvaluatedInfo *info)
{
  GString *text = g_string_new (tf_origin_method_to_string (info->origin));

  g_string_append_printf (text, ", cand_%06u", info->id);
  append_boards (text, info->chips_per_board, info->intra_board_topo);
  return g_string_free (text, FALSE);
}

static void
candidate_points (TfOptimizeView  *self,
                  TfParetoSet      set,
                  const GPtrArray *candidates)
{
  TfParetoModel *model = tf_pareto_plot_get_model (self->plot);
  guint m = self->n_objectives, n = candidates ? candidates->len : 0;
  g_autofree double *rows = g_new (double, MAX (n, 1) * m);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      const TfCandidate *c = g_ptr_array_index (candidates, i);

      for (guint k = 0; k < m; k++)
        rows[i * m + k] = tf_objective_value (self->objectives[k], c->objectives[k]);
      g_ptr_array_add (texts, dup_candidate_text (c));
    }
  tf_pareto_model_set_points (model, set, rows, n, (const char *const *) texts->pdata);
}

static void
cloud_points (TfOptimizeView *self,
              TfParetoSet     set,
              const GArray   *evaluated)
{
  TfParetoModel *model = tf_pareto_plot_get_model (self->plot);
  guint m = self->n_objectives, n = evaluated ? evaluated->len / m : 0;
  g_autofree double *rows = g_new (double, MAX (n, 1) * m);

  for (guint i = 0; i < n * m; i++)
    rows[i] = tf_objective_value (self->objectives[i % m], g_array_index (evaluated, double, i));
  tf_pareto_model_set_points (model, set, rows, n, NULL);
}

static void
member_points (TfOptimizeView *self,
               const GArray   *members)
{
  TfParetoModel *model = tf_pareto_plot_get_model (self->plot);
  guint m = self->n_objectives, n = members ? members->len : 0;
  g_autofree double *rows = g_new (double, MAX (n, 1) * m);
  g_autofree guint *representatives = g_new (guint, MAX (n, 1));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      const TfFrontMember *member = &g_array_index (members, TfFrontMember, i);

      for (guint k = 0; k < m; k++)
        rows[i * m + k] = tf_objective_value (self->objectives[k], member->objectives[k]);
      representatives[i] = member->representative;
      g_ptr_array_add (texts, dup_info_text (&member->info));
    }
  tf_pareto_model_set_points (model, TF_PARETO_MEMBERS, rows, n,
                              (const char *const *) texts->pdata);
  tf_pareto_model_set_representatives (model, representatives, n);
}

void
tf_optimize_view_plot_run (TfOptimizeView *self,
                           TfOptimizeRun  *run)
{
  const TfSearchResult *r = &run->result;

  candidate_points (self, TF_PARETO_FRONT, r->front);
  member_points (self, r->front_members);
  candidate_points (self, TF_PARETO_BASELINE, r->baseline_front);
  candidate_points (self, TF_PARETO_FAMILY, r->family_front);
  cloud_points (self, TF_PARETO_EVALUATED, r->evaluated);
  cloud_points (self, TF_PARETO_FAMILY_EVALUATED, r->family_evaluated);
}

void
tf_optimize_view_plot_designs (TfOptimizeView *self)
{
  TfParetoModel *model = tf_pareto_plot_get_model (self->plot);
  guint m = self->n_objectives, n = self->designs->len;
  g_autofree double *rows = g_new (double, MAX (n, 1) * MAX (m, 1));
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  if (m == 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      const TfDesign *design = g_ptr_array_index (self->designs, i);

      /* Each objective of the plot, whatever the objectives of the configuration that judged
       * it: every layer was computed (NAN where it could not be, which is not placed). */
      for (guint k = 0; k < m; k++)
        rows[i * m + k] = design->values[self->objectives[k]];
      g_ptr_array_add (names, design->name);
    }
  tf_pareto_model_set_points (model, TF_PARETO_FILES, rows, n,
                              (const char *const *) names->pdata);
}

int
tf_optimize_view_stands_for (TfOptimizeView *self,
                             guint           index)
{
  const GArray *members = self->run != NULL ? self->run->result.front_members : NULL;
  guint n = 0;

  /* Without representatives every design of the front is a candidate of its own. */
  if (members == NULL || members->len == 0)
    return -1;
  for (guint i = 0; i < members->len; i++)
    n += g_array_index (members, TfFrontMember, i).representative == index;
  return (int) n;
}
