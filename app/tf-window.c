/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-window.c: the main window (see tf-window.h). */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tf-file-filters.h"
#include "tf-format.h"
#include "tf-legend.h"
#include "tf-settings.h"
#include "tf-tasks.h"
#include "tf-topology-file.h"
#include "tf-window-private.h"

/* What the window starts on without settings: the schema's defaults. */
#define DEFAULT_N_CHIP 64
#define DEFAULT_SCOPE  TF_SCOPE_INTER_RACK

/* Open Recent lists this many files, those opened with this application name. */
#define RECENT_MAX      10
#define RECENT_APP_NAME "Topoforge"


G_DEFINE_FINAL_TYPE (TfWindow, tf_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Work in progress and errors */

void
tf_window_update_busy (TfWindow *self)
{
  gboolean busy = self->enumerating != NULL || self->generating != NULL || self->listing != NULL
                  || self->loading != NULL;

  g_assert (TF_IS_WINDOW (self));

  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  if (busy != self->busy)
    {
      self->busy = busy;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
    }
}

void
tf_window_show_error (TfWindow   *self,
            const char *message)
{
  /* A loader's message quotes the file; the label takes UTF-8 only. */
  g_autofree char *valid = message ? g_utf8_make_valid (message, -1) : NULL;

  gtk_label_set_text (self->banner_label, valid ? valid : "");
  gtk_revealer_set_reveal_child (self->banner, message != NULL);
  self->error_is_file = FALSE;
}

/* Why a file did not open stays until it is dismissed or a file opens: a new enumeration does
 * not answer it. */
static void
show_file_error (TfWindow   *self,
                 const char *message)
{
  tf_window_show_error (self, message);
  self->error_is_file = TRUE;
}

static void
banner_dismissed (TfWindow *self)
{
  tf_window_show_error (self, NULL);
}

const char *
tf_window_get_error (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return gtk_revealer_get_reveal_child (self->banner) ? gtk_label_get_text (self->banner_label)
                                                       : NULL;
}

gboolean
tf_window_get_busy (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), FALSE);
  return self->busy;
}

void
tf_window_replace_cancellable (GCancellable **slot,
                     GCancellable  *cancellable)
{
  if (*slot != NULL)
    g_cancellable_cancel (*slot);
  g_clear_object (slot);
  *slot = cancellable;
}

