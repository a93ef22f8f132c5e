/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-application.c: the application (see tf-application.h). */
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "tf-application.h"
#include "tf-screenshot.h"
#include "tf-window.h"

/* How long --screenshot waits for the window to show a topology. */
#define SCREENSHOT_TIMEOUT_S 120

struct _TfApplication
{
  GtkApplication           parent_instance;

  /* --screenshot: the command line waiting for the picture, and where it goes */
  GApplicationCommandLine *screenshot_for;
  char                    *screenshot_path;
  TfWindow                *screenshot_window;
  GFile                   *screenshot_file;   /* the FILE to show, or NULL for a result */
  gboolean                 screenshot_optimize;  /* of the Optimize view: --optimize, --open-run */
  int                      screenshot_select;    /* the front candidate to show, or -1 */
  int                      screenshot_member;    /* the design of the front to click (from 1),
                                                  * or 0 */
  guint                    screenshot_poll;
  gint64                   screenshot_deadline;
  int                      exit_status;
};

G_DEFINE_FINAL_TYPE (TfApplication, tf_application, GTK_TYPE_APPLICATION)

static const GOptionEntry option_entries[] = {
  { "n-chip", 'n', 0, G_OPTION_ARG_INT, NULL, N_("Number of chips"), N_("N") },
  { "scope", 0, 0, G_OPTION_ARG_STRING, NULL, N_("intra-rack or inter-rack"), N_("SCOPE") },
  { "chips-per-board-max", 0, 0, G_OPTION_ARG_INT, NULL,
    N_("Most chips a board can carry before dense-pcb-impractical"), N_("M") },
  { "chip-radix", 0, 0, G_OPTION_ARG_INT, NULL, N_("Parallel links per chip connection"),
    N_("R") },
  { "intra-board-topo", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Links among a board's chips: none, full-mesh, ring, torus or switch (scale-up "
       "switches)"), N_("TOPO") },
  { "family", 'f', 0, G_OPTION_ARG_STRING_ARRAY, NULL,
    N_("Enumerate only this family (repeatable)"), N_("FAMILY") },
  { "select", 's', 0, G_OPTION_ARG_INT, NULL,
    N_("Show the result at this position of the (first) family, counting from 0; with "
       "--optimize or --open-run, front candidate I, as its file candidate_00I.yaml is named"),
    N_("I") },
  { "chips-per-board", 'c', 0, G_OPTION_ARG_INT, NULL,
    N_("Show only results with this many chips per board"), N_("C") },
  { "status", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Show only recommended or edge-case results"), N_("STATUS") },
  { "match", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Show only results whose id contains this text"), N_("TEXT") },
  { "where", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Show only results whose columns compare so, as the Where entry takes them, e.g. "
       "'cost<=9e6, racks<=32'"), N_("TEXT") },
  { "sort", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Order results across families by a column (as enumerate --sort), :desc for largest first"),
    N_("COLUMN[:desc]") },
  { "flat", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("List results in one list across families"), NULL },
  { "optimize", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Open the Optimize view on this search configuration and run it"), N_("CONFIG") },
  { "open-run", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Open the Optimize view on a run folder, as topoforge-cli optimize --out writes it"),
    N_("DIR") },
  { "evaluate", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL,
    N_("With --optimize or --open-run: evaluate this topology file under the configuration "
       "and mark it on the plot (repeatable)"), N_("FILE") },
  { "select-member", 0, 0, G_OPTION_ARG_INT, NULL,
    N_("With --open-run: click this design of the front among those without a file of their "
       "own, counting from 1 (which selects the candidate standing for it)"), N_("N") },
  { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Save the window as a PNG once the topology (or the one FILE) is drawn, then quit"),
    N_("PNG") },
  { "layout", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Lay the 3D view out as it stands (physical) or by the network's shape (logical)"),
    N_("LAYOUT") },
  { "size", 0, 0, G_OPTION_ARG_STRING, NULL, N_("Window size, e.g. 1280x820"),
    N_("WxH") },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and quit"), NULL },
  { NULL }
};

/* --screenshot */

static void
screenshot_finish (TfApplication *self,
                   int            status,
                   const char    *message)
{
  if (message != NULL)
    g_application_command_line_printerr (self->screenshot_for, "topoforge: %s\n", message);
  /* A local command line whose main loop ran exits 0 whatever it says: main() asks here. */
  g_application_command_line_set_exit_status (self->screenshot_for, status);
  self->exit_status = MAX (self->exit_status, status);
  g_clear_object (&self->screenshot_for);
  g_clear_object (&self->screenshot_file);
  g_clear_handle_id (&self->screenshot_poll, g_source_remove);
  if (self->screenshot_window != NULL)
    gtk_window_destroy (GTK_WINDOW (self->screenshot_window));
  g_application_release (G_APPLICATION (self));
}

static void
screenshot_take (TfApplication *self)
{
  g_autoptr(GError) error = NULL;

  self->screenshot_poll = 0;
  if (!tf_screenshot_save (GTK_WIDGET (self->screenshot_window), self->screenshot_path, &error))
    screenshot_finish (self, 1, error->message);
  else
    screenshot_finish (self, 0, NULL);
}

/* The Optimize view: once the search has finished (or the run opened), with the chosen front
 * candidate drawn in 3D. */
static gboolean
screenshot_poll_optimize (TfApplication *self)
{
  TfOptimizeView *view = tf_window_get_optimize_view (self->screenshot_window);
  TfOptimizeRun *run = tf_optimize_view_get_run (view);
  TfTopologyView *shown = tf_optimize_view_get_topology_view (view, 0);

  if (tf_optimize_view_get_busy (view))
    return G_SOURCE_CONTINUE;
  if (run == NULL)
    {
      g_autofree char *message = g_strdup (tf_optimize_view_get_error (view)
                                             ? tf_optimize_view_get_error (view)
                                             : _("the run shows nothing"));

      self->screenshot_poll = 0;
      screenshot_finish (self, 1, message);
      return G_SOURCE_REMOVE;
    }
  if (self->screenshot_select >= 0)
    {
      if ((guint) self->screenshot_select >= run->result.front->len)
        {
          g_autofree char *message =
            g_strdup_printf (g_dngettext (NULL, "--select %d: the front has %u candidate",
                                          "--select %d: the front has %u candidates",
                                          run->result.front->len),
                             self->screenshot_select + 1, run->result.front->len);

          self->screenshot_poll = 0;
          screenshot_finish (self, 1, message);
          return G_SOURCE_REMOVE;
        }
      tf_pareto_plot_select (tf_optimize_view_get_plot (view),
                             (guint) self->screenshot_select, TF_PARETO_SELECT_REPLACE);
      self->screenshot_select = -1;
      return G_SOURCE_CONTINUE;
    }
  if (self->screenshot_member > 0)
    {
      TfParetoPlot *plot = tf_optimize_view_get_plot (view);
      TfParetoModel *model = tf_pareto_plot_get_model (plot);
      guint member = (guint) self->screenshot_member - 1;
      double x, y;

      /* As a person would: a click where the design is drawn. */
      if (member < tf_pareto_model_get_n_points (model, TF_PARETO_MEMBERS)
          && tf_pareto_model_get_position (model, TF_PARETO_MEMBERS, member, &x, &y))
        tf_pareto_plot_click (plot, x, y, 0);
      self->screenshot_member = 0;
      return G_SOURCE_CONTINUE;
    }
  if (tf_topology_view_get_topology (shown) != NULL && tf_topology_view_get_frames (shown) < 2)
    {
      gtk_widget_queue_draw (GTK_WIDGET (shown));
      return G_SOURCE_CONTINUE;
    }
  screenshot_take (self);
  return G_SOURCE_REMOVE;
}

static gboolean
screenshot_poll (gpointer user_data)
{
  TfApplication *self = user_data;
  TfWindow *window = self->screenshot_window;
  TfTopologyView *view = tf_window_get_view (window);

  if (g_get_monotonic_time () > self->screenshot_deadline)
    {
      self->screenshot_poll = 0;
      screenshot_finish (self, 1, _("timed out waiting for a topology to draw"));
      return G_SOURCE_REMOVE;
    }
  if (self->screenshot_optimize)
    return screenshot_poll_optimize (self);
  if (tf_window_get_busy (window))
    return G_SOURCE_CONTINUE;
  /* A FILE that did not open: its message, whatever the list shows instead. */
  if (self->screenshot_file != NULL
      && (tf_window_get_file (window) == NULL
          || !g_file_equal (tf_window_get_file (window), self->screenshot_file))
      && tf_window_get_error (window) != NULL)
    {
      g_autofree char *message = g_strdup (tf_window_get_error (window));

      self->screenshot_poll = 0;
      screenshot_finish (self, 1, message);
      return G_SOURCE_REMOVE;
    }
  if (tf_window_get_error (window) != NULL && tf_topology_view_get_topology (view) == NULL)
    {
      g_autofree char *message = g_strdup (tf_window_get_error (window));

      self->screenshot_poll = 0;
      screenshot_finish (self, 1, message);
      return G_SOURCE_REMOVE;
    }
  if (tf_topology_view_get_topology (view) == NULL
      || (self->screenshot_file != NULL && tf_window_get_file (window) == NULL))
    return G_SOURCE_CONTINUE;
  /* Two frames with the topology: the first may have been drawn at an older size. */
  if (tf_topology_view_get_frames (view) < 2)
    {
      gtk_widget_queue_draw (GTK_WIDGET (view));
      return G_SOURCE_CONTINUE;
    }

  screenshot_take (self);
  return G_SOURCE_REMOVE;
}

static void
screenshot_window_gone (gpointer  user_data,
                        GObject  *where_the_window_was)
{
  TF_APPLICATION (user_data)->screenshot_window = NULL;
}

/* Options onto the window */

/* The results list's query: what enumerate's --chips-per-board, --status and --sort say. */
static gboolean
apply_query_options (TfResultsView  *results,
                     GVariantDict   *options,
                     GError        **error)
{
  const char *status = NULL, *match = NULL, *where = NULL, *sort = NULL;
  gint32 value;

  if (g_variant_dict_lookup (options, "chips-per-board", "i", &value))
    g_object_set (results, "chips-per-board-filter", (guint) MAX (value, 0), NULL);
  if (g_variant_dict_lookup (options, "status", "&s", &status))
    {
      gboolean recommended = g_str_equal (status, tf_status_to_string (TF_STATUS_RECOMMENDED));

      if (!recommended && !g_str_equal (status, tf_status_to_string (TF_STATUS_EDGE_CASE)))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("status '%s': give recommended or edge-case"), status);
          return FALSE;
        }
      g_object_set (results, "status-filter", recommended ? TF_STATUS_FILTER_RECOMMENDED
                                                          : TF_STATUS_FILTER_EDGE_CASE, NULL);
    }
  if (g_variant_dict_lookup (options, "match", "&s", &match))
    g_object_set (results, "match", match, NULL);
  if (g_variant_dict_lookup (options, "where", "&s", &where))
    {
      g_autoptr(GError) local = NULL;

      if (!tf_results_view_set_where (results, where, &local))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, _("where '%s': %s"), where,
                       local->message);
          return FALSE;
        }
    }
  if (g_variant_dict_lookup (options, "sort", "&s", &sort))
    {
      g_auto(GStrv) parts = g_strsplit (sort, ":", 2);
      gboolean descending = parts[0] && parts[1] && g_str_equal (parts[1], "desc");
      const TfColumn *column = parts[0] ? tf_column_lookup (parts[0]) : NULL;

      if (column == NULL || (parts[1] != NULL && !descending && !g_str_equal (parts[1], "asc")))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("sort '%s': give a column enumerate --sort takes, then :asc or :desc"),
                       sort);
          return FALSE;
        }
      g_object_set (results, "sort", column->kind == TF_COLUMN_ID ? NULL : column->name,
                    "descending", descending, NULL);
    }
  if (g_variant_dict_contains (options, "flat"))
    g_object_set (results, "flat", TRUE, NULL);
  return TRUE;
}

