/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-form-field.c: a form field marked wrong (see tf-form-field.h). */
#include "tf-form-field.h"

void
tf_form_field_set_invalid (GtkWidget  *widget,
                           const char *message)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (message != NULL)
    gtk_widget_add_css_class (widget, "error");
  else
    gtk_widget_remove_css_class (widget, "error");
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_INVALID,
                               message ? GTK_ACCESSIBLE_INVALID_TRUE
                                       : GTK_ACCESSIBLE_INVALID_FALSE, -1);
  if (message != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    message, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}