/* A newer request took over: its answer is the one to show. */
gboolean
tf_window_was_cancelled (const GError *error)
{
  return g_error_matches (error, TF_ERROR, TF_ERROR_CANCELLED)
         || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Settings: the form's last values and the window's size. */

static void
load_defaults (TfWindow *self)
{
  TfContext ctx;

  tf_context_init (&ctx);
  ctx.n_chip = DEFAULT_N_CHIP;
  ctx.scope = DEFAULT_SCOPE;
  tf_context_form_set_families (self->form, NULL);
  tf_context_form_set_context (self->form, &ctx);
}

static void
load_settings (TfWindow *self)
{
  g_autofree char *scope = NULL;
  g_autofree char *intra = NULL;
  g_autoptr(GVariant) bandwidth = NULL;
  g_autoptr(GVariant) latency = NULL;
  g_autoptr(GVariant) thresholds = NULL;
  g_auto(GStrv) families = NULL;
  TfContext ctx;
  gsize n_bw, n_lat;
  const double *bw, *lat;
  GVariantIter iter;
  const char *name;
  guint32 value;

  if (self->settings == NULL)
    {
      load_defaults (self);
      return;
    }
  scope = g_settings_get_string (self->settings, "scope");
  intra = g_settings_get_string (self->settings, "intra-board-topo");
  bandwidth = g_settings_get_value (self->settings, "link-bandwidth-set");
  latency = g_settings_get_value (self->settings, "link-latency");
  thresholds = g_settings_get_value (self->settings, "warning-thresholds");
  families = g_settings_get_strv (self->settings, "families");
  bw = g_variant_get_fixed_array (bandwidth, &n_bw, sizeof (double));
  lat = g_variant_get_fixed_array (latency, &n_lat, sizeof (double));

  tf_context_init (&ctx);
  ctx.n_chip = g_settings_get_uint (self->settings, "n-chip");
  if (!tf_scope_from_string (scope, &ctx.scope, NULL))
    ctx.scope = DEFAULT_SCOPE;
  ctx.chips_per_board_max = g_settings_get_uint (self->settings, "chips-per-board-max");
  ctx.chip_radix = g_settings_get_uint (self->settings, "chip-radix");
  ctx.switch_defaults.radix = g_settings_get_uint (self->settings, "switch-radix");
  ctx.boards_per_rack_max = g_settings_get_uint (self->settings, "boards-per-rack-max");
  ctx.racks_per_pod_max = g_settings_get_uint (self->settings, "racks-per-pod-max");
  ctx.switch_defaults.latency_ns = g_settings_get_double (self->settings, "switch-latency");
  ctx.switch_defaults.port_gbps = g_settings_get_double (self->settings, "switch-port-gbps");
  ctx.chip.scale_up_gbps = g_settings_get_double (self->settings, "chip-scale-up-gbps");
  ctx.chip.scale_up_ports = g_settings_get_uint (self->settings, "chip-scale-up-ports");
  ctx.chip.nic_gbps = g_settings_get_double (self->settings, "chip-nic-gbps");
  ctx.chip.power_w = g_settings_get_double (self->settings, "chip-power");
  ctx.chip.host_w = g_settings_get_double (self->settings, "chip-host-power");
  ctx.switch_defaults.power_w_per_port = g_settings_get_double (self->settings,
                                                                "switch-power-per-port");
  ctx.rack.power_kw = g_settings_get_double (self->settings, "rack-power");
  ctx.scale_up.links_per_chip = g_settings_get_uint (self->settings, "scale-up-links-per-chip");
  ctx.scale_up.switch_radix = g_settings_get_uint (self->settings, "scale-up-switch-radix");
  if (!tf_intra_board_topo_from_string (intra, &ctx.intra_board_topo, NULL))
    ctx.intra_board_topo = TF_INTRA_BOARD_NONE;
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      /* 0: no per-link figure, the budgets. */
      if (t < n_bw && bw[t] != 0)
        ctx.defaults[t].bandwidth_gbps = bw[t];
      if (t < n_lat)
        ctx.defaults[t].latency_ns = lat[t];
    }
  /* A name the engine no longer has is left out; a value out of range shows on its field. */
  g_variant_iter_init (&iter, thresholds);
  while (g_variant_iter_next (&iter, "{&su}", &name, &value))
    {
      TfWarningThreshold t;

      if (tf_warning_threshold_lookup (name, &t))
        ctx.warning_thresholds[t] = value;
    }
  tf_context_form_set_families (self->form, (const char *const *) families);
  tf_context_form_set_context (self->form, &ctx);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

void
tf_window_save_form (TfWindow        *self,
           const TfContext *ctx,
           GStrv            families)
{
  double bw[TF_N_LINK_TYPES], lat[TF_N_LINK_TYPES];
  gboolean all = g_strv_length (families) == tf_families_get_count ();
  GVariantBuilder thresholds;

  if (self->settings == NULL)
    return;
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      bw[t] = isnan (ctx->defaults[t].bandwidth_gbps) ? 0 : ctx->defaults[t].bandwidth_gbps;
      lat[t] = ctx->defaults[t].latency_ns;
    }
  g_settings_delay (self->settings);
  g_settings_set_uint (self->settings, "n-chip", ctx->n_chip);
  g_settings_set_string (self->settings, "scope", tf_scope_to_string (ctx->scope));
  g_settings_set_uint (self->settings, "chips-per-board-max", ctx->chips_per_board_max);
  g_settings_set_uint (self->settings, "chip-radix", ctx->chip_radix);
  g_settings_set_uint (self->settings, "switch-radix", ctx->switch_defaults.radix);
  g_settings_set_uint (self->settings, "boards-per-rack-max", ctx->boards_per_rack_max);
  g_settings_set_uint (self->settings, "racks-per-pod-max", ctx->racks_per_pod_max);
  g_settings_set_double (self->settings, "switch-latency", ctx->switch_defaults.latency_ns);
  g_settings_set_double (self->settings, "switch-port-gbps", ctx->switch_defaults.port_gbps);
  g_settings_set_double (self->settings, "chip-scale-up-gbps", ctx->chip.scale_up_gbps);
  g_settings_set_uint (self->settings, "chip-scale-up-ports", ctx->chip.scale_up_ports);
  g_settings_set_double (self->settings, "chip-nic-gbps", ctx->chip.nic_gbps);
  g_settings_set_double (self->settings, "chip-power", ctx->chip.power_w);
  g_settings_set_double (self->settings, "chip-host-power", ctx->chip.host_w);
  g_settings_set_double (self->settings, "switch-power-per-port",
                         ctx->switch_defaults.power_w_per_port);
  g_settings_set_double (self->settings, "rack-power", ctx->rack.power_kw);
  g_settings_set_string (self->settings, "intra-board-topo",
                         tf_intra_board_topo_to_string (ctx->intra_board_topo));
  g_settings_set_uint (self->settings, "scale-up-links-per-chip", ctx->scale_up.links_per_chip);
  g_settings_set_uint (self->settings, "scale-up-switch-radix", ctx->scale_up.switch_radix);
  g_settings_set_value (self->settings, "link-bandwidth-set",
                        g_variant_new_fixed_array (G_VARIANT_TYPE_DOUBLE, bw, TF_N_LINK_TYPES,
                                                   sizeof (double)));
  g_settings_set_value (self->settings, "link-latency",
                        g_variant_new_fixed_array (G_VARIANT_TYPE_DOUBLE, lat, TF_N_LINK_TYPES,
                                                   sizeof (double)));
  /* Only those away from the spec's numbers, as topology files write them. */
  g_variant_builder_init (&thresholds, G_VARIANT_TYPE ("a{su}"));
  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    if (ctx->warning_thresholds[i] != tf_warning_threshold_get (i)->default_value)
      g_variant_builder_add (&thresholds, "{su}", tf_warning_threshold_get (i)->name,
                             (guint32) ctx->warning_thresholds[i]);
  g_settings_set_value (self->settings, "warning-thresholds",
                        g_variant_builder_end (&thresholds));
  g_settings_set_strv (self->settings, "families",
                       all ? NULL : (const char *const *) families);
  g_settings_apply (self->settings);
}