static gboolean
apply_options (TfWindow      *window,
               GVariantDict  *options,
               GError       **error)
{
  TfContextForm *form = tf_window_get_form (window);
  const char *scope = NULL, *intra = NULL, *size = NULL, *layout = NULL;
  g_autofree const char **families = NULL;
  gint32 value, select = -1;
  TfContext ctx;

  tf_context_form_get_context (form, &ctx);
  if (g_variant_dict_lookup (options, "n-chip", "i", &value))
    ctx.n_chip = (guint) MAX (value, 0);
  if (g_variant_dict_lookup (options, "scope", "&s", &scope)
      && !tf_scope_from_string (scope, &ctx.scope, error))
    return FALSE;
  if (g_variant_dict_lookup (options, "chips-per-board-max", "i", &value))
    ctx.chips_per_board_max = (guint) MAX (value, 0);
  if (g_variant_dict_lookup (options, "chip-radix", "i", &value))
    ctx.chip_radix = (guint) MAX (value, 0);
  if (g_variant_dict_lookup (options, "intra-board-topo", "&s", &intra)
      && !tf_intra_board_topo_from_string (intra, &ctx.intra_board_topo, error))
    return FALSE;
  if (g_variant_dict_lookup (options, "family", "^a&s", &families))
    for (guint i = 0; families[i] != NULL; i++)
      if (tf_family_lookup (families[i]) == NULL)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_UNKNOWN_FAMILY,
                       _("family '%s': no such family"), families[i]);
          return FALSE;
        }
  if (!apply_query_options (tf_window_get_results (window), options, error))
    return FALSE;
  if (g_variant_dict_lookup (options, "layout", "&s", &layout))
    {
      static const char *const names[TF_SCENE_N_LAYOUTS] = {
        [TF_SCENE_LAYOUT_PHYSICAL] = "physical",
        [TF_SCENE_LAYOUT_LOGICAL] = "logical",
      };
      guint l = 0;

      while (l < TF_SCENE_N_LAYOUTS && strcmp (names[l], layout) != 0)
        l++;
      if (l == TF_SCENE_N_LAYOUTS)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("--layout '%s': use physical or logical"), layout);
          return FALSE;
        }
      tf_topology_view_set_layout (tf_window_get_view (window), l);
    }
  if (g_variant_dict_lookup (options, "size", "&s", &size))
    {
      int w = 0, h = 0;

      if (sscanf (size, "%dx%d", &w, &h) != 2 || w < 200 || h < 200 || w > 8192 || h > 8192)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("size '%s': give WIDTHxHEIGHT, each from 200 to 8192"), size);
          return FALSE;
        }
      gtk_window_unmaximize (GTK_WINDOW (window));
      gtk_window_set_default_size (GTK_WINDOW (window), w, h);
    }
  g_variant_dict_lookup (options, "select", "i", &select);
  if (select >= 0)
    tf_window_select_after_enumeration (window, families ? families[0] : NULL, (guint) select);

  if (families != NULL)
    tf_context_form_set_families (form, families);
  tf_context_form_set_context (form, &ctx);
  if (!tf_context_form_get_valid (form))
    {
      TfContext shown;
      g_autoptr(GError) invalid = NULL;

      tf_context_form_get_context (form, &shown);
      if (!tf_context_validate (&shown, &invalid))
        g_propagate_error (error, g_steal_pointer (&invalid));
      else
        g_set_error_literal (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                             tf_context_form_get_field_error (form, "families"));
      return FALSE;
    }
  return TRUE;
}

