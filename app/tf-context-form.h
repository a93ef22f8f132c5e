/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-context-form.h: the EnumerationContext form. Every field is checked by the engine's own
 * rule as it changes; a broken rule is shown on its field with the engine's message, and
 * "changed" is only emitted for a form whose every field holds. An empty per-link bandwidth
 * (NAN in the context) takes the chip's budgets; an empty switch port speed (0), the NIC's. */
#pragma once

#include <gtk/gtk.h>

#include "topoforge.h"

G_BEGIN_DECLS

#define TF_TYPE_CONTEXT_FORM (tf_context_form_get_type ())
G_DECLARE_FINAL_TYPE (TfContextForm, tf_context_form, TF, CONTEXT_FORM, GtkWidget)

GtkWidget  *tf_context_form_new (void);
gboolean    tf_context_form_get_valid (TfContextForm *self);
void        tf_context_form_get_context (TfContextForm *self, TfContext *out);
void        tf_context_form_set_context (TfContextForm *self, const TfContext *ctx);
/* The chosen families' names, NULL-terminated; all of them when every box is ticked. */
GStrv       tf_context_form_dup_families (TfContextForm *self);
/* NULL or empty: every family. */
void        tf_context_form_set_families (TfContextForm *self, const char *const *families);
/* The message shown on a field ("n_chip", "defaults.B2B.latency_ns", "families"), or NULL. */
const char *tf_context_form_get_field_error (TfContextForm *self, const char *field);
/* The first field's message, in the form's order, or NULL when the form is valid. */
const char *tf_context_form_get_error (TfContextForm *self);
/* The widget that edits a field, for focus and tests; "chip" is the chip type (preset)
 * drop-down, which sets the defaults.chip fields and chip_radix, "rack" the rack cooling one,
 * which sets defaults.rack.power_kw. */
GtkWidget  *tf_context_form_get_field_widget (TfContextForm *self, const char *field);

G_END_DECLS
