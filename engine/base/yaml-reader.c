/* SPDX-License-Identifier: GPL-3.0-or-later */
/* yaml-reader.c: a guarded walk over libyaml's events (see yaml-reader-private.h). */
#include <math.h>
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>

#include "names-private.h"
#include "yaml-reader-private.h"


TfMark
tf_yaml_mark_from_offset (const guchar *data,
                          gsize         length,
                          gsize         offset)
{
  TfMark mark = { 1, 1 };

  for (gsize i = 0; i < offset && i < length; i++)
    {
      if (data[i] == '\n')
        {
          mark.line++;
          mark.column = 1;
        }
      else if ((data[i] & 0xc0) != 0x80)  /* count characters, not continuation bytes */
        mark.column++;
    }
  return mark;
}

static gboolean fail_valist (TfYamlReader *r, TfMark mark, const char *path, const char *format,
                             va_list args) G_GNUC_PRINTF (4, 0);

static gboolean
fail_valist (TfYamlReader *r,
             TfMark        mark,
             const char   *path,
             const char   *format,
             va_list       args)
{
  g_autofree char *message = NULL;
  g_autofree char *line = NULL;
  g_autofree char *safe = NULL;

  if (r->error != NULL)
    return FALSE;
  message = g_strdup_vprintf (format, args);
  line = g_strdup_printf ("%s:%u:%u: field '%s': %s", r->file, mark.line, mark.column,
                          path && *path ? path : "(document)", message);
  /* One line, whatever the file holds: a key or value quoted with a newline or another control
   * character in it shows as an escape. */
  safe = tf_escape_control (line);
  g_set_error_literal (&r->error, TF_ERROR, TF_ERROR_INVALID_FILE, safe);
  return FALSE;
}

gboolean
tf_yaml_reader_fail_at (TfYamlReader *r,
                        TfMark        mark,
                        const char   *format,
                        ...)
{
  va_list args;

  va_start (args, format);
  fail_valist (r, mark, r->path->str, format, args);
  va_end (args);
  return FALSE;
}

gboolean
tf_yaml_reader_fail (TfYamlReader *r,
                     const char   *format,
                     ...)
{
  va_list args;

  va_start (args, format);
  fail_valist (r, tf_yaml_reader_mark (r), r->path->str, format, args);
  va_end (args);
  return FALSE;
}

gboolean
tf_yaml_reader_fail_field (TfYamlReader *r,
                           TfMark        mark,
                           const char   *path,
                           const char   *format,
                           ...)
{
  va_list args;

  va_start (args, format);
  fail_valist (r, mark, path, format, args);
  va_end (args);
  return FALSE;
}

TfMark
tf_yaml_reader_mark (const TfYamlReader *r)
{
  TfMark mark = { 1, 1 };

  if (r->has_event)
    {
      mark.line = (guint32) r->event.start_mark.line + 1;
      mark.column = (guint32) r->event.start_mark.column + 1;
    }
  return mark;
}

gboolean
tf_yaml_reader_init (TfYamlReader *r,
                     const char   *file,
                     const guchar *data,
                     gsize         length)
{
  const gchar *end;

  /* A UTF-8 byte-order mark is no text (libyaml, told the encoding, would read it as some):
   * lines and columns count from after it, as editors show them. */
  if (length >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf)
    {
      data += 3;
      length -= 3;
    }
  memset (r, 0, sizeof *r);
  r->file = file;
  r->data = data;
  r->length = length;
  r->path = g_string_new (NULL);
  yaml_parser_initialize (&r->parser);
  yaml_parser_set_encoding (&r->parser, YAML_UTF8_ENCODING);
  yaml_parser_set_input_string (&r->parser, data, length);

  /* libyaml reports bad UTF-8 by byte offset only, and a NUL byte is not YAML at all. */
  {
    const guchar *nul = memchr (data, '\0', length);

    if (nul != NULL)
      return tf_yaml_reader_fail_at (r, tf_yaml_mark_from_offset (data, length,
                                                                  (gsize) (nul - data)),
                                     "a NUL byte; a YAML file is text");
  }
  if (!g_utf8_validate_len ((const gchar *) data, length, &end))
    return tf_yaml_reader_fail_at (r, tf_yaml_mark_from_offset (data, length,
                                                                (gsize) ((const guchar *) end
                                                                         - data)),
                                   "invalid UTF-8 (byte 0x%02x)", *(const guchar *) end);
  return TRUE;
}