/* --optimize CONFIG runs a search, --open-run DIR opens one, on the Optimize page; --evaluate
 * FILE marks topology files on its plot, judged by the search's or the run's configuration. */
static gboolean
start_optimize (TfWindow                 *window,
                GApplicationCommandLine  *command_line,
                const char               *config,
                const char               *run,
                const char *const        *evaluate,
                GError                  **error)
{
  TfOptimizeView *view = tf_window_get_optimize_view (window);
  g_autoptr(GFile) file = g_application_command_line_create_file_for_arg (command_line,
                                                                          config ? config : run);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  tf_window_set_page (window, "optimize");
  if (run != NULL)
    tf_optimize_view_open_run (view, file);
  else if (!tf_optimize_view_load_config (view, file, error) || !tf_optimize_view_run (view, error))
    return FALSE;
  for (guint i = 0; evaluate != NULL && evaluate[i] != NULL; i++)
    g_ptr_array_add (files, g_application_command_line_create_file_for_arg (command_line,
                                                                            evaluate[i]));
  return tf_optimize_view_evaluate_files (view, (GFile *const *) files->pdata, files->len, error);
}

/* The FILE arguments, as files relative to where the command ran. */
static GPtrArray *
command_line_files (GApplicationCommandLine *command_line)
{
  g_auto(GStrv) arguments = g_application_command_line_get_arguments (command_line, NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);

  /* arguments[0] is the program; GApplication has taken the options out. */
  for (guint i = 1; arguments[i] != NULL; i++)
    g_ptr_array_add (files, g_application_command_line_create_file_for_arg (command_line,
                                                                            arguments[i]));
  return files;
}

