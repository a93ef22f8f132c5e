/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-screenshot.h: a widget as it is drawn now (GL areas included), saved as a PNG. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean tf_screenshot_save (GtkWidget *widget, const char *path, GError **error);

G_END_DECLS