static gboolean
close_request (GtkWindow *window)
{
  TfWindow *self = TF_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  if (self->settings != NULL)
    {
      g_settings_delay (self->settings);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
      g_settings_set_boolean (self->settings, "window-maximized",
                              gtk_window_is_maximized (window));
      g_settings_apply (self->settings);
    }
  tf_window_replace_cancellable (&self->enumerating, NULL);
  tf_window_replace_cancellable (&self->generating, NULL);
  tf_window_replace_cancellable (&self->listing, NULL);
  tf_window_replace_cancellable (&self->loading, NULL);
  return GTK_WINDOW_CLASS (tf_window_parent_class)->close_request (window);
}

/* Names for people */

char *
tf_window_dup_file_name (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *parse_name = NULL;

  if (path != NULL)
    return g_filename_display_basename (path);
  parse_name = g_file_get_parse_name (file);
  return g_path_get_basename (parse_name);
}

/* A folder as shown: ~ for the home folder, as GNOME's title bars do. */
static char *
dup_folder_name (GFile *folder)
{
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = g_file_get_relative_path (home, folder);
  g_autofree char *display = NULL;

  if (g_file_equal (home, folder))
    return g_strdup ("~");
  if (relative != NULL)
    {
      display = g_filename_display_name (relative);
      return g_build_filename ("~", display, NULL);
    }
  return g_file_get_parse_name (folder);
}

/* The topology shown */

/* The title names the file shown, and the subtitle its folder. */
static void
update_title (TfWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;

  g_assert (TF_IS_WINDOW (self));

  if (self->file == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Topoforge"));
      gtk_label_set_text (self->title_label, _("Topoforge"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), NULL);
      return;
    }
  name = tf_window_dup_file_name (self->file);
  /* Translators: the window title, with the name of the file shown */
  title = g_strdup_printf (_("%s — Topoforge"), name);
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_text (self->title_label, name);
  parent = g_file_get_parent (self->file);
  folder = parent ? dup_folder_name (parent) : NULL;
  gtk_label_set_text (self->subtitle_label, folder ? folder : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), folder != NULL);
  path = g_file_get_parse_name (self->file);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), path);
}

