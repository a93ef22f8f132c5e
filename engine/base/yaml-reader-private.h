/* SPDX-License-Identifier: GPL-3.0-or-later */
/* yaml-reader-private.h: libyaml's event parser with the guards untrusted files need.
 *
 * libyaml 0.2.5 has no nesting limit, resolves aliases into shared (even self-containing) nodes,
 * accepts duplicate keys, passes "\0" escapes through as embedded NULs and reports bad UTF-8 by
 * byte offset only. The reader refuses anchors, aliases and every tag but the core schema's,
 * bounds nesting depth and scalar length, checks UTF-8 and NUL bytes itself (with line and
 * column), and keeps the path of the field being read, so every error comes out as one line:
 *
 *   FILE:LINE:COLUMN: field 'network.links[3].a': what is wrong
 *
 * Callers walk a document with the typed readers below; each consumes exactly one YAML value.
 */
#pragma once

#include <yaml.h>

#include "topoforge.h"
#include "names-private.h"

G_BEGIN_DECLS

#define TF_YAML_MAX_DEPTH  32
#define TF_YAML_MAX_SCALAR (64 * 1024)

typedef struct
{
  guint32 line;    /* 1-based */
  guint32 column;  /* 1-based, in characters */
} TfMark;

typedef struct
{
  yaml_parser_t   parser;
  yaml_event_t    event;      /* the current event, when has_event */
  gboolean        has_event;
  const char     *file;       /* as the user named it, for messages */
  const guchar   *data;
  gsize           length;
  guint           depth;
  GString        *path;       /* the field being read, e.g. "network.links[3]" */
  GError         *error;      /* the first error; later ones are dropped */
} TfYamlReader;

/* Reads an untrusted file whole: a regular file only (a FIFO or a device never blocks or
 * streams forever), at most @limit bytes (the message names @what, e.g. "a search
 * configuration", when not NULL), read once. Errors are "FILE:1:1: field '(file)': ...". */
gboolean tf_yaml_read_file (const char *path, guint64 limit, const char *what, char **data,
                            gsize *length, GError **error);

/* Checks @data (UTF-8, no NUL byte) and starts reading; FALSE with r->error set when the check
 * fails. The reader borrows @data. */
gboolean tf_yaml_reader_init (TfYamlReader *r, const char *file, const guchar *data,
                              gsize length);
void     tf_yaml_reader_clear (TfYamlReader *r);

/* Moves to the next event; FALSE on a syntax error or a refused construct. */
gboolean tf_yaml_reader_next (TfYamlReader *r);
/* Expects the stream and document start events, then leaves the root value current. */
gboolean tf_yaml_reader_begin_document (TfYamlReader *r);
/* After the root value: the document end, then the stream end (one document only). */
gboolean tf_yaml_reader_end_document (TfYamlReader *r);

TfMark   tf_yaml_reader_mark (const TfYamlReader *r);
TfMark   tf_yaml_mark_from_offset (const guchar *data, gsize length, gsize offset);

/* Sets r->error ("FILE:L:C: field 'path': message") at @mark, once; returns FALSE. */
gboolean tf_yaml_reader_fail_at (TfYamlReader *r, TfMark mark, const char *format, ...)
  G_GNUC_PRINTF (3, 4);
