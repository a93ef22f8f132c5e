/* SPDX-License-Identifier: GPL-3.0-or-later */
/* yaml-emitter.c: the engine's one YAML writer (see yaml-emitter-private.h). */
#include <math.h>
#include <string.h>

#include "yaml-emitter-private.h"

static int
write_handler (void          *data,
               unsigned char *buffer,
               size_t         size)
{
  TfYamlEmitter *e = data;

  g_string_append_len (e->out, (const char *) buffer, (gssize) size);
  return 1;
}

void
tf_yaml_emitter_emit (TfYamlEmitter *e,
                      yaml_event_t  *event)
{
  if (e->ok && !yaml_emitter_emit (&e->emitter, event))
    e->ok = FALSE;
  else if (!e->ok)
    yaml_event_delete (event);
}

/* Plain when YAML 1.1 would read the text back as a string, quoted otherwise. */
static gboolean
reads_as_string (const char *s)
{
  static const char *const specials[] = {
    "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE",
    "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
    "y", "Y", "n", "N", ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "-.inf", "-.Inf",
    "-.INF", "+.inf", "+.Inf", "+.INF",
  };
  char *end;

  /* Every special starts with one of these, and every number with a digit, sign or dot. */
  if (*s != '\0' && strchr ("~nNtTfFyYoO.+-0123456789", *s) == NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (specials); i++)
    if (strcmp (s, specials[i]) == 0)
      return FALSE;
  g_ascii_strtod (s, &end);
  if (end != s && *end == '\0')
    return FALSE;
  return TRUE;
}

void
tf_yaml_emitter_scalar (TfYamlEmitter *e,
                        const char    *value,
                        gboolean       is_string)
{
  yaml_event_t event;
  gboolean plain;

  /* libyaml's emitter assumes UTF-8 and misbehaves on anything else; refuse it here. */
  if (e->ok && !g_utf8_validate (value, -1, NULL))
    {
      e->ok = FALSE;
      e->problem = "a string is not valid UTF-8";
    }
  if (!e->ok)
    return;
  plain = !is_string || reads_as_string (value);

  /* quoted_implicit for every string: where the emitter cannot write a plain scalar it quotes
   * it, and a quoted scalar must still read as a string, not carry a "!" tag. */
  yaml_scalar_event_initialize (&event, NULL, NULL, (yaml_char_t *) value, (int) strlen (value),
                                plain, is_string,
                                plain ? YAML_ANY_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE);
  tf_yaml_emitter_emit (e, &event);
}

void
tf_yaml_emitter_string (TfYamlEmitter *e,
                        const char    *value)
{
  tf_yaml_emitter_scalar (e, value, TRUE);
}

void
tf_yaml_emitter_uint64 (TfYamlEmitter *e,
                        guint64        value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, value);
  tf_yaml_emitter_scalar (e, buf, FALSE);
}

void
tf_yaml_emitter_int64 (TfYamlEmitter *e,
                       gint64         value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
  tf_yaml_emitter_scalar (e, buf, FALSE);
}

/* Integral values as "900.0", others as the shortest decimal that reads back as the same
 * double, with a '.' before any exponent. */
void
tf_yaml_emitter_real (TfYamlEmitter *e,
                      double         value)
{
  char buf[64];
  char *x;

  if (!isfinite (value))
    {
      tf_yaml_emitter_scalar (e, isnan (value) ? ".nan" : value > 0 ? ".inf" : "-.inf", FALSE);
      return;
    }
  if (value == floor (value) && fabs (value) < 1e15)
    g_ascii_formatd (buf, sizeof buf, "%.1f", value);
  else
    for (int precision = 1; precision <= 17; precision++)
      {
        char format[8];

        g_snprintf (format, sizeof format, "%%.%dg", precision);
        g_ascii_formatd (buf, sizeof buf - 4, format, value);
        if (g_ascii_strtod (buf, NULL) == value)
          break;
      }
  x = strpbrk (buf, "eE");
  if (x != NULL && memchr (buf, '.', (gsize) (x - buf)) == NULL)
    {
      memmove (x + 2, x, strlen (x) + 1);
      x[0] = '.';
      x[1] = '0';
    }
  tf_yaml_emitter_scalar (e, buf, FALSE);
}

void
tf_yaml_emitter_boolean (TfYamlEmitter *e,
                         gboolean       value)
{
  tf_yaml_emitter_scalar (e, value ? "true" : "false", FALSE);
}

