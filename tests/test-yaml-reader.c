/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-yaml-reader.c: the YAML reader's typed scalars, as YAML 1.1 (and PyYAML) reads them:
 * numbers with digits grouped by underscores (the optimizer spec's 12_345) are numbers, and
 * what only looks like one stays a refusal or a string. */
#include <math.h>
#include <string.h>

#include "optimizer.h"
#include "yaml-reader-private.h"

#include "test-util.h"

/* Reads @text, a one-scalar document, through @read; the reader's error (NULL if none). */
typedef gboolean (*ReadFunc) (TfYamlReader *r, gpointer out);

static GError *
read_scalar (const char *text,
             ReadFunc    read,
             gpointer    out)
{
  TfYamlReader r;
  GError *error;

  g_assert_true (tf_yaml_reader_init (&r, "t.yaml", (const guchar *) text, strlen (text)));
  g_assert_true (tf_yaml_reader_begin_document (&r));
  read (&r, out);
  error = g_steal_pointer (&r.error);
  tf_yaml_reader_clear (&r);
  return error;
}

static gboolean
read_uint (TfYamlReader *r, gpointer out)
{
  return tf_yaml_read_uint (r, 0, G_MAXUINT64, out);
}

static gboolean
read_real (TfYamlReader *r, gpointer out)
{
  return tf_yaml_read_real (r, out);
}

static gboolean
read_string (TfYamlReader *r, gpointer out)
{
  return tf_yaml_read_string (r, 64, out);
}

static void
test_uint_underscores (void)
{
  static const struct { const char *text; guint64 value; } good[] = {
    { "12_345", 12345 }, { "1_240_000", 1240000 }, { "1__0", 10 }, { "7", 7 }, { "1_", 1 },
  };
  static const char *const bad[] = { "_1", "1_x", "1.5", "-1", "0x10" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      guint64 v = 0;

      g_assert_no_error (read_scalar (good[i].text, read_uint, &v));
      g_assert_cmpuint (v, ==, good[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      guint64 v = 0;
      g_autoptr (GError) error = read_scalar (bad[i], read_uint, &v);

      g_assert_nonnull (error);
      /* The message quotes the value as written. */
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
}

static void
test_real_underscores (void)
{
  static const struct { const char *text; double value; } good[] = {
    { "1_000.5", 1000.5 }, { "-2_5e3", -25000 }, { "0.000_1", 0.0001 }, { "3.5", 3.5 },
  };
  static const char *const bad[] = { "_1.5", "1e1_0", "1.5_x", "+_1" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      double v = 0;

      g_assert_no_error (read_scalar (good[i].text, read_real, &v));
      g_assert_cmpfloat_with_epsilon (v, good[i].value, 1e-9 * fabs (good[i].value));
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      double v = 0;
      g_autoptr (GError) error = read_scalar (bad[i], read_real, &v);

      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
}

/* A plain 12_345 is a number to YAML 1.1, so it is no string; a_1 and _1 are strings. */
static void
test_string_underscores (void)
{
  static const char *const numbers[] = { "12_345", "1_000.5" };
  static const char *const strings[] = { "_1", "a_1", "rack_0" };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *v = NULL;
      g_autoptr (GError) error = read_scalar (numbers[i], read_string, &v);

      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "quote it"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      g_autofree char *v = NULL;

      g_assert_no_error (read_scalar (strings[i], read_string, &v));
      g_assert_cmpstr (v, ==, strings[i]);
    }
}

/* A UTF-8 byte-order mark before the document is no part of it (issue 34): the scalar reads as
 * without it, and a search configuration or a topology file that starts with one loads. */
static void
test_byte_order_mark (void)
{
  guint64 v = 0;
  GError *error = read_scalar ("\xef\xbb\xbf" "42", (ReadFunc) read_uint, &v);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                 "search-small.yaml", NULL);
  g_autofree char *text = NULL, *marked = NULL;
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) local = NULL;
  gsize size;

  g_assert_no_error (error);
  g_assert_cmpuint (v, ==, 42);
  g_assert_true (g_file_get_contents (path, &text, &size, NULL));
  marked = g_strconcat ("\xef\xbb\xbf", text, NULL);
  g_assert_true (tf_search_config_load_data ("bom.yaml", marked, size + 3, &config, &local));
  g_assert_no_error (local);
  g_assert_cmpuint (config.n_chip, >, 0);
  /* Errors still point where an editor shows the text. */
  tf_search_config_clear (&config);
  g_free (marked);
  marked = g_strconcat ("\xef\xbb\xbf", "n_chip: x\n", NULL);
  g_assert_false (tf_search_config_load_data ("bom.yaml", marked, strlen (marked), &config,
                                              &local));
  g_assert_true (g_str_has_prefix (local->message, "bom.yaml:1:9: "));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/base/yaml-reader/uint-underscores", test_uint_underscores);
  g_test_add_func ("/base/yaml-reader/real-underscores", test_real_underscores);
  g_test_add_func ("/base/yaml-reader/string-underscores", test_string_underscores);
  g_test_add_func ("/base/yaml-reader/byte-order-mark", test_byte_order_mark);
  return g_test_run ();
}