void
tf_window_show_topology (TfWindow   *self,
               TfTopology *topology)
{
  const TfMetrics *m = topology ? &topology->result.metrics : NULL;
  /* A topology loaded without an id (edited, or an optimizer's edited candidate) has none. */
  g_autofree char *id = topology && topology->result.family
                        ? tf_result_dup_id (&topology->result) : NULL;

  tf_topology_view_set_topology (self->view, topology);
  tf_legend_set_scene (self->legend, topology ? tf_topology_view_get_scene (self->view) : NULL,
                       m ? m->link_count_by_reach : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->placeholder), topology == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", topology != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-yaml", topology != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-id", id != NULL);
  update_title (self);
  if (topology == NULL)
    {
      gtk_label_set_text (self->topology_label, "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->topology_label), NULL);
      return;
    }
  {
    const TfNetworkGraph *g = &topology->graph;
    g_autofree char *params = id ? tf_result_dup_attrs_text (&topology->result) : g_strdup ("");
    g_autofree char *family = NULL;
    g_autofree char *text = NULL;

    /* Without an id there is no family: the file holds a graph of its own, whose metrics the
     * file gives or the loader measured. */
    family = g_strdup (topology->result.family ? tf_family_get_name (topology->result.family)
                                               : _("Edited topology"));
    text = tf_format_topology_markup (family, params, g, m);
    if (topology->candidate != NULL && topology->candidate->candidate_id != NULL)
      {
        g_autofree char *line = g_markup_printf_escaped (_("\nOptimizer candidate %s"),
                                                         topology->candidate->candidate_id);
        char *joined = g_strconcat (text, line, NULL);

        g_free (text);
        text = joined;
      }
    gtk_label_set_markup (self->topology_label, text);
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->topology_label), id);
  }
}

static void
info_changed (TfWindow *self)
{
  const char *info = tf_topology_view_get_info (self->view);

  gtk_label_set_text (self->info_label,
                      info ? info : _("Point at a chip, board, rack or switch."));
}

/* Files in */

static void
add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *name = tf_window_dup_file_name (file);
  g_autofree char *type = g_content_type_guess (name, NULL, 0, NULL);
  g_autofree char *mime = g_content_type_get_mime_type (type);
  GtkRecentData data = {
    .mime_type = mime ? mime : (char *) "application/octet-stream",
    .app_name = (char *) RECENT_APP_NAME,
    .app_exec = (char *) "topoforge %u",
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *x = *(GtkRecentInfo **) a;
  GtkRecentInfo *y = *(GtkRecentInfo **) b;

  /* The newest first. */
  return g_date_time_compare (gtk_recent_info_get_modified (y), gtk_recent_info_get_modified (x));
}

/* A menu label shows underscores as mnemonics: candidate_001.yaml needs them doubled. */
static char *
escape_mnemonics (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, "_", -1);

  return g_strjoinv ("__", parts);
}

/* Open Recent: the last files this app opened that still exist, newest first. */
static void
recent_changed (TfWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GPtrArray) ours = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);

  g_assert (TF_IS_WINDOW (self));

  for (GList *l = items; l != NULL; l = l->next)
    if (gtk_recent_info_has_application (l->data, RECENT_APP_NAME)
        && gtk_recent_info_exists (l->data))
      g_ptr_array_add (ours, gtk_recent_info_ref (l->data));
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  g_ptr_array_sort (ours, compare_recent);

  g_menu_remove_all (self->recent_menu);
  for (guint i = 0; i < MIN (ours->len, RECENT_MAX); i++)
    {
      const char *uri = gtk_recent_info_get_uri (g_ptr_array_index (ours, i));
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *name = tf_window_dup_file_name (file);
      g_autofree char *folder = parent ? dup_folder_name (parent) : g_strdup ("");
      /* Translators: an item of Open Recent: a file's name, then its folder */
      g_autofree char *text = g_strdup_printf (_("%s in %s"), name, folder);
      g_autofree char *label = escape_mnemonics (text);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (uri));
      g_menu_append_item (self->recent_menu, item);
    }
  /* With no file, one item whose action is never enabled: it shows, dimmed. */
  if (ours->len == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Files"), "win.no-recent");

      g_menu_append_item (self->recent_menu, item);
    }
}

