/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-application.h: the application: one window per activation, command-line options that set
 * the form, pick a result and, with --screenshot, save the window as a PNG and quit. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TF_TYPE_APPLICATION (tf_application_get_type ())
G_DECLARE_FINAL_TYPE (TfApplication, tf_application, TF, APPLICATION, GtkApplication)

TfApplication *tf_application_new (void);
/* Non-zero when --screenshot failed. */
int            tf_application_get_exit_status (TfApplication *self);

G_END_DECLS
