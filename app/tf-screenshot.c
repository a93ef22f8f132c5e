/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-screenshot.c: the widget's paintable rendered by the window's own GSK renderer, so the
 * picture is what the screen shows, GtkGLArea textures included. */
#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tf-screenshot.h"
#include "topoforge.h"

gboolean
tf_screenshot_save (GtkWidget   *widget,
                    const char  *path,
                    GError     **error)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GBytes) png = NULL;
  GskRenderer *renderer;
  int width, height;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  if (width <= 0 || height <= 0 || renderer == NULL)
    {
      g_set_error_literal (error, TF_ERROR, TF_ERROR_IO, _("The window is not shown yet"));
      return FALSE;
    }
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    {
      g_set_error_literal (error, TF_ERROR, TF_ERROR_IO, _("The window drew nothing"));
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  png = gdk_texture_save_to_png_bytes (texture);
  return tf_write_file_atomic (path, g_bytes_get_data (png, NULL), g_bytes_get_size (png), error);
}

/* The value of option @name in @argv ("--size 1280x800" or "--size=1280x800"), or NULL. */
static const char *
option_value (int          argc,
              char       **argv,
              const char  *name,
              gboolean    *present)
{
  gsize len = strlen (name);

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (strncmp (argv[i], name, len) != 0)
        continue;
      if (argv[i][len] == '=')
        {
          *present = TRUE;
          return argv[i] + len + 1;
        }
      if (argv[i][len] == '\0')
        {
          *present = TRUE;
          return i + 1 < argc ? argv[i + 1] : NULL;
        }
    }
  return NULL;
}

/* The log on the virtual display: as always, but for GTK's warning that there is no session
 * bus, which a virtual display started for one picture has not, by design. */
static GLogWriterOutput
virtual_display_log (GLogLevelFlags   level,
                     const GLogField *fields,
                     gsize            n_fields,
                     gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (strcmp (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0
        && g_str_has_prefix (fields[i].value, "Unable to acquire session bus"))
      return G_LOG_WRITER_HANDLED;
  return g_log_writer_default (level, fields, n_fields, user_data);
}

int
tf_screenshot_without_display (int    argc,
                               char **argv)
{
  gboolean wanted = FALSE, sized = FALSE;
  const char *size = NULL;
  g_autofree char *xvfb = NULL;
  g_autofree char *self = NULL;
  g_autofree char *screen = NULL;
  g_autoptr(GPtrArray) args = NULL;
  g_auto(GStrv) env = NULL;
  int width = 0, height = 0;

  option_value (argc, argv, "--screenshot", &wanted);
  if (wanted && g_getenv ("TF_XVFB") != NULL)
    g_log_set_writer_func (virtual_display_log, NULL, NULL);
  if (!wanted || gtk_init_check ())
    return -1;
  if (g_getenv ("TF_XVFB") != NULL)
    {
      fprintf (stderr, "topoforge: no display, even under xvfb-run (is Xvfb installed?)\n");
      return 1;
    }
  xvfb = g_find_program_in_path ("xvfb-run");
  if (xvfb == NULL)
    {
      fprintf (stderr, "topoforge: --screenshot needs a display and there is none (DISPLAY and "
               "WAYLAND_DISPLAY are unset or unreachable); install xvfb, whose xvfb-run "
               "gives it a virtual one\n");
      return 1;
    }
  size = option_value (argc, argv, "--size", &sized);
  if (size == NULL || sscanf (size, "%dx%d", &width, &height) != 2)
    width = height = 0;
  screen = g_strdup_printf ("-screen 0 %dx%dx24", CLAMP (width + 64, 1600, 8192),
                            CLAMP (height + 64, 1200, 8192));
  self = g_file_read_link ("/proc/self/exe", NULL);
  args = g_ptr_array_new ();
  g_ptr_array_add (args, xvfb);
  g_ptr_array_add (args, (char *) "-a");
  g_ptr_array_add (args, (char *) "-s");
  g_ptr_array_add (args, screen);
  g_ptr_array_add (args, self != NULL ? self : argv[0]);
  for (int i = 1; i < argc; i++)
    g_ptr_array_add (args, argv[i]);
  g_ptr_array_add (args, NULL);
  /* No session bus there: no accessibility bus, and settings kept in memory (dconf's need the
   * bus; a picture drawn on a virtual display changes nothing the user keeps). The variables
   * go to the new program only: setting them here, where GTK's failed start may have left
   * threads that read the environment, crashed about one start in seventy. */
  env = g_get_environ ();
  env = g_environ_setenv (env, "TF_XVFB", "1", TRUE);
  env = g_environ_setenv (env, "GTK_A11Y", "none", FALSE);
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "memory", FALSE);
  execve (g_ptr_array_index (args, 0), (char **) args->pdata, env);
  fprintf (stderr, "topoforge: cannot run %s: %s\n", (char *) g_ptr_array_index (args, 0),
           g_strerror (errno));
  return 1;
}