static void
file_loaded (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(TfWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  TfTopology *topology = tf_topology_file_load_finish (result, &error);
  g_autoptr(GFile) file = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  if (tf_window_was_cancelled (error))
    return;
  g_clear_object (&self->loading);
  file = g_steal_pointer (&self->loading_file);
  tf_window_update_busy (self);
  name = tf_window_dup_file_name (file);
  if (topology == NULL)
    {
      /* Nothing changes but the banner: the file shown before, or the list's result, stays. */
      show_file_error (self, error->message);
      message = g_strdup_printf (_("Could not open %s"), name);
      gtk_label_set_text (self->status, message);
      if (self->file == NULL)
        {
          self->follow_results = TRUE;
          if (tf_results_view_get_selected (self->results) == NULL)
            tf_window_select_in_results (self);
        }
      return;
    }
  g_set_object (&self->file, file);
  tf_results_view_unselect (self->results);
  tf_window_show_error (self, NULL);
  tf_window_show_topology (self, topology);
  add_recent (file);
  message = g_strdup_printf (_("Opened %s"), name);
  gtk_label_set_text (self->status, message);
}

void
tf_window_open (TfWindow *self,
                GFile    *file)
{
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  g_return_if_fail (TF_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* From now on the list does not replace what is shown: an enumeration finishing while the
   * file loads selects nothing. */
  self->follow_results = FALSE;
  g_set_object (&self->loading_file, file);
  tf_window_replace_cancellable (&self->loading, g_cancellable_new ());
  tf_window_update_busy (self);
  name = tf_window_dup_file_name (file);
  message = g_strdup_printf (_("Opening %s…"), name);
  gtk_label_set_text (self->status, message);
  tf_topology_file_load_async (file, self->loading, file_loaded, g_object_ref (self));
}

GFile *
tf_window_get_file (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return self->file;
}

const char *
tf_window_get_summary (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->topology_label);
}

static void
open_response (GtkNativeDialog *dialog,
               int              response,
               TfWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        tf_window_open (self, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TfWindow *self = TF_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Open Topology"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  tf_file_chooser_add_yaml_filters (GTK_FILE_CHOOSER (dialog), _("Topology files"));
  /* Next to the file shown: the other candidates of an optimizer's run are there. */
  if (self->file != NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (self->file);

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_recent_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  tf_window_open (TF_WINDOW (widget), file);
}

static void
no_recent_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
}

/* Files dropped on the window: the first opens here, any others in windows of their own. */
static gboolean
file_dropped (TfWindow     *self,
              const GValue *value,
              double        x,
              double        y)
{
  GSList *files = gdk_file_list_get_files (g_value_get_boxed (value));
  guint n = g_slist_length (files);

  g_assert (TF_IS_WINDOW (self));

  if (n == 0)
    return FALSE;
  tf_window_open (self, files->data);
  if (n > 1)
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      g_autofree GFile **rest = g_new0 (GFile *, n - 1);
      guint i = 0;

      for (GSList *l = files->next; l != NULL; l = l->next)
        rest[i++] = l->data;
      if (app != NULL)
        g_application_open (G_APPLICATION (app), rest, (int) i, "");
    }
  g_slist_free (files);
  return TRUE;
}

static void
copy_id_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TfWindow *self = TF_WINDOW (widget);
  TfTopology *topology = tf_topology_view_get_topology (self->view);
  g_autofree char *id = NULL;
  g_autofree char *message = NULL;

  if (topology == NULL || topology->result.family == NULL)
    return;
  /* The id enumerate writes and generate --id takes. */
  id = tf_result_dup_id (&topology->result);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), id);
  message = g_strdup_printf (_("Copied the id %s"), id);
  gtk_label_set_text (self->status, message);
}

static void
copy_yaml_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TfWindow *self = TF_WINDOW (widget);
  TfTopology *topology = tf_topology_view_get_topology (self->view);
  g_autoptr(GString) yaml = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (topology == NULL)
    return;
  if (!tf_topology_write_yaml (topology, yaml, &error))
    {
      tf_window_show_error (self, error->message);
      return;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), yaml->str);
  gtk_label_set_text (self->status, _("Copied the topology as YAML"));
}

static void
fit_view_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  tf_topology_view_fit (TF_WINDOW (widget)->view);
}

/* GObject */

/* The header's Open and Export act on the Enumerate page's topology; the Optimize page has its
 * own files. */
static void
page_changed (TfWindow *self)
{
  gboolean enumerate = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack),
                                  "enumerate") == 0;

  gtk_widget_set_visible (self->open_button, enumerate);
  gtk_widget_set_visible (self->export_button, enumerate);
  gtk_widget_set_visible (GTK_WIDGET (self->status), enumerate);
}

