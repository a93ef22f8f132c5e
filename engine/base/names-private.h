/* SPDX-License-Identifier: GPL-3.0-or-later */
/* names-private.h: the one type of a table of an enum's names (names.c), which the readers match
 * a file's spelling against, the writers spell, and messages list. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The names of an enum's values, in the enum's order. */
typedef struct
{
  const char *const *names;
  guint              n;
} TfNames;

/* Defines @var, the TfNames of the strings after @count, checked to be @count of them (the
 * enum's count, so a value without a name does not compile). */
#define TF_DEFINE_NAMES(var, count, ...) \
  static const char *const var##_list[] = { __VA_ARGS__ }; \
  G_STATIC_ASSERT (G_N_ELEMENTS (var##_list) == (count)); \
  const TfNames var = { var##_list, G_N_ELEMENTS (var##_list) }
/* The same for a table of one file. */
#define TF_STATIC_NAMES(var, ...) \
  static const char *const var##_list[] = { __VA_ARGS__ }; \
  static const TfNames var = { var##_list, G_N_ELEMENTS (var##_list) }

/* The index of @str in @names, FALSE when it is not there. */
gboolean    tf_names_find (TfNames names, const char *str, guint *index);
/* The name of @index, NULL beyond the table. */
const char *tf_names_get (TfNames names, guint index);
/* "a, b, c or d" */
char       *tf_names_join (TfNames names);

G_END_DECLS