/* The same at the current event. */
gboolean tf_yaml_reader_fail (TfYamlReader *r, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* The same at @mark, naming @path instead of the current field. */
gboolean tf_yaml_reader_fail_field (TfYamlReader *r, TfMark mark, const char *path,
                                    const char *format, ...) G_GNUC_PRINTF (4, 5);

/* Field path bookkeeping: push a key or an index, pop back to @length. */
gsize    tf_yaml_reader_push_key (TfYamlReader *r, const char *key);
gsize    tf_yaml_reader_push_index (TfYamlReader *r, guint index);
void     tf_yaml_reader_pop (TfYamlReader *r, gsize length);

/* Mappings: call with the mapping start current. Each call of next_key moves to the next key
 * (FALSE with *key = NULL at the end, or FALSE with an error); duplicate keys are errors. The
 * caller then reads the value with one typed reader. */
typedef struct
{
  GHashTable *seen;
  gsize       path_length;
  TfMark      start;
  TfMark      key_mark;   /* of the key next_key returned last */
} TfYamlMapping;

gboolean tf_yaml_reader_begin_mapping (TfYamlReader *r, TfYamlMapping *m);
gboolean tf_yaml_reader_next_key (TfYamlReader *r, TfYamlMapping *m, const char **key);
void     tf_yaml_mapping_clear (TfYamlMapping *m);

/* Sequences: call with the sequence start current; next_item moves to the next item
 * (FALSE at the end or on error) and refuses more than @max_items. */
typedef struct
{
  guint   count;
  guint   max_items;
  gsize   path_length;
  TfMark  start;
} TfYamlSequence;

gboolean tf_yaml_reader_begin_sequence (TfYamlReader *r, TfYamlSequence *s, guint max_items);
gboolean tf_yaml_reader_next_item (TfYamlReader *r, TfYamlSequence *s, gboolean *more);

/* Typed scalars: each moves past the value it reads. Integers are plain decimal digits only
 * (no sign, base prefix, fraction or exponent) within [min, max]; reals are plain decimals or
 * exponents, finite; strings are any scalar style without NUL, non-empty, at most @max_length
 * bytes, and not a plain null, boolean or number. */
gboolean tf_yaml_read_uint (TfYamlReader *r, guint64 min, guint64 max, guint64 *out);
gboolean tf_yaml_read_real (TfYamlReader *r, double *out);
gboolean tf_yaml_read_string (TfYamlReader *r, gsize max_length, char **out);
/* A string from a fixed set; returns its index. */
gboolean tf_yaml_read_choice (TfYamlReader *r, TfNames choices, guint *out);
/* Any value, kept as a small tree (keys carried through unchanged). Counts nodes against
 * *budget and fails when it runs out. */
typedef struct _TfYamlNode TfYamlNode;

struct _TfYamlNode
{
  yaml_node_type_t    type;
  char               *value;     /* scalars */
  gsize               length;
  yaml_scalar_style_t style;
  gboolean            flow;      /* a collection written [..] or {..} */
  GPtrArray          *children;  /* sequences: items; mappings: key, value, key, value ... */
};

gboolean tf_yaml_read_node (TfYamlReader *r, guint *budget, TfYamlNode **out);
void     tf_yaml_node_free (TfYamlNode *node);

/* A metadata key Topoforge does not read, an "x-" extension or any other, and its value, as
 * TfTopology.extensions holds them. @parent is the path of the mapping that held it
 * ("metadata", "metadata.metrics", ...), where the writer puts it back. */
typedef struct
{
  char       *parent;
  char       *key;
  TfYamlNode *value;
} TfYamlExtension;

void     tf_yaml_extension_free (TfYamlExtension *extension);

/* Typed readers on top of the ones above (yaml-reader-typed.c): a boolean, a whole or real
 * number in a stated range, lists, and the messages for an unknown key, a missing key and a
 * built-in file that does not parse. */

gboolean tf_yaml_unknown_key (TfYamlReader *r, TfYamlMapping *m, const char *key, TfNames known);
gboolean tf_yaml_read_bool (TfYamlReader *r, gboolean *out);
/* A whole number in [min, max]; when @why is given, a number above the range says why the
 * limit is what it is. */
gboolean tf_yaml_read_uint_in (TfYamlReader *r, guint64 min, guint64 max, const char *why,
                               guint64 *out);
gboolean tf_yaml_read_guint (TfYamlReader *r, guint64 min, guint64 max, guint *out);
gboolean tf_yaml_read_ascending (TfYamlReader *r, guint min, guint max, guint max_items,
                                 const char *what, guint *values, TfMark *marks,
                                 guint *n_values);
/* A finite number above (or from) @min and at most @max, @unit after the numbers. */
gboolean tf_yaml_read_real_in (TfYamlReader *r, double min, gboolean min_open, double max,
                               const char *unit, double *out);
/* A list of names, each found by @lookup, none twice, at least one. */
typedef gboolean (*TfYamlLookupFunc) (const char *name, guint *index);
typedef char *(*TfYamlExplainFunc) (const char *name);

gboolean tf_yaml_read_name_list (TfYamlReader *r, guint max_items, TfYamlLookupFunc lookup,
                                 TfYamlExplainFunc explain, guint *indices, guint *n);
/* "needs every key here (missing: ...)" for the keys whose bit is not in @have. */
gboolean tf_yaml_fail_missing (TfYamlReader *r, TfMark mark, TfNames keys, guint have);
/* Built-in text is part of the program: a fault in it is a bug. */
G_NORETURN void tf_yaml_builtin_failed (const char *file, GError *error);

/* Mappings read by a table of their keys (yaml-keys.c): one row a key, naming it and saying how
 * its value is read, so the table is both what a key is matched against and what the message
 * for an unknown one lists. A row reads into a field of the caller's target struct with one of
 * the typed readers here, or calls a function of the caller's. */
typedef struct _TfYamlKey TfYamlKey;

/* What becomes of a key the table has not (read into @target, given the caller's @data): an
 * error listing the table's keys when NULL. */
typedef gboolean (*TfYamlUnknownFunc) (TfYamlReader *r, TfYamlMapping *m, const char *key,
                                       gpointer target, gpointer data);

/* Where a row's value is read: the row, the key as written and its mark, the target's field
 * (the target plus the row's offset), the caller's data and what becomes of unknown keys. */
typedef struct
{
  const TfYamlKey   *key;
  const char        *name;
  TfMark             mark;
  gpointer           field;
  gpointer           data;
  TfYamlUnknownFunc  unknown;
} TfYamlKeyAt;

/* Reads one value; TRUE when it was read. */
typedef gboolean (*TfYamlKeyRead) (TfYamlReader *r, const TfYamlKeyAt *at);

struct _TfYamlKey
{
  const char    *name;
  TfYamlKeyRead  read;
  gsize          offset;
  guint64        min, max;     /* whole numbers */
  double         rmin, rmax;   /* reals: from rmin (above it when open) to rmax */
  gboolean       open;
  const char    *unit;         /* after a real's range; why a whole number's limit is what it is */
  const TfNames *choices;
  const TfYamlKey *keys;       /* a mapping's own */
  guint          n_keys;
};

gboolean tf_yaml_key_bool (TfYamlReader *r, const TfYamlKeyAt *at);      /* gboolean */
gboolean tf_yaml_key_guint (TfYamlReader *r, const TfYamlKeyAt *at);     /* guint, [min, max] */
gboolean tf_yaml_key_uint64 (TfYamlReader *r, const TfYamlKeyAt *at);    /* guint64, [min, max] */
gboolean tf_yaml_key_real (TfYamlReader *r, const TfYamlKeyAt *at);      /* double, finite */
gboolean tf_yaml_key_real_in (TfYamlReader *r, const TfYamlKeyAt *at);   /* double, the range */
gboolean tf_yaml_key_choice (TfYamlReader *r, const TfYamlKeyAt *at);    /* guint: a choice */
gboolean tf_yaml_key_string (TfYamlReader *r, const TfYamlKeyAt *at);    /* char *, max bytes */
/* A mapping by its own keys into the field, unknown keys as the outer mapping's. */
gboolean tf_yaml_key_map (TfYamlReader *r, const TfYamlKeyAt *at);

/* The offset of @field in @type, which must be a @ctype: a row of the wrong type is an error. */
#define TF_YAML_FIELD(type, field, ctype) \
  (G_STRUCT_OFFSET (type, field) \
   + 0 * sizeof (char[_Generic (((type *) 0)->field, ctype: 1, default: -1)]))

#define TF_YAML_KEY_BOOL(key, type, field) \
  { .name = (key), .read = tf_yaml_key_bool, .offset = TF_YAML_FIELD (type, field, gboolean) }
#define TF_YAML_KEY_GUINT(key, type, field, lo, hi) \
  { .name = (key), .read = tf_yaml_key_guint, .offset = TF_YAML_FIELD (type, field, guint), \
    .min = (lo), .max = (hi) }
#define TF_YAML_KEY_UINT64(key, type, field, lo, hi, why) \
  { .name = (key), .read = tf_yaml_key_uint64, .offset = TF_YAML_FIELD (type, field, guint64), \
    .min = (lo), .max = (hi), .unit = (why) }
#define TF_YAML_KEY_REAL(key, type, field) \
  { .name = (key), .read = tf_yaml_key_real, .offset = TF_YAML_FIELD (type, field, double) }
#define TF_YAML_KEY_REAL_IN(key, type, field, lo, above, hi, unit_) \
  { .name = (key), .read = tf_yaml_key_real_in, .offset = TF_YAML_FIELD (type, field, double), \
    .rmin = (lo), .open = (above), .rmax = (hi), .unit = (unit_) }
#define TF_YAML_KEY_CHOICE(key, type, field, names) \
  { .name = (key), .read = tf_yaml_key_choice, .offset = TF_YAML_FIELD (type, field, guint), \
    .choices = &(names) }
#define TF_YAML_KEY_STRING(key, type, field, max_length) \
  { .name = (key), .read = tf_yaml_key_string, .offset = TF_YAML_FIELD (type, field, char *), \
    .max = (max_length) }
#define TF_YAML_KEY_MAP(key, keys_) \
  { .name = (key), .read = tf_yaml_key_map, .keys = (keys_), .n_keys = G_N_ELEMENTS (keys_) }
#define TF_YAML_KEY_MAP_AT(key, keys_, type, field) \
  { .name = (key), .read = tf_yaml_key_map, .offset = G_STRUCT_OFFSET (type, field), \
    .keys = (keys_), .n_keys = G_N_ELEMENTS (keys_) }
/* A row read by the caller's @func: its field is the target itself, or with _AT @field of it. */
#define TF_YAML_KEY_CALL(key, func) { .name = (key), .read = (func) }
#define TF_YAML_KEY_CALL_AT(key, func, type, field) \
  { .name = (key), .read = (func), .offset = G_STRUCT_OFFSET (type, field) }

/* Reads the mapping at @r through @keys (at most 64 rows) into @target, the rows' functions
 * given @data; *@have (may be NULL) gets bit i for each row i read, and *@start (may be NULL)
 * the mapping's mark. */
gboolean tf_yaml_read_keys (TfYamlReader *r, const TfYamlKey *keys, guint n_keys,
                            gpointer target, gpointer data, TfYamlUnknownFunc unknown,
                            guint64 *have, TfMark *start);
/* "needs every key here (missing: ...)" for the rows whose bit is not in @have. */
gboolean tf_yaml_keys_fail_missing (TfYamlReader *r, TfMark mark, const TfYamlKey *keys,
                                    guint n_keys, guint64 have);

G_END_DECLS