void
tf_yaml_reader_clear (TfYamlReader *r)
{
  if (r->has_event)
    yaml_event_delete (&r->event);
  yaml_parser_delete (&r->parser);
  if (r->path != NULL)
    g_string_free (r->path, TRUE);
  g_clear_error (&r->error);
  memset (r, 0, sizeof *r);
}

/* The core schema's tags; libyaml expands "!!" to "tag:yaml.org,2002:". */
static gboolean
core_tag (const yaml_char_t *tag)
{
  static const char *const core[] = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
  };

  if (tag == NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (core); i++)
    if (strcmp ((const char *) tag, core[i]) == 0)
      return TRUE;
  return FALSE;
}

gboolean
tf_yaml_reader_next (TfYamlReader *r)
{
  const yaml_char_t *anchor = NULL, *tag = NULL;

  if (r->error != NULL)
    return FALSE;
  if (r->has_event)
    {
      yaml_event_delete (&r->event);
      r->has_event = FALSE;
    }
  if (!yaml_parser_parse (&r->parser, &r->event))
    {
      TfMark mark = { (guint32) r->parser.problem_mark.line + 1,
                      (guint32) r->parser.problem_mark.column + 1 };

      if (r->parser.error == YAML_READER_ERROR)
        mark = tf_yaml_mark_from_offset (r->data, r->length, r->parser.problem_offset);
      else if (r->parser.error == YAML_MEMORY_ERROR)
        return tf_yaml_reader_fail_at (r, mark, "out of memory while parsing");
      return tf_yaml_reader_fail_at (r, mark, "YAML syntax: %s%s%s",
                                     r->parser.problem ? r->parser.problem : "error",
                                     r->parser.context ? " " : "",
                                     r->parser.context ? r->parser.context : "");
    }
  r->has_event = TRUE;

  switch (r->event.type)
    {
    case YAML_ALIAS_EVENT:
      return tf_yaml_reader_fail (r, "aliases (*%s) are not allowed",
                                  (const char *) r->event.data.alias.anchor);
    case YAML_SCALAR_EVENT:
      anchor = r->event.data.scalar.anchor;
      tag = r->event.data.scalar.tag;
      if (r->event.data.scalar.length > TF_YAML_MAX_SCALAR)
        return tf_yaml_reader_fail (r, "a scalar of %zu bytes; the limit is %d",
                                    r->event.data.scalar.length, TF_YAML_MAX_SCALAR);
      break;
    case YAML_SEQUENCE_START_EVENT:
      anchor = r->event.data.sequence_start.anchor;
      tag = r->event.data.sequence_start.tag;
      if (++r->depth > TF_YAML_MAX_DEPTH)
        return tf_yaml_reader_fail (r, "nested more than %d deep", TF_YAML_MAX_DEPTH);
      break;
    case YAML_MAPPING_START_EVENT:
      anchor = r->event.data.mapping_start.anchor;
      tag = r->event.data.mapping_start.tag;
      if (++r->depth > TF_YAML_MAX_DEPTH)
        return tf_yaml_reader_fail (r, "nested more than %d deep", TF_YAML_MAX_DEPTH);
      break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
      r->depth--;
      break;
    case YAML_DOCUMENT_START_EVENT:
      if (r->event.data.document_start.tag_directives.start
          != r->event.data.document_start.tag_directives.end)
        return tf_yaml_reader_fail (r, "%%TAG directives are not allowed");
      break;
    case YAML_NO_EVENT:
    case YAML_STREAM_START_EVENT:
    case YAML_STREAM_END_EVENT:
    case YAML_DOCUMENT_END_EVENT:
    default:
      break;
    }
  if (anchor != NULL)
    return tf_yaml_reader_fail (r, "anchors (&%s) are not allowed", (const char *) anchor);
  if (!core_tag (tag))
    return tf_yaml_reader_fail (r, "tag '%s' is not allowed", (const char *) tag);
  return TRUE;
}

