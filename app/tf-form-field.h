/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-form-field.h: a form field the engine found wrong, marked as GNOME apps mark one: the
 * "error" style class, and for screen readers the invalid state with the message as the
 * field's description. The context form and the search form share it. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Marks @widget wrong with @message, or right again when @message is NULL. */
void tf_form_field_set_invalid (GtkWidget *widget, const char *message);

G_END_DECLS
