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

/* A family's id keys, one row each in the order its ids list them (tf_id_keys_parse reads,
 * tf_id_keys_format writes, the framework lists the TF_ID_ATTR ones as family_attrs): what
 * the family writes once. Offsets are into the family's parameter struct; a number and a name
 * are guint fields, a list guint32 values. */
typedef enum
{
  TF_ID_UINT,
  TF_ID_LIST,
  TF_ID_NAME,
} TfIdKind;

enum
{
  TF_ID_ATTR     = 1 << 0,   /* a family_attrs key too */
  TF_ID_OPTIONAL = 1 << 1,   /* left out at its default, and refused there */
};

typedef gboolean (*TfIdApplies) (gconstpointer params);

typedef struct
{
  const char    *key;
  TfIdKind       kind;
  gsize          offset;
  guint          min, max;          /* each value */
  guint          min_len, max_len;  /* a list's length */
  /* A list's length: stored at @len_offset (a guint) when @len_key is NULL, else @len_key's (an
   * earlier key: its value, or its length for a list), checked */
  gsize          len_offset;
  const char    *len_key;
  const TfNames *names;             /* TF_ID_NAME */
  guint          flags;
  /* TF_ID_OPTIONAL: the default, @default_key's value when given (a number), else
   * @default_value (every value of a list) */
  guint          default_value;
  const char    *default_key;
  /* The key exists only when this holds, read after the keys without it (the value 0
   * otherwise); @only (may be NULL) says why when it is given where it does not */
  TfIdApplies    applies;
  const char    *only;
} TfIdKey;

/* A number key of @field of the family's parameters @type, in [@lo, @hi]. */
#define TF_ID_KEY_UINT(name, type, field, lo, hi, flags_) \
  { .key = (name), .kind = TF_ID_UINT, .offset = G_STRUCT_OFFSET (type, field), .min = (lo), \
    .max = (hi), .flags = (flags_) }

/* Parses @args by @keys into @params (zeroed first, @size bytes). */
gboolean tf_id_keys_parse (const TfIdKey *keys, guint n_keys, TfIdArgs *args, gpointer params,
                           gsize size, GError **error);
/* Appends @params as @keys list them. */
void     tf_id_keys_format (const TfIdKey *keys, guint n_keys, gconstpointer params,
                            GString *out);
/* Whether @key holds for @params (its applies), and the length of list @key there. */
gboolean tf_id_key_applies (const TfIdKey *key, gconstpointer params);
guint    tf_id_key_length (const TfIdKey *keys, guint n_keys, const TfIdKey *key,
                           gconstpointer params);

G_END_DECLS
