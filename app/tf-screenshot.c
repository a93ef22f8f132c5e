/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-screenshot.c: the widget's paintable rendered by the window's own GSK renderer, so the
 * picture is what the screen shows, GtkGLArea textures included. */
#include <glib/gi18n.h>

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
