/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-optimize-view.c: the Optimize view (see tf-optimize-view.h). */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-format.h"
#include "tf-optimize-view-private.h"


G_DEFINE_FINAL_TYPE (TfOptimizeView, tf_optimize_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BUSY,
  PROP_RUNNING,
  PROP_STATUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* State */

void
tf_optimize_view_show_error (TfOptimizeView *self,
                             const char     *message)
{
  g_autofree char *valid = message ? g_utf8_make_valid (message, -1) : NULL;

  g_free (self->error);
  self->error = g_steal_pointer (&valid);
  gtk_label_set_text (self->banner_label, self->error ? self->error : "");
  gtk_revealer_set_reveal_child (self->banner, self->error != NULL);
}

static void
banner_dismissed (TfOptimizeView *self)
{
  tf_optimize_view_show_error (self, NULL);
}

void
tf_optimize_view_set_status (TfOptimizeView *self,
                             const char     *text)
{
  gtk_label_set_text (self->progress_label, text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

const TfCandidate *
tf_optimize_view_front_candidate (TfOptimizeView *self,
                                  guint           index)
{
  if (self->run == NULL || self->run->result.front == NULL
      || index >= self->run->result.front->len)
    return NULL;
  return g_ptr_array_index (self->run->result.front, index);
}

GArray *
tf_optimize_view_dup_selection (TfOptimizeView *self)
{
  return tf_pareto_model_get_selection (tf_pareto_plot_get_model (self->plot));
}

void
tf_optimize_view_update_actions (TfOptimizeView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running = self->searching != NULL;
  gboolean working = self->working != NULL;
  gboolean valid = tf_search_form_get_valid (self->form);
  g_autoptr(GArray) selection = tf_optimize_view_dup_selection (self);
  const TfCandidate *one = NULL;

  if (selection->len == 1)
    one = tf_optimize_view_front_candidate (self, g_array_index (selection, guint, 0));
  gtk_widget_action_set_enabled (widget, "optimize.run", !running && !working && valid);
  gtk_widget_action_set_enabled (widget, "optimize.stop", running);
  gtk_widget_action_set_enabled (widget, "optimize.open-config", !running);
  gtk_widget_action_set_enabled (widget, "optimize.save-config", valid);
  gtk_widget_action_set_enabled (widget, "optimize.open-run", !running && !working);
  gtk_widget_action_set_enabled (widget, "optimize.save-run", self->run != NULL && !working);
  gtk_widget_action_set_enabled (widget, "optimize.export-selected",
                                 self->run != NULL && !working && selection->len > 0);
  gtk_widget_action_set_enabled (widget, "optimize.compare-seed",
                                 one != NULL && one->origin.seed_id != NULL && !working);
  gtk_widget_action_set_enabled (widget, "optimize.evaluate-file", valid);
}

void
tf_optimize_view_set_busy (TfOptimizeView *self,
                           GCancellable  **slot,
                           GCancellable   *cancellable)
{
  gboolean was_busy = tf_optimize_view_get_busy (self);
  gboolean was_running = self->searching != NULL;

  g_assert (TF_IS_OPTIMIZE_VIEW (self));

  if (*slot != NULL && *slot != cancellable)
    g_cancellable_cancel (*slot);
  g_set_object (slot, cancellable);
  tf_optimize_view_update_actions (self);
  if (was_busy != tf_optimize_view_get_busy (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  if (was_running != (self->searching != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
tf_optimize_view_was_replaced (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* The plot's objectives and the axis choosers */

static void
fill_axis_choosers (TfOptimizeView *self)
{
  TfParetoModel *model = tf_pareto_plot_get_model (self->plot);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) colours = gtk_string_list_new (NULL);

  gtk_string_list_append (colours, _("None"));
  for (guint k = 0; k < self->n_objectives; k++)
    {
      const char *label = _(tf_objective_label (self->objectives[k]));

      gtk_string_list_append (names, label);
      gtk_string_list_append (colours, label);
    }
  self->setting_axes = TRUE;
  gtk_drop_down_set_model (self->x_axis, G_LIST_MODEL (names));
  gtk_drop_down_set_model (self->y_axis, G_LIST_MODEL (names));
  gtk_drop_down_set_model (self->colour_axis, G_LIST_MODEL (colours));
  gtk_drop_down_set_selected (self->x_axis, MAX (0, tf_pareto_model_get_axis (model,
                                                                              TF_PARETO_AXIS_X)));
  gtk_drop_down_set_selected (self->y_axis, MAX (0, tf_pareto_model_get_axis (model,
                                                                              TF_PARETO_AXIS_Y)));
  gtk_drop_down_set_selected (self->colour_axis,
                              tf_pareto_model_get_axis (model, TF_PARETO_AXIS_COLOUR) + 1);
  gtk_toggle_button_set_active (self->x_log, FALSE);
  gtk_toggle_button_set_active (self->y_log, FALSE);
  self->setting_axes = FALSE;
}

/* A new set of objectives empties the plot. */
void
tf_optimize_view_set_objectives (TfOptimizeView       *self,
                                 const TfSearchConfig *config)
{
  TfParetoModel *model = tf_pareto_plot_get_model (self->plot);

  self->n_objectives = config->n_objectives;
  memcpy (self->objectives, config->objectives, sizeof self->objectives);
  tf_pareto_model_set_objectives (model, self->n_objectives, self->objectives);
  /* The files evaluated stay beside whatever front is shown. */
  tf_optimize_view_plot_designs (self);
  fill_axis_choosers (self);
  tf_pareto_plot_points_changed (self->plot, TRUE);
}

static void
axis_chosen (TfOptimizeView *self)
{
  guint colour;

  if (self->setting_axes || self->n_objectives == 0)
    return;
  colour = gtk_drop_down_get_selected (self->colour_axis);
  tf_pareto_plot_set_axis (self->plot, TF_PARETO_AXIS_X,
                           (int) MIN (gtk_drop_down_get_selected (self->x_axis),
                                      self->n_objectives - 1));
  tf_pareto_plot_set_axis (self->plot, TF_PARETO_AXIS_Y,
                           (int) MIN (gtk_drop_down_get_selected (self->y_axis),
                                      self->n_objectives - 1));
  tf_pareto_plot_set_axis (self->plot, TF_PARETO_AXIS_COLOUR,
                           colour == 0 || colour == GTK_INVALID_LIST_POSITION
                             ? -1 : (int) colour - 1);
}

static void
log_toggled (TfOptimizeView  *self,
             GtkToggleButton *button)
{
  TfParetoAxis axis = button == self->x_log ? TF_PARETO_AXIS_X : TF_PARETO_AXIS_Y;
  gboolean log = gtk_toggle_button_get_active (button);

  if (self->setting_axes)
    return;
  if (!tf_pareto_plot_set_log (self->plot, axis, log))
    {
      self->setting_axes = TRUE;
      gtk_toggle_button_set_active (button, FALSE);
      self->setting_axes = FALSE;
      tf_optimize_view_show_error (self, _("A logarithmic axis needs every value shown to be "
                                           "above zero"));
    }
}

/* The plot takes more than half the height the first time the page has one (a tall window
 * gives the plot what it gives the 3D view), at least its first 460 px; then the user's. */
static void
result_paned_placed (TfOptimizeView *self)
{
  int max = 0;

  g_object_get (self->result_paned, "max-position", &max, NULL);
  if (self->paned_placed || max <= 0 || !gtk_widget_get_mapped (GTK_WIDGET (self->result_paned)))
    return;
  self->paned_placed = TRUE;
  gtk_paned_set_position (self->result_paned, MAX (460, (int) (0.58 * max)));
}

static void
reset_view_clicked (TfOptimizeView *self)
{
  tf_pareto_model_reset_view (tf_pareto_plot_get_model (self->plot));
  tf_pareto_plot_points_changed (self->plot, TRUE);
}

/* The selection: 3D and the panel */

static void
show_in (TfOptimizeView   *self,
         TfTopologyView   *view,
         TfShownCandidate *shown)
{
  if (shown == NULL || shown->item.candidate == NULL)
    {
      tf_topology_view_show (view, NULL, NULL, NULL);
      return;
    }
  /* The view holds the owner as long as it shows its topology. */
  tf_topology_view_show (view, &shown->item.candidate->topology, g_steal_pointer (&shown->owner),
                         shown->release);
}

void
tf_optimize_view_show_candidates (TfOptimizeView       *self,
                                  const TfSearchConfig *config,
                                  TfShownCandidate     *a,
                                  TfShownCandidate     *b)
{
  gboolean has_a = a != NULL && a->item.candidate != NULL;
  gboolean has_b = has_a && b != NULL && b->item.candidate != NULL;

  /* The panel reads the candidates now, while their owners still hold them. */
  tf_candidate_panel_show (self->panel, config, has_a ? &a->item : NULL,
                           has_b ? &b->item : NULL);
  show_in (self, self->view_a, has_a ? a : NULL);
  show_in (self, self->view_b, has_b ? b : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->view_b), has_b);
  gtk_widget_set_visible (GTK_WIDGET (self->view_placeholder), !has_a);
  /* What was not shown is released. */
  if (a != NULL && a->owner != NULL)
    g_clear_pointer (&a->owner, a->release);
  if (b != NULL && b->owner != NULL)
    g_clear_pointer (&b->owner, b->release);
}

char *
tf_optimize_view_candidate_title (guint index)
{
  /* TRANSLATORS: a front candidate, numbered as its file pareto/candidate_NNN.yaml */
  return g_strdup_printf (_("Candidate %u"), index + 1);
}

void
tf_optimize_view_shown_front (TfOptimizeView   *self,
                              guint             index,
                              TfShownCandidate *out,
                              char            **title)
{
  const TfCandidate *c = tf_optimize_view_front_candidate (self, index);

  *title = tf_optimize_view_candidate_title (index);
  *out = (TfShownCandidate) {
    .item = { c, *title, tf_optimize_view_stands_for (self, index), NULL },
    .owner = c != NULL ? tf_optimize_run_ref (self->run) : NULL,
    .release = (GDestroyNotify) tf_optimize_run_unref,
  };
}

static void
shown_design (TfOptimizeView   *self,
              guint             index,
              TfShownCandidate *out)
{
  TfDesign *design = g_ptr_array_index (self->designs, index);

  *out = (TfShownCandidate) {
    .item = { design->candidate, design->name, -1,
              design->violation != NULL ? design->violation : "" },
    .owner = tf_design_ref (design),
    .release = (GDestroyNotify) tf_design_unref,
  };
}

/* The selection in the panel and in 3D: the front's candidates first, then the files, the
 * first two side by side. */
static void
plot_selection_changed (TfOptimizeView *self)
{
  TfParetoModel *model = tf_pareto_plot_get_model (self->plot);
  g_autoptr(GArray) selection = tf_optimize_view_dup_selection (self);
  g_autoptr(GArray) files = tf_pareto_model_get_selected (model, TF_PARETO_FILES);
  guint n = selection->len + files->len;
  g_autofree char *title_a = NULL, *title_b = NULL, *heading = NULL;
  TfShownCandidate shown[2] = { 0 };
  const TfSearchConfig *config = self->run != NULL ? &self->run->config : NULL;

  for (guint i = 0; i < MIN (n, 2); i++)
    {
      if (i < selection->len)
        tf_optimize_view_shown_front (self, g_array_index (selection, guint, i), &shown[i],
                                      i == 0 ? &title_a : &title_b);
      else
        {
          guint index = g_array_index (files, guint, i - selection->len);
          TfDesign *design = g_ptr_array_index (self->designs, index);

          /* Beside the run's candidates, a file reads in the run's objectives. */
          if (config == NULL)
            config = &design->config;
          tf_design_set_objectives (design, config);
          shown_design (self, index, &shown[i]);
          if (i == 0)
            title_a = g_strdup (design->name);
          else
            title_b = g_strdup (design->name);
        }
    }

  if (n == 0)
    heading = g_strdup (_("No candidate selected"));
  else if (self->run == NULL && selection->len > 0)
    heading = g_strdup_printf (_("%s: its graph and breakdown show once the search stops"),
                               title_a);
  else if (n == 1)
    heading = g_strdup (title_a);
  else if (n == 2)
    /* TRANSLATORS: two candidates compared, e.g. "Candidate 3 and Candidate 7" */
    heading = g_strdup_printf (_("%s and %s"), title_a, title_b);
  else
    heading = g_strdup_printf (g_dngettext (NULL, "%u candidate selected; comparing the first two",
                                            "%u candidates selected; comparing the first two",
                                            n),
                               n);
  gtk_label_set_text (self->selection_label, heading);
  tf_optimize_view_show_candidates (self, config, &shown[0], &shown[1]);
  tf_optimize_view_update_actions (self);
}

/* Showing a run */

void
tf_optimize_view_show_run (TfOptimizeView *self,
                           TfOptimizeRun  *run,
                           gboolean        fresh)
{
  g_clear_pointer (&self->run, tf_optimize_run_unref);
  self->run = tf_optimize_run_ref (run);
  if (fresh || self->n_objectives != run->config.n_objectives
      || memcmp (self->objectives, run->config.objectives,
                 run->config.n_objectives * sizeof (TfObjective)) != 0)
    tf_optimize_view_set_objectives (self, &run->config);
  tf_optimize_view_plot_run (self, run);
  tf_pareto_plot_points_changed (self->plot, fresh);
  plot_selection_changed (self);
}

/* What the run holds beyond its front, after the line that says how it ended: the designs
 * the front's candidates stand for, the family front. */
void
tf_optimize_view_append_run_status (TfOptimizeView *self,
                                    TfOptimizeRun  *run)
{
  const TfSearchResult *r = &run->result;
  GString *text = g_string_new (gtk_label_get_text (self->progress_label));
  guint n_members = r->front_members != NULL ? r->front_members->len : 0;

  if (n_members > 0)
    g_string_append_printf (text, g_dngettext (NULL, " · %u more design of the front, drawn "
                                               "small beside the candidate standing for it",
                                               " · %u more designs of the front, drawn small "
                                               "beside the candidates standing for them",
                                               n_members),
                            n_members);
  if (r->family_front != NULL)
    g_string_append_printf (text, g_dngettext (NULL, " · family front of %u design, "
                                               "hypervolume %.4f",
                                               " · family front of %u designs, "
                                               "hypervolume %.4f",
                                               r->family_front->len),
                            r->family_front->len, r->family_hypervolume);
  tf_optimize_view_set_status (self, text->str);
  g_string_free (text, TRUE);
}

/* Run and Stop */

static void
on_snapshot (GObject                *target,
             const TfSearchSnapshot *snapshot)
{
  TfOptimizeView *self = TF_OPTIMIZE_VIEW (target);
  TfParetoModel *model = tf_pareto_plot_get_model (self->plot);
  const TfSearchProgress *p = &snapshot->progress;
  guint m = snapshot->n_objectives, n_front = snapshot->front->len / MAX (m, 1);
  g_autofree char *text = NULL;

  if (self->searching == NULL || m != self->n_objectives)
    return;   /* a late report of a search already over */
  self->snapshots++;
  if (p->stage_2 > 0)
    {
      if (p->stage_2_done > 0)
        gtk_progress_bar_set_fraction (self->progress, (double) p->stage_2_done / p->stage_2);
      else
        gtk_progress_bar_pulse (self->progress);
      text = g_strdup_printf (g_dngettext (NULL, "Simulating %u front candidate with SimGrid…",
                                           "Simulating %u front candidates with SimGrid…",
                                           p->stage_2), p->stage_2);
    }
  else if (p->stage_0_total > 0)
    {
      g_autofree char *done = tf_format_count (p->stage_0_done);
      g_autofree char *total = tf_format_count (p->stage_0_total);
      g_autofree char *elapsed = tf_format_quantity (p->elapsed, 1, "s");

      /* Stage 0: the family front grows as the family designs are evaluated, their cloud
       * with it. */
      tf_pareto_model_set_points (model, TF_PARETO_FAMILY, (const double *) snapshot->front->data,
                                  n_front, (const char *const *) snapshot->origins->pdata);
      tf_pareto_model_append_points (model, TF_PARETO_FAMILY_EVALUATED,
                                     (const double *) snapshot->evaluated->data,
                                     snapshot->evaluated->len / m);
      gtk_progress_bar_set_fraction (self->progress, (double) p->stage_0_done / p->stage_0_total);
      /* TRANSLATORS: Stage 0's progress: the family designs evaluated so far, of how many */
      text = g_strdup_printf (_("Family designs: %s of %s · family front %u · %s"), done,
                              total, p->front_size, elapsed);
    }
  else if (!p->baseline)
    {
      g_autofree char *evaluated = tf_format_count (p->evaluations);
      g_autofree char *elapsed = tf_format_quantity (p->elapsed, 1, "s");

      tf_pareto_model_set_points (model, TF_PARETO_FRONT, (const double *) snapshot->front->data,
                                  n_front, (const char *const *) snapshot->origins->pdata);
      tf_pareto_model_append_points (model, TF_PARETO_EVALUATED,
                                     (const double *) snapshot->evaluated->data,
                                     snapshot->evaluated->len / m);
      self->search_evaluations = p->evaluations;
      gtk_progress_bar_set_fraction (self->progress,
                                     p->generations ? (double) p->generation / p->generations
                                                    : 0);
      text = g_strdup_printf (_("Generation %u of %u · %s evaluated · front %u · "
                                "hypervolume %.4f · %s"),
                              p->generation, p->generations, evaluated, p->front_size,
                              p->hypervolume, elapsed);
    }
  else
    {
      g_autofree char *evaluated = tf_format_count (p->evaluations);
      g_autofree char *of = tf_format_count (self->search_evaluations);

      tf_pareto_model_set_points (model, TF_PARETO_BASELINE,
                                  (const double *) snapshot->front->data, n_front,
                                  (const char *const *) snapshot->origins->pdata);
      gtk_progress_bar_set_fraction (self->progress,
                                     self->search_evaluations
                                       ? MIN (1.0, (double) p->evaluations
                                                     / self->search_evaluations)
                                       : 0);
      text = g_strdup_printf (_("Baseline · %s of %s evaluated · front %u · hypervolume %.4f"),
                              evaluated, of, p->front_size, p->hypervolume);
    }
  tf_optimize_view_set_status (self, text);
  tf_pareto_plot_points_changed (self->plot, self->snapshots == 1);
}

static void
search_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(TfOptimizeView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TfOptimizeRun) run = tf_search_run_finish (result, &error);
  g_autofree char *text = NULL;

  tf_optimize_view_set_busy (self, &self->searching, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), FALSE);
  if (run == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The search failed: %s"), error->message);

      tf_optimize_view_show_error (self, message);
      tf_optimize_view_set_status (self, message);
      return;
    }
  if (run->result.cancelled)
    text = g_strdup_printf (g_dngettext (NULL,
                                         "Stopped after generation %u: a front of %u candidate, "
                                         "hypervolume %.4f",
                                         "Stopped after generation %u: a front of %u candidates, "
                                         "hypervolume %.4f",
                                         run->result.front->len),
                            run->result.generations_done, run->result.front->len,
                            run->result.hypervolume);
  else if (run->result.baseline_front != NULL && run->result.baseline_hypervolume > 0)
    text = g_strdup_printf (g_dngettext (NULL,
                                         "Done: a front of %u candidate in %.1f s, hypervolume "
                                         "%.4f (baseline %.4f)",
                                         "Done: a front of %u candidates in %.1f s, hypervolume "
                                         "%.4f (baseline %.4f)",
                                         run->result.front->len),
                            run->result.front->len, run->result.seconds,
                            run->result.hypervolume, run->result.baseline_hypervolume);
  else
    text = g_strdup_printf (g_dngettext (NULL,
                                         "Done: a front of %u candidate in %.1f s, hypervolume "
                                         "%.4f",
                                         "Done: a front of %u candidates in %.1f s, hypervolume "
                                         "%.4f",
                                         run->result.front->len),
                            run->result.front->len, run->result.seconds,
                            run->result.hypervolume);
  tf_optimize_view_show_run (self, run, FALSE);
  tf_optimize_view_set_status (self, text);
  tf_optimize_view_append_run_status (self, run);
}

gboolean
tf_optimize_view_run (TfOptimizeView  *self,
                      GError         **error)
{
  TfSearchConfig config;
  g_autoptr(GCancellable) cancellable = NULL;

  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), FALSE);

  if (self->searching != NULL)
    {
      g_set_error_literal (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                           _("A search is running already"));
      return FALSE;
    }
  tf_search_config_init (&config);
  if (!tf_search_form_get_config (self->form, &config, error))
    {
      tf_search_config_clear (&config);
      return FALSE;
    }
  tf_optimize_view_show_error (self, NULL);
  g_clear_pointer (&self->run, tf_optimize_run_unref);
  tf_optimize_view_set_objectives (self, &config);
  plot_selection_changed (self);
  self->snapshots = 0;
  self->search_evaluations = 0;
  cancellable = g_cancellable_new ();
  tf_optimize_view_set_busy (self, &self->searching, cancellable);
  gtk_progress_bar_set_fraction (self->progress, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), TRUE);
  tf_optimize_view_set_status (self, _("Enumerating and generating the seeds…"));
  tf_search_run_async (&config, gtk_check_button_get_active (self->baseline_check),
                       G_OBJECT (self), on_snapshot, cancellable, search_done,
                       g_object_ref (self));
  return TRUE;
}

void
tf_optimize_view_stop (TfOptimizeView *self)
{
  g_return_if_fail (TF_IS_OPTIMIZE_VIEW (self));

  if (self->searching != NULL)
    {
      g_cancellable_cancel (self->searching);
      tf_optimize_view_set_status (self, _("Stopping at the end of this step…"));
    }
}

/* Actions */

static void
run_activated (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TfOptimizeView *self = TF_OPTIMIZE_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (!tf_optimize_view_run (self, &error))
    tf_optimize_view_show_error (self, error->message);
}

static void
stop_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  tf_optimize_view_stop (TF_OPTIMIZE_VIEW (widget));
}

static void
form_validity_changed (TfOptimizeView *self)
{
  tf_optimize_view_update_actions (self);
}

/* The widget */

static void
tf_optimize_view_dispose (GObject *object)
{
  TfOptimizeView *self = TF_OPTIMIZE_VIEW (object);

  if (self->searching != NULL)
    g_cancellable_cancel (self->searching);
  if (self->working != NULL)
    g_cancellable_cancel (self->working);
  if (self->evaluating != NULL)
    g_cancellable_cancel (self->evaluating);
  g_clear_object (&self->searching);
  g_clear_object (&self->working);
  g_clear_object (&self->evaluating);
  g_clear_pointer (&self->run, tf_optimize_run_unref);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->saving, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), TF_TYPE_OPTIMIZE_VIEW);
  /* After the plot, whose last selection may still name a file. */
  g_clear_pointer (&self->designs, g_ptr_array_unref);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  G_OBJECT_CLASS (tf_optimize_view_parent_class)->dispose (object);
}