static int
tf_application_command_line (GApplication            *app,
                              GApplicationCommandLine *command_line)
{
  TfApplication *self = TF_APPLICATION (app);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autoptr(GPtrArray) files = command_line_files (command_line);
  const char *screenshot = NULL, *optimize = NULL, *open_run = NULL;
  g_autofree const char **evaluate = NULL;
  g_autoptr(GError) error = NULL;
  TfWindow *window = NULL;
  gint32 select = 0, member = 0;

  g_variant_dict_lookup (options, "screenshot", "^&ay", &screenshot);
  g_variant_dict_lookup (options, "optimize", "^&ay", &optimize);
  g_variant_dict_lookup (options, "open-run", "^&ay", &open_run);
  g_variant_dict_lookup (options, "evaluate", "^a&ay", &evaluate);
  g_variant_dict_lookup (options, "select-member", "i", &member);
  /* (GApplication leaves a zero out of the dictionary: members count from 1.) */
  if ((evaluate != NULL || member > 0) && optimize == NULL && open_run == NULL)
    {
      g_application_command_line_printerr (command_line, "topoforge: %s\n",
                                           _("--evaluate and --select-member work on the "
                                             "Optimize page: give --optimize or --open-run"));
      return 2;
    }
  if ((optimize != NULL || open_run != NULL) && (files->len > 0 || (optimize && open_run)))
    {
      g_application_command_line_printerr (command_line, "topoforge: %s\n",
                                           _("--optimize, --open-run and a FILE each open a "
                                             "window of their own: give one of them"));
      return 2;
    }
  if (screenshot != NULL && files->len > 1)
    {
      g_application_command_line_printerr (command_line, "topoforge: %s\n",
                                           _("--screenshot shows one FILE, not several"));
      return 2;
    }
  /* (GApplication leaves a zero out of the dictionary: --select 0 is the default anyway.) */
  if (g_variant_dict_contains (options, "select") && files->len > 0)
    {
      g_application_command_line_printerr (command_line, "topoforge: %s\n",
                                           _("--select picks a result to show, and a FILE is "
                                             "shown instead: give one or the other"));
      return 2;
    }

  /* One window per FILE, or one for the form's results. */
  for (guint i = 0; i < MAX (files->len, 1); i++)
    {
      window = tf_window_new (GTK_APPLICATION (app));
      if (!apply_options (window, options, &error))
        {
          g_application_command_line_printerr (command_line, "topoforge: %s\n", error->message);
          gtk_window_destroy (GTK_WINDOW (window));
          return 2;
        }
      if (i < files->len)
        tf_window_open (window, g_ptr_array_index (files, i));
      if ((optimize != NULL || open_run != NULL)
          && !start_optimize (window, command_line, optimize, open_run, evaluate, &error))
        {
          g_application_command_line_printerr (command_line, "topoforge: %s\n", error->message);
          gtk_window_destroy (GTK_WINDOW (window));
          return 2;
        }
      gtk_window_present (GTK_WINDOW (window));
    }

  if (screenshot != NULL && self->screenshot_for == NULL)
    {
      g_application_hold (app);
      self->screenshot_for = g_object_ref (command_line);
      self->screenshot_path = g_strdup (screenshot);
      self->screenshot_window = window;
      if (files->len > 0)
        self->screenshot_file = g_object_ref (g_ptr_array_index (files, 0));
      self->screenshot_optimize = optimize != NULL || open_run != NULL;
      g_variant_dict_lookup (options, "select", "i", &select);
      /* On the Optimize page candidates count from 1, as their files and titles do. */
      self->screenshot_select = self->screenshot_optimize ? MAX (select, 1) - 1 : MAX (select, 0);
      self->screenshot_member = MAX (member, 0);
      g_object_weak_ref (G_OBJECT (window), screenshot_window_gone, self);
      self->screenshot_deadline = g_get_monotonic_time () + SCREENSHOT_TIMEOUT_S * G_USEC_PER_SEC;
      self->screenshot_poll = g_timeout_add (50, screenshot_poll, self);
    }
  return 0;
}

