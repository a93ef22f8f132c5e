/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-screenshot.h: a widget as it is drawn now (GL areas included), saved as a PNG. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean tf_screenshot_save (GtkWidget *widget, const char *path, GError **error);
/* A --screenshot command with no display to draw on runs again under xvfb-run, on a virtual X
 * screen larger than its --size, so that it works as written on a build server or in CI.
 * Returns -1 where there is a display or no --screenshot (the app goes on), else the exit
 * status of not finding a way, having said why on standard error; it does not return when it
 * runs the command again. */
int      tf_screenshot_without_display (int argc, char **argv);

G_END_DECLS