static void
tf_optimize_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TfOptimizeView *self = TF_OPTIMIZE_VIEW (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, tf_optimize_view_get_busy (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, tf_optimize_view_get_running (self));
      break;
    case PROP_STATUS:
      g_value_set_string (value, tf_optimize_view_get_status (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_optimize_view_class_init (TfOptimizeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tf_optimize_view_dispose;
  object_class->get_property = tf_optimize_view_get_property;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The line under Run (tf_optimize_view_get_status). */
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TF_TYPE_SEARCH_FORM);
  g_type_ensure (TF_TYPE_PARETO_PLOT);
  g_type_ensure (TF_TYPE_TOPOLOGY_VIEW);
  g_type_ensure (TF_TYPE_CANDIDATE_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/topoforge/Topoforge/ui/"
                                               "tf-optimize-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, root);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, banner);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, banner_label);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, form);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, baseline_check);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, progress);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, x_axis);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, y_axis);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, colour_axis);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, x_log);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, y_log);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, result_paned);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, plot);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, view_a);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, view_b);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, view_placeholder);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, selection_label);
  gtk_widget_class_bind_template_child (widget_class, TfOptimizeView, panel);
  gtk_widget_class_bind_template_callback (widget_class, banner_dismissed);
  gtk_widget_class_bind_template_callback (widget_class, form_validity_changed);
  gtk_widget_class_bind_template_callback (widget_class, axis_chosen);
  gtk_widget_class_bind_template_callback (widget_class, log_toggled);
  gtk_widget_class_bind_template_callback (widget_class, reset_view_clicked);
  gtk_widget_class_bind_template_callback (widget_class, plot_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, result_paned_placed);

  tf_optimize_view_files_class_init (widget_class);
  tf_optimize_view_designs_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "optimize.run", NULL, run_activated);
  gtk_widget_class_install_action (widget_class, "optimize.stop", NULL, stop_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "optimize.run", NULL);
}

static void
tf_optimize_view_init (TfOptimizeView *self)
{
  self->designs = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_design_unref);
  self->pending = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  tf_optimize_view_update_actions (self);
}

GtkWidget *
tf_optimize_view_new (void)
{
  return g_object_new (TF_TYPE_OPTIMIZE_VIEW, NULL);
}

TfSearchForm *
tf_optimize_view_get_form (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), NULL);
  return self->form;
}

TfParetoPlot *
tf_optimize_view_get_plot (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), NULL);
  return self->plot;
}

TfCandidatePanel *
tf_optimize_view_get_panel (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), NULL);
  return self->panel;
}

TfTopologyView *
tf_optimize_view_get_topology_view (TfOptimizeView *self,
                                    guint           which)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), NULL);
  return which == 0 ? self->view_a : self->view_b;
}

TfOptimizeRun *
tf_optimize_view_get_run (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), NULL);
  return self->run;
}

gboolean
tf_optimize_view_get_busy (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), FALSE);
  return self->searching != NULL || self->working != NULL || self->evaluating != NULL;
}

gboolean
tf_optimize_view_get_running (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), FALSE);
  return self->searching != NULL;
}

const char *
tf_optimize_view_get_error (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), NULL);
  return self->error;
}

const char *
tf_optimize_view_get_status (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), NULL);
  return gtk_label_get_text (self->progress_label);
}

guint
tf_optimize_view_get_snapshots (TfOptimizeView *self)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), 0);
  return self->snapshots;
}