gboolean
tf_yaml_reader_begin_document (TfYamlReader *r)
{
  if (!tf_yaml_reader_next (r))
    return FALSE;
  g_assert (r->event.type == YAML_STREAM_START_EVENT);
  if (!tf_yaml_reader_next (r))
    return FALSE;
  if (r->event.type == YAML_STREAM_END_EVENT)
    return tf_yaml_reader_fail (r, "the file holds no YAML document");
  if (!tf_yaml_reader_next (r))
    return FALSE;
  if (r->event.type == YAML_SCALAR_EVENT && r->event.data.scalar.length == 0
      && r->event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
    return tf_yaml_reader_fail (r, "the document is empty");
  return TRUE;
}

gboolean
tf_yaml_reader_end_document (TfYamlReader *r)
{
  if (r->error != NULL)
    return FALSE;
  g_assert (r->event.type == YAML_DOCUMENT_END_EVENT);
  if (!tf_yaml_reader_next (r))
    return FALSE;
  if (r->event.type != YAML_STREAM_END_EVENT)
    return tf_yaml_reader_fail (r, "a second YAML document; a topology file holds one");
  return TRUE;
}

gsize
tf_yaml_reader_push_key (TfYamlReader *r,
                         const char   *key)
{
  gsize length = r->path->len;

  if (r->path->len > 0)
    g_string_append_c (r->path, '.');
  g_string_append (r->path, key);
  return length;
}

gsize
tf_yaml_reader_push_index (TfYamlReader *r,
                           guint         index)
{
  gsize length = r->path->len;

  g_string_append_printf (r->path, "[%u]", index);
  return length;
}

void
tf_yaml_reader_pop (TfYamlReader *r,
                    gsize         length)
{
  g_string_truncate (r->path, length);
}

static const char *
event_kind (const yaml_event_t *event)
{
  switch (event->type)
    {
    case YAML_SCALAR_EVENT:
      if (event->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return "a string";
      if (event->data.scalar.length == 0
          || strcmp ((const char *) event->data.scalar.value, "~") == 0
          || g_ascii_strcasecmp ((const char *) event->data.scalar.value, "null") == 0)
        return "null";
      return "a scalar";
    case YAML_SEQUENCE_START_EVENT:
      return "a sequence";
    case YAML_MAPPING_START_EVENT:
      return "a mapping";
    default:
      return "something else";
    }
}

gboolean
tf_yaml_reader_begin_mapping (TfYamlReader  *r,
                              TfYamlMapping *m)
{
  memset (m, 0, sizeof *m);
  if (r->error != NULL)
    return FALSE;
  if (r->event.type != YAML_MAPPING_START_EVENT)
    return tf_yaml_reader_fail (r, "must be a mapping, not %s", event_kind (&r->event));
  m->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  m->path_length = r->path->len;
  m->start = tf_yaml_reader_mark (r);
  /* Callers clear a mapping they began; one that did not begin is already cleared here. */
  if (!tf_yaml_reader_next (r))
    {
      tf_yaml_mapping_clear (m);
      return FALSE;
    }
  return TRUE;
}

gboolean
tf_yaml_reader_next_key (TfYamlReader  *r,
                         TfYamlMapping *m,
                         const char   **key)
{
  char *copy;

  *key = NULL;
  tf_yaml_reader_pop (r, m->path_length);
  if (r->error != NULL)
    return FALSE;
  if (r->event.type == YAML_MAPPING_END_EVENT)
    {
      tf_yaml_reader_next (r);
      return FALSE;
    }
  if (r->event.type != YAML_SCALAR_EVENT || r->event.data.scalar.length == 0
      || strlen ((const char *) r->event.data.scalar.value) != r->event.data.scalar.length)
    return tf_yaml_reader_fail (r, "keys must be non-empty strings, not %s",
                                event_kind (&r->event));
  m->key_mark = tf_yaml_reader_mark (r);
  copy = g_strdup ((const char *) r->event.data.scalar.value);
  if (!g_hash_table_add (m->seen, copy))
    {
      tf_yaml_reader_push_key (r, copy);
      return tf_yaml_reader_fail (r, "a duplicate key");
    }
  tf_yaml_reader_push_key (r, copy);
  *key = copy;
  return tf_yaml_reader_next (r);
}

void
tf_yaml_mapping_clear (TfYamlMapping *m)
{
  g_clear_pointer (&m->seen, g_hash_table_unref);
}

gboolean
tf_yaml_reader_begin_sequence (TfYamlReader   *r,
                               TfYamlSequence *s,
                               guint           max_items)
{
  memset (s, 0, sizeof *s);
  if (r->error != NULL)
    return FALSE;
  if (r->event.type != YAML_SEQUENCE_START_EVENT)
    return tf_yaml_reader_fail (r, "must be a sequence, not %s", event_kind (&r->event));
  s->max_items = max_items;
  s->path_length = r->path->len;
  s->start = tf_yaml_reader_mark (r);
  return tf_yaml_reader_next (r);
}

gboolean
tf_yaml_reader_next_item (TfYamlReader   *r,
                          TfYamlSequence *s,
                          gboolean       *more)
{
  *more = FALSE;
  tf_yaml_reader_pop (r, s->path_length);
  if (r->error != NULL)
    return FALSE;
  if (r->event.type == YAML_SEQUENCE_END_EVENT)
    return tf_yaml_reader_next (r);
  if (s->count >= s->max_items)
    return tf_yaml_reader_fail_at (r, s->start, "more than %u items", s->max_items);
  tf_yaml_reader_push_index (r, s->count++);
  *more = TRUE;
  return TRUE;
}

/* Scalars */

static gboolean
expect_plain_scalar (TfYamlReader *r,
                     const char   *what)
{
  if (r->error != NULL)
    return FALSE;
  if (r->event.type != YAML_SCALAR_EVENT || r->event.data.scalar.style != YAML_PLAIN_SCALAR_STYLE
      || r->event.data.scalar.length == 0
      || g_ascii_strcasecmp ((const char *) r->event.data.scalar.value, "null") == 0
      || strcmp ((const char *) r->event.data.scalar.value, "~") == 0)
    return tf_yaml_reader_fail (r, "must be %s, not %s", what, event_kind (&r->event));
  return TRUE;
}

/* YAML 1.1 lets a number's digits be grouped by underscores (12_345, 1_000.5), as PyYAML and
 * the optimizer spec's examples read them: a copy of @text without those underscores, or NULL
 * where an underscore does not follow a digit of the mantissa (_1 and 1e1_0 stay as written). */
static char *
without_digit_underscores (const char *text)
{
  GString *out;
  gboolean digit_before = FALSE;
  const char *c;

  if (strchr (text, '_') == NULL)
    return NULL;
  out = g_string_sized_new (strlen (text));
  for (c = text; *c != '\0' && *c != 'e' && *c != 'E'; c++)
    {
      if (*c == '_' && !digit_before)
        break;
      if (*c == '_')
        continue;
      digit_before = g_ascii_isdigit (*c) || (digit_before && *c == '.');
      g_string_append_c (out, *c);
    }
  if (*c == '_' || strchr (c, '_') != NULL)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  g_string_append (out, c);
  return g_string_free (out, FALSE);
}

gboolean
tf_yaml_read_uint (TfYamlReader *r,
                   guint64       min,
                   guint64       max,
                   guint64      *out)
{
  g_autofree char *grouped = NULL;
  const char *text, *digits;

  if (!expect_plain_scalar (r, "a whole number"))
    return FALSE;
  text = (const char *) r->event.data.scalar.value;
  grouped = without_digit_underscores (text);
  digits = grouped != NULL ? grouped : text;
  if (strspn (digits, "0123456789") != strlen (digits))
    return tf_yaml_reader_fail (r, "'%s' is not a whole number from %" G_GUINT64_FORMAT
                                " to %" G_GUINT64_FORMAT " (digits only)", text, min, max);
  if (!g_ascii_string_to_unsigned (digits, 10, min, max, out, NULL))
    return tf_yaml_reader_fail (r, "%s is out of range: must be from %" G_GUINT64_FORMAT
                                " to %" G_GUINT64_FORMAT, text, min, max);
  return tf_yaml_reader_next (r);
}

gboolean
tf_yaml_read_real (TfYamlReader *r,
                   double       *out)
{
  g_autofree char *grouped = NULL;
  const char *text, *digits;
  char *end;
  double v;

  if (!expect_plain_scalar (r, "a number"))
    return FALSE;
  text = (const char *) r->event.data.scalar.value;
  grouped = without_digit_underscores (text);
  digits = grouped != NULL ? grouped : text;
  /* Decimal notation only: no hexadecimal, inf or nan spellings. */
  if (strspn (digits, "0123456789+-.eE") != strlen (digits))
    return tf_yaml_reader_fail (r, "'%s' is not a decimal number", text);
  v = g_ascii_strtod (digits, &end);
  if (end == digits || *end != '\0' || !isfinite (v))
    return tf_yaml_reader_fail (r, "'%s' is not a finite decimal number", text);
  *out = v;
  return tf_yaml_reader_next (r);
}

/* YAML 1.1 reads these plain scalars as nulls, booleans or numbers, not strings. */
static gboolean
plain_non_string (const char *s)
{
  static const char *const specials[] = {
    "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "yes",
    "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
  };
  g_autofree char *grouped = without_digit_underscores (s);
  char *end;

  if (grouped != NULL)
    s = grouped;
  /* Every special starts with one of these, and every number with a digit, sign or dot. */
  if (strchr ("~nNtTfFyYoO.+-0123456789", *s) == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (specials); i++)
    if (strcmp (s, specials[i]) == 0)
      return TRUE;
  g_ascii_strtod (s, &end);
  return end != s && *end == '\0';
}

gboolean
tf_yaml_read_string (TfYamlReader *r,
                     gsize         max_length,
                     char        **out)
{
  const char *text;
  gsize length;

  if (r->error != NULL)
    return FALSE;
  if (r->event.type != YAML_SCALAR_EVENT)
    return tf_yaml_reader_fail (r, "must be a string, not %s", event_kind (&r->event));
  text = (const char *) r->event.data.scalar.value;
  length = r->event.data.scalar.length;
  if (strlen (text) != length)
    return tf_yaml_reader_fail (r, "contains a NUL character");
  if (length == 0)
    return tf_yaml_reader_fail (r, "must be a non-empty string");
  if (length > max_length)
    return tf_yaml_reader_fail (r, "a string of %zu bytes; the limit is %zu", length, max_length);
  if (r->event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE && plain_non_string (text))
    return tf_yaml_reader_fail (r, "must be a string, not '%s' (quote it to make it one)", text);
  *out = g_strdup (text);
  if (!tf_yaml_reader_next (r))
    {
      /* Nothing comes out of a reader that fails. */
      g_clear_pointer (out, g_free);
      return FALSE;
    }
  return TRUE;
}

gboolean
tf_yaml_read_choice (TfYamlReader *r,
                     TfNames       choices,
                     guint        *out)
{
  g_autofree char *text = NULL;
  g_autofree char *list = NULL;
  TfMark mark = tf_yaml_reader_mark (r);

  if (!tf_yaml_read_string (r, 64, &text))
    return FALSE;
  if (tf_names_find (choices, text, out))
    return TRUE;
  list = tf_names_join (choices);
  return tf_yaml_reader_fail_at (r, mark, "'%s' must be %s", text, list);
}

/* Trees */

void
tf_yaml_node_free (TfYamlNode *node)
{
  if (node == NULL)
    return;
  g_free (node->value);
  if (node->children != NULL)
    g_ptr_array_unref (node->children);
  g_free (node);
}

void
tf_yaml_extension_free (TfYamlExtension *extension)
{
  if (extension == NULL)
    return;
  g_free (extension->parent);
  g_free (extension->key);
  tf_yaml_node_free (extension->value);
  g_free (extension);
}

gboolean
tf_yaml_read_node (TfYamlReader  *r,
                   guint         *budget,
                   TfYamlNode   **out)
{
  TfYamlNode *node;
  yaml_event_type_t end;

  *out = NULL;
  if (r->error != NULL)
    return FALSE;
  if (*budget == 0)
    return tf_yaml_reader_fail (r, "too many values in keys kept as they are");
  (*budget)--;
  node = g_new0 (TfYamlNode, 1);
  if (r->event.type == YAML_SCALAR_EVENT)
    {
      if (strlen ((const char *) r->event.data.scalar.value) != r->event.data.scalar.length)
        {
          tf_yaml_node_free (node);
          return tf_yaml_reader_fail (r, "contains a NUL character");
        }
      node->type = YAML_SCALAR_NODE;
      node->value = g_strndup ((const char *) r->event.data.scalar.value,
                               r->event.data.scalar.length);
      node->length = r->event.data.scalar.length;
      node->style = r->event.data.scalar.style;
      *out = node;
      return tf_yaml_reader_next (r);
    }
  if (r->event.type == YAML_SEQUENCE_START_EVENT)
    {
      node->type = YAML_SEQUENCE_NODE;
      node->flow = r->event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
      end = YAML_SEQUENCE_END_EVENT;
    }
  else
    {
      node->type = YAML_MAPPING_NODE;
      node->flow = r->event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE;
      end = YAML_MAPPING_END_EVENT;
    }
  node->children = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_yaml_node_free);
  *out = node;
  if (!tf_yaml_reader_next (r))
    return FALSE;
  while (r->error == NULL && r->event.type != end)
    {
      TfYamlNode *child;
      gboolean is_key = node->type == YAML_MAPPING_NODE && node->children->len % 2 == 0;

      if (is_key)
        {
          const char *key = (const char *) r->event.data.scalar.value;

          if (r->event.type != YAML_SCALAR_EVENT)
            return tf_yaml_reader_fail (r, "keys must be strings, not %s",
                                        event_kind (&r->event));
          for (guint i = 0; i < node->children->len; i += 2)
            if (strcmp (((TfYamlNode *) g_ptr_array_index (node->children, i))->value, key) == 0)
              return tf_yaml_reader_fail (r, "a duplicate key '%s'", key);
        }
      if (!tf_yaml_read_node (r, budget, &child))
        {
          if (child != NULL)
            g_ptr_array_add (node->children, child);
          return FALSE;
        }
      g_ptr_array_add (node->children, child);
    }
  return tf_yaml_reader_next (r);
}

static gboolean
file_error (GError    **error,
            gint        code,
            const char *path,
            const char *format,
            ...) G_GNUC_PRINTF (4, 5);

static gboolean
file_error (GError    **error,
            gint        code,
            const char *path,
            const char *format,
            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, TF_ERROR, code, "%s:1:1: field '(file)': %s", path, message);
  return FALSE;
}

