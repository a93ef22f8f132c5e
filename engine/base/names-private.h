/* SPDX-License-Identifier: GPL-3.0-or-later */
/* names-private.h: finding a name in a table of an enum's names, and listing such a table in a
 * message (names.c). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The index of @str in @names, FALSE when it is not there. */
gboolean tf_name_index (const char *const *names, guint n_names, const char *str, guint *out);
/* "a, b, c or d" */
char    *tf_names_join (const char *const *names, guint n_names);

G_END_DECLS