/* Files from the desktop (D-Bus activation, g_application_open ()): a window each. */
static void
tf_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      TfWindow *window = tf_window_new (GTK_APPLICATION (app));

      tf_window_open (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static int
tf_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("topoforge %s\n", TF_VERSION);
      return 0;
    }
  /* A screenshot is its own process: never hand it to a running window. */
  if (g_variant_dict_contains (options, "screenshot"))
    g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
  return -1;
}

static void
tf_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (tf_window_new (GTK_APPLICATION (app)));
  gtk_window_present (window);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = user_data;
  static const char *developers[] = { "The Topoforge developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", _("Topoforge"),
                         "logo-icon-name", APPLICATION_ID,
                         "version", TF_VERSION,
                         "comments", _("Design AI-cluster interconnect topologies"),
                         "website", "https://github.com/topoforge/topoforge",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", developers,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = gtk_application_get_windows (app);

  /* Closing each window saves its settings. */
  while (windows != NULL)
    {
      GtkWindow *window = windows->data;

      windows = windows->next;
      gtk_window_close (window);
    }
}

static void
tf_application_startup (GApplication *app)
{
  static const GActionEntry actions[] = {
    { "about", about_activated },
    { "quit", quit_activated },
  };
  static const char *quit_accels[] = { "<Primary>q", NULL };
  static const char *export_accels[] = { "<Primary>e", NULL };
  static const char *copy_accels[] = { "<Primary><Shift>c", NULL };
  static const char *open_accels[] = { "<Primary>o", NULL };
  static const char *copy_id_accels[] = { "<Primary>i", NULL };
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  G_APPLICATION_CLASS (tf_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), actions, G_N_ELEMENTS (actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.export", export_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.copy-yaml", copy_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.open", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.copy-id", copy_id_accels);

  gtk_css_provider_load_from_resource (css, "/io/github/topoforge/Topoforge/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (APPLICATION_ID);
}

static void
tf_application_finalize (GObject *object)
{
  TfApplication *self = TF_APPLICATION (object);

  g_clear_object (&self->screenshot_for);
  g_clear_object (&self->screenshot_file);
  g_clear_pointer (&self->screenshot_path, g_free);
  g_clear_handle_id (&self->screenshot_poll, g_source_remove);
  G_OBJECT_CLASS (tf_application_parent_class)->finalize (object);
}

static void
tf_application_class_init (TfApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tf_application_finalize;
  app_class->startup = tf_application_startup;
  app_class->activate = tf_application_activate;
  app_class->command_line = tf_application_command_line;
  app_class->open = tf_application_open;
  app_class->handle_local_options = tf_application_handle_local_options;
}

static void
tf_application_init (TfApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (
      G_APPLICATION (self),
      _("Enumerate every legal interconnect topology for a chip count and see one in 3D, "
        "or open topology files."));
}

int
tf_application_get_exit_status (TfApplication *self)
{
  g_return_val_if_fail (TF_IS_APPLICATION (self), 1);
  return self->exit_status;
}

TfApplication *
tf_application_new (void)
{
  return g_object_new (TF_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/topoforge/Topoforge",
                       NULL);
}