gboolean
tf_yaml_read_file (const char  *path,
                   guint64      limit,
                   const char  *what,
                   char       **data,
                   gsize       *length,
                   GError     **error)
{
  g_autofree char *buffer = NULL;
  struct stat st;
  gsize got = 0;
  int fd;

  /* O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway. */
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0)
    return file_error (error, TF_ERROR_IO, path, "cannot open: %s", g_strerror (errno));
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      return file_error (error, TF_ERROR_IO, path, "cannot stat: %s", g_strerror (saved));
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      return file_error (error, TF_ERROR_INVALID_FILE, path, "not a regular file (%s)",
                         S_ISDIR (st.st_mode) ? "a directory" : S_ISFIFO (st.st_mode) ? "a FIFO"
                         : S_ISCHR (st.st_mode) ? "a character device"
                         : S_ISBLK (st.st_mode) ? "a block device"
                         : S_ISSOCK (st.st_mode) ? "a socket" : "not a file");
    }
  if ((guint64) st.st_size > limit)
    {
      close (fd);
      return file_error (error, TF_ERROR_INVALID_FILE, path,
                         "%" G_GUINT64_FORMAT " bytes; the limit is %" G_GUINT64_FORMAT "%s%s",
                         (guint64) st.st_size, limit, what ? " for " : "", what ? what : "");
    }
  buffer = g_try_malloc ((gsize) st.st_size + 1);
  if (buffer == NULL)
    {
      close (fd);
      return file_error (error, TF_ERROR_NO_MEMORY, path, "out of memory for %" G_GUINT64_FORMAT
                         " bytes", (guint64) st.st_size);
    }
  /* Read what fstat promised, and no more: a file growing meanwhile stays within the limit. */
  while (got < (gsize) st.st_size)
    {
      ssize_t n = read (fd, buffer + got, (gsize) st.st_size - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          return file_error (error, TF_ERROR_IO, path, "cannot read: %s", g_strerror (saved));
        }
      if (n == 0)
        break;
      got += (gsize) n;
    }
  close (fd);
  buffer[got] = '\0';
  *data = g_steal_pointer (&buffer);
  *length = got;
  return TRUE;
}