void
tf_yaml_emitter_mapping_start (TfYamlEmitter *e,
                               gboolean       flow)
{
  yaml_event_t event;

  yaml_mapping_start_event_initialize (&event, NULL, NULL, 1,
                                       flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
  tf_yaml_emitter_emit (e, &event);
}

void
tf_yaml_emitter_mapping_end (TfYamlEmitter *e)
{
  yaml_event_t event;

  yaml_mapping_end_event_initialize (&event);
  tf_yaml_emitter_emit (e, &event);
}

void
tf_yaml_emitter_sequence_start (TfYamlEmitter *e,
                                gboolean       flow)
{
  yaml_event_t event;

  yaml_sequence_start_event_initialize (&event, NULL, NULL, 1,
                                        flow ? YAML_FLOW_SEQUENCE_STYLE
                                             : YAML_BLOCK_SEQUENCE_STYLE);
  tf_yaml_emitter_emit (e, &event);
}

void
tf_yaml_emitter_sequence_end (TfYamlEmitter *e)
{
  yaml_event_t event;

  yaml_sequence_end_event_initialize (&event);
  tf_yaml_emitter_emit (e, &event);
}

void
tf_yaml_emitter_key_string (TfYamlEmitter *e,
                            const char    *key,
                            const char    *value)
{
  tf_yaml_emitter_string (e, key);
  tf_yaml_emitter_string (e, value);
}

void
tf_yaml_emitter_key_uint (TfYamlEmitter *e,
                          const char    *key,
                          guint64        value)
{
  tf_yaml_emitter_string (e, key);
  tf_yaml_emitter_uint64 (e, value);
}

void
tf_yaml_emitter_key_int (TfYamlEmitter *e,
                         const char    *key,
                         gint64         value)
{
  tf_yaml_emitter_string (e, key);
  tf_yaml_emitter_int64 (e, value);
}

void
tf_yaml_emitter_key_real (TfYamlEmitter *e,
                          const char    *key,
                          double         value)
{
  tf_yaml_emitter_string (e, key);
  tf_yaml_emitter_real (e, value);
}

void
tf_yaml_emitter_key_boolean (TfYamlEmitter *e,
                             const char    *key,
                             gboolean       value)
{
  tf_yaml_emitter_string (e, key);
  tf_yaml_emitter_boolean (e, value);
}

static gint
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
tf_yaml_emitter_key_spread (TfYamlEmitter *e,
                            const char    *key,
                            GArray        *values)
{
  guint n = values->len;
  const double *v = (const double *) values->data;

  if (n == 0)
    return;
  g_array_sort (values, compare_doubles);
  tf_yaml_emitter_string (e, key);
  tf_yaml_emitter_mapping_start (e, TRUE);
  tf_yaml_emitter_key_real (e, "median", n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
  tf_yaml_emitter_key_real (e, "min", v[0]);
  tf_yaml_emitter_key_real (e, "max", v[n - 1]);
  tf_yaml_emitter_mapping_end (e);
}

void
tf_yaml_emitter_begin (TfYamlEmitter *e,
                       GString       *out)
{
  yaml_event_t event;

  memset (e, 0, sizeof *e);
  e->out = out;
  e->ok = TRUE;
  yaml_emitter_initialize (&e->emitter);
  yaml_emitter_set_output (&e->emitter, write_handler, e);
  yaml_emitter_set_unicode (&e->emitter, 1);
  yaml_emitter_set_width (&e->emitter, 100);
  yaml_emitter_set_indent (&e->emitter, 2);
  yaml_stream_start_event_initialize (&event, YAML_UTF8_ENCODING);
  tf_yaml_emitter_emit (e, &event);
  yaml_document_start_event_initialize (&event, NULL, NULL, NULL, 1);
  tf_yaml_emitter_emit (e, &event);
}

gboolean
tf_yaml_emitter_end (TfYamlEmitter  *e,
                     GError        **error)
{
  yaml_event_t event;

  yaml_document_end_event_initialize (&event, 1);
  tf_yaml_emitter_emit (e, &event);
  yaml_stream_end_event_initialize (&event);
  tf_yaml_emitter_emit (e, &event);
  if (e->ok)
    yaml_emitter_flush (&e->emitter);
  if (!e->ok)
    g_set_error (error, TF_ERROR, TF_ERROR_IO, "YAML emitter: %s",
                 e->problem ? e->problem : e->emitter.problem ? e->emitter.problem
                                                              : "unknown error");
  yaml_emitter_delete (&e->emitter);
  return e->ok;
}