static void
tf_window_dispose (GObject *object)
{
  TfWindow *self = TF_WINDOW (object);

  tf_window_replace_cancellable (&self->enumerating, NULL);
  tf_window_replace_cancellable (&self->generating, NULL);
  tf_window_replace_cancellable (&self->listing, NULL);
  tf_window_replace_cancellable (&self->loading, NULL);
  g_signal_handlers_disconnect_by_func (gtk_recent_manager_get_default (), recent_changed, self);
  tf_window_results_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), TF_TYPE_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->loading_file);
  g_clear_object (&self->file);
  g_clear_pointer (&self->select_family, g_free);
  G_OBJECT_CLASS (tf_window_parent_class)->dispose (object);
}

static void
tf_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  TfWindow *self = TF_WINDOW (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The list takes 45% of the height the first time the window has one (at least its first
 * 300 px: a tall window lists more results, not only a taller 3D view); then the user's, who
 * drags the handle. */
static void
content_paned_placed (TfWindow *self)
{
  int max = 0, height = gtk_widget_get_height (GTK_WIDGET (self->content_paned));

  g_object_get (self->content_paned, "max-position", &max, NULL);
  if (self->content_placed || max <= 0 || height <= 0
      || !gtk_widget_get_mapped (GTK_WIDGET (self->content_paned)))
    return;
  self->content_placed = TRUE;
  gtk_paned_set_position (self->content_paned, MIN (max, MAX (300, (int) (0.45 * height))));
}

static void
tf_window_class_init (TfWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tf_window_dispose;
  object_class->get_property = tf_window_get_property;
  window_class->close_request = close_request;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TF_TYPE_CONTEXT_FORM);
  g_type_ensure (TF_TYPE_RESULTS_VIEW);
  g_type_ensure (TF_TYPE_TOPOLOGY_VIEW);
  g_type_ensure (TF_TYPE_LEGEND);
  g_type_ensure (TF_TYPE_OPTIMIZE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/topoforge/Topoforge/ui/tf-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TfWindow, form);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, results);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, view);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, legend);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, banner);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, banner_label);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, placeholder);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, info_label);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, topology_label);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, status);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, content_paned);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, optimize);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, TfWindow, export_button);
  gtk_widget_class_bind_template_callback (widget_class, page_changed);
  gtk_widget_class_bind_template_callback (widget_class, content_paned_placed);
  gtk_widget_class_bind_template_callback (widget_class, banner_dismissed);
  gtk_widget_class_bind_template_callback (widget_class, info_changed);
  tf_window_results_class_init (widget_class);
  tf_window_export_class_init (widget_class);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_activated);
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, no_recent_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-yaml", NULL, copy_yaml_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-id", NULL, copy_id_activated);
  gtk_widget_class_install_action (widget_class, "win.fit-view", NULL, fit_view_activated);
}

static void
tf_window_init (TfWindow *self)
{
  GtkEventController *shortcuts;
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = tf_settings_new ();
  self->follow_results = TRUE;

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_swapped (drop, "drop", G_CALLBACK (file_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-recent", FALSE);
  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed",
                            G_CALLBACK (recent_changed), self);
  recent_changed (self);

  /* F fits the view, unless a text field takes the key first (bubble phase). */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_BUBBLE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_f, 0),
                                                          gtk_named_action_new ("win.fit-view")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  tf_window_show_topology (self, NULL);
  tf_window_update_busy (self);
  tf_window_results_init (self);
  load_settings (self);
}

TfWindow *
tf_window_new (GtkApplication *application)
{
  return g_object_new (TF_TYPE_WINDOW, "application", application, NULL);
}

TfContextForm *
tf_window_get_form (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return self->form;
}

TfResultsView *
tf_window_get_results (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return self->results;
}

TfTopologyView *
tf_window_get_view (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return self->view;
}

TfLegend *
tf_window_get_legend (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return self->legend;
}

TfOptimizeView *
tf_window_get_optimize_view (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return self->optimize;
}

void
tf_window_set_page (TfWindow   *self,
                    const char *name)
{
  g_return_if_fail (TF_IS_WINDOW (self));
  g_return_if_fail (g_strcmp0 (name, "enumerate") == 0 || g_strcmp0 (name, "optimize") == 0);

  gtk_stack_set_visible_child_name (self->stack, name);
}
