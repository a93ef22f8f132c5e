/* SPDX-License-Identifier: GPL-3.0-or-later */
/* id-private.h: result ids, "family:key=value,key=value".
 *
 * Lists are written with 'x' between values ("dimension_sizes=4x8"). Every key a family reads is
 * marked used; a key left unused is an error, so a typo never silently means a default. Numbers
 * have one spelling: decimal digits without a leading zero ("0" alone is fine).
 *
 * Messages quote the id and its parts as given; tf_result_from_id, the one caller, escapes
 * control characters in the finished message.
 */
#pragma once

#include "names-private.h"

G_BEGIN_DECLS

#define TF_ID_MAX_ARGS 8

typedef struct
{
  const char *id;        /* the whole id, for messages */
  guint       n_args;
  char       *keys[TF_ID_MAX_ARGS];
  char       *values[TF_ID_MAX_ARGS];
  gboolean    used[TF_ID_MAX_ARGS];
} TfIdArgs;

/* Splits the part after "family:" into arguments. */
gboolean tf_id_args_parse (TfIdArgs *args, const char *id, const char *params, GError **error);
void     tf_id_args_clear (TfIdArgs *args);
gboolean tf_id_args_get_uint (TfIdArgs *args, const char *key, guint min, guint max, guint *out,
                              GError **error);
/* A value that is one of @names (@n of them), as its index. */
gboolean tf_id_args_get_name (TfIdArgs *args, const char *key, TfNames names, guint *out,
                              GError **error);
gboolean tf_id_args_get_list (TfIdArgs *args, const char *key, guint min_len, guint max_len,
                              guint min, guint max, guint *n_out, guint32 *out, GError **error);
/* Whether @key was given: a parameter the id leaves out when it has its default value. */
gboolean tf_id_args_has (const TfIdArgs *args, const char *key);
gboolean tf_id_args_finish (TfIdArgs *args, GError **error);

void tf_id_append_uint (GString *out, const char *key, guint value);
void tf_id_append_list (GString *out, const char *key, const guint32 *values, guint n);
void tf_id_append_name (GString *out, const char *key, const char *name);

G_END_DECLS
