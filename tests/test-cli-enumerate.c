/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-enumerate.c: topoforge-cli enumerate as a user meets it: its formats, its cap, its
 * query options against brute force, the questions, bad query input and Ctrl-C. */
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-cli-fixture.h"
#include "test-util.h"
#include "topoforge.h"

/* Everything left to read on @fd, which it closes. */
static char *
read_all (int fd)
{
  GString *text = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  while ((n = read (fd, buffer, sizeof buffer)) > 0)
    g_string_append_len (text, buffer, n);
  close (fd);
  return g_string_free (text, FALSE);
}

static void
test_enumerate (void)
{
  Run r = run ("enumerate", "--n-chip", "64", "--scope", "inter-rack", NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "context:\n"));
  g_assert_nonnull (strstr (r.out, "family: dragonfly-plus"));
  run_clear (&r);

  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--family", "torus",
           "--family", "ring", "--format", "table", "--limit", "3", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "torus: showing 3 of "));
  /* every divisor >= 2 of 64, boards of several chips on one ring of all chips */
  g_assert_nonnull (strstr (r.out, "ring: showing 3 of 6"));
  g_assert_null (strstr (r.out, "fat-tree"));
  run_clear (&r);
}

/* Beyond TF_ENUMERATE_MAX_RESULTS a family's results are left out, and both formats say how
 * many. */
static void
test_enumerate_capped (void)
{
  Run r = run ("enumerate", "--n-chip", "720720", "--scope", "inter-rack", "--family", "torus",
               "--limit", "0", NULL);
  g_autofree char *capped = NULL;

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "  total: 27395\n  capped: 11011\n"));
  run_clear (&r);

  r = run ("enumerate", "--n-chip", "720720", "--scope", "inter-rack", "--family", "torus",
           "--limit", "0", "--format", "table", NULL);
  g_assert_cmpint (r.status, ==, 0);
  capped = g_strdup_printf ("torus: showing %u of 27395 (11011 more left out: the engine keeps "
                            "at most %u results per family)\n", TF_ENUMERATE_MAX_RESULTS,
                            TF_ENUMERATE_MAX_RESULTS);
  g_assert_true (g_str_has_prefix (r.out, capped));
  assert_only_progress (r.err, "topoforge-cli enumerate");
  run_clear (&r);
}

/* CSV (RFC 4180) as the test reads it: records of fields, quotes undone. */
static GPtrArray *
parse_csv (const char *text)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *record = NULL;
  GString *field = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      if (record == NULL)
        record = g_ptr_array_new_with_free_func (g_free);
      g_string_truncate (field, 0);
      if (*p == '"')
        {
          for (p++; !(*p == '"' && p[1] != '"'); p++)
            {
              g_assert_true (*p != '\0');
              if (*p == '"')
                p++;
              g_string_append_c (field, *p);
            }
          p++;
        }
      else
        while (*p != ',' && *p != '\r' && *p != '\0')
          g_string_append_c (field, *p++);
      g_ptr_array_add (record, g_strdup (field->str));
      if (*p == ',')
        p++;
      else
        {
          /* Records end with CRLF, the last one too. */
          g_assert_true (p[0] == '\r' && p[1] == '\n');
          p += 2;
          g_ptr_array_add (records, g_steal_pointer (&record));
        }
    }
  g_assert_null (record);
  g_string_free (field, TRUE);
  return records;
}

static const char *
csv_cell (GPtrArray  *header,
          GPtrArray  *record,
          const char *column)
{
  for (guint i = 0; i < header->len; i++)
    if (strcmp (g_ptr_array_index (header, i), column) == 0)
      return g_ptr_array_index (record, i);
  g_error ("no CSV column '%s'", column);
}

/* A query as command-line arguments, and the same filters as the test applies them. */
typedef struct
{
  GPtrArray  *args;          /* char *, owned */
  const char *status;        /* or NULL */
  guint       ranges[2][2];
  guint       n_ranges;
  const char *where_column;  /* or NULL */
  const char *where_op;
  double      where_value;
  char       *match;         /* lower case, or NULL */
  const char *sort;          /* or NULL */
  gboolean    descending;
} CliQuery;

static double
cell_number (const char *text)
{
  if (strcmp (text, "recommended") == 0)
    return 0;
  if (strcmp (text, "edge-case") == 0)
    return 1;
  if (*text == '\0')
    return NAN;   /* not measured: a large direct network's layout */
  return g_ascii_strtod (text, NULL);
}

/* Warnings compare by how many: "a,b" is 2, "" none. */
static double
count_warnings (const char *text)
{
  guint n = *text != '\0';

  for (const char *p = text; *p != '\0'; p++)
    n += *p == ',';
  return n;
}

static gboolean
cli_query_passes (const CliQuery *q,
                  GPtrArray      *header,
                  GPtrArray      *record)
{
  if (q->status != NULL && strcmp (csv_cell (header, record, "status"), q->status) != 0)
    return FALSE;
  if (q->n_ranges > 0)
    {
      guint c = (guint) g_ascii_strtoull (csv_cell (header, record, "chips_per_board"), NULL, 10);
      gboolean in = FALSE;

      for (guint i = 0; i < q->n_ranges; i++)
        in |= c >= q->ranges[i][0] && c <= q->ranges[i][1];
      if (!in)
        return FALSE;
    }
  if (q->where_column != NULL)
    {
      const char *text = csv_cell (header, record, q->where_column);
      double v = strcmp (q->where_column, "warnings") == 0 ? count_warnings (text)
                                                            : cell_number (text);
      double x = q->where_value;

      if (!(strcmp (q->where_op, "<") == 0 ? v < x : strcmp (q->where_op, "<=") == 0 ? v <= x
            : strcmp (q->where_op, "=") == 0 ? v == x : strcmp (q->where_op, ">=") == 0 ? v >= x
            : v > x))
        return FALSE;
    }
  if (q->match != NULL)
    {
      g_autofree char *id = g_ascii_strdown (csv_cell (header, record, "id"), -1);

      if (strstr (id, q->match) == NULL)
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const CliQuery *q;
  GPtrArray      *header;
  GHashTable     *position;   /* record -> its place in the unfiltered output */
  GHashTable     *family;     /* record -> its family's first place there */
} CliSort;

static int
cli_compare (gconstpointer a,
             gconstpointer b,
             gpointer      data)
{
  CliSort *s = data;
  GPtrArray *x = *(GPtrArray **) a, *y = *(GPtrArray **) b;
  double vx, vy;
  int c;

  if (strcmp (s->q->sort, "id") == 0 || strcmp (s->q->sort, "family") == 0)
    {
      GHashTable *key = strcmp (s->q->sort, "id") == 0 ? s->position : s->family;

      vx = GPOINTER_TO_UINT (g_hash_table_lookup (key, x));
      vy = GPOINTER_TO_UINT (g_hash_table_lookup (key, y));
    }
  else if (strcmp (s->q->sort, "warnings") == 0)
    {
      vx = count_warnings (csv_cell (s->header, x, "warnings"));
      vy = count_warnings (csv_cell (s->header, y, "warnings"));
    }
  else
    {
      vx = cell_number (csv_cell (s->header, x, s->q->sort));
      vy = cell_number (csv_cell (s->header, y, s->q->sort));
    }
  /* Not measured sorts after every number, as the engine has it. */
  c = isnan (vx) || isnan (vy) ? (int) isnan (vx) - (int) isnan (vy) : vx < vy ? -1 : vx > vy;
  return s->q->descending ? -c : c;
}

static void
cli_query_clear (CliQuery *q)
{
  g_ptr_array_unref (q->args);
  g_free (q->match);
}

/* A random query whose values come from @all's rows, so that it keeps something now and
 * then. */
static void
random_cli_query (GPtrArray *header,
                  GPtrArray *all,
                  CliQuery  *q)
{
  static const char *const numeric[] = { "n_endpoint", "chips_per_board", "switches", "links",
                                         "diameter", "bisection", "paths", "warnings",
                                         "bisection_bandwidth", "switch_radix", "r2r_links",
                                         "board_links", "cost", "racks", "pods",
                                         "optical_cables", "copper_cables", "board_traces",
                                         "injection_bandwidth_per_chip",
                                         "bisection_bandwidth_per_chip" };
  static const char *const sorts[] = { "id", "family", "status", "n_endpoint", "switches",
                                       "links", "diameter", "bisection", "paths", "warnings",
                                       "bisection_bandwidth", "b2b_links", "pod_links", "cost",
                                       "cost", "racks", "pods", "optical_cables",
                                       "copper_cables", "board_traces",
                                       "injection_bandwidth_per_chip",
                                       "bisection_bandwidth_per_chip" };
  static const char *const ops[] = { "<", "<=", "=", ">=", ">" };
  GPtrArray *row = g_ptr_array_index (all, g_test_rand_int_range (1, all->len));

  memset (q, 0, sizeof *q);
  q->args = g_ptr_array_new_with_free_func (g_free);
  if (g_test_rand_int_range (0, 3) == 0)
    {
      q->status = g_test_rand_bit () ? "recommended" : "edge-case";
      g_ptr_array_add (q->args, g_strdup ("--status"));
      g_ptr_array_add (q->args, g_strdup (q->status));
    }
  if (g_test_rand_bit ())
    {
      guint c = (guint) g_ascii_strtoull (csv_cell (header, row, "chips_per_board"), NULL, 10);

      q->n_ranges = 2;
      q->ranges[0][0] = q->ranges[0][1] = c;
      q->ranges[1][0] = c * 4;
      q->ranges[1][1] = c * 16;
      g_ptr_array_add (q->args, g_strdup ("--chips-per-board"));
      g_ptr_array_add (q->args, g_strdup_printf ("%u,%u-%u", c, c * 4, c * 16));
    }
  if (g_test_rand_bit ())
    {
      const char *text;

      q->where_column = numeric[g_test_rand_int_range (0, G_N_ELEMENTS (numeric))];
      q->where_op = ops[g_test_rand_int_range (0, G_N_ELEMENTS (ops))];
      text = csv_cell (header, row, q->where_column);
      if (*text == '\0')
        q->where_column = NULL;   /* not measured: no value to compare with */
      else if (strcmp (q->where_column, "warnings") == 0)
        {
          q->where_value = count_warnings (text);
          g_ptr_array_add (q->args, g_strdup_printf ("--where=%s%s%u", q->where_column,
                                                     q->where_op, (guint) q->where_value));
        }
      else
        {
          q->where_value = cell_number (text);
          g_ptr_array_add (q->args, g_strdup_printf ("--where=%s %s %s", q->where_column,
                                                     q->where_op, text));
        }
    }
  if (g_test_rand_int_range (0, 4) == 0)
    {
      const char *id = csv_cell (header, row, "id");
      const char *colon = strchr (id, ':');
      g_autofree char *part = g_strndup (colon + 1, 3);

      /* The command line takes any case. */
      q->match = g_ascii_strdown (part, -1);
      g_ptr_array_add (q->args, g_strdup ("--match"));
      g_ptr_array_add (q->args, g_ascii_strup (part, -1));
    }
  if (g_test_rand_int_range (0, 5) > 0)
    {
      q->sort = sorts[g_test_rand_int_range (0, G_N_ELEMENTS (sorts))];
      q->descending = g_test_rand_bit ();
      g_ptr_array_add (q->args, g_strdup ("--sort"));
      g_ptr_array_add (q->args, g_strdup_printf ("%s%s", q->sort, q->descending ? ":desc" : ""));
    }
}

/* Runs enumerate with the context's arguments, @extra and a NULL-ended list more. */
static Run
run_enumerate (const char *const *context,
               GPtrArray         *extra,
               ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (args, (gpointer) "enumerate");
  for (guint i = 0; context[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) context[i]);
  for (guint i = 0; extra != NULL && i < extra->len; i++)
    g_ptr_array_add (args, g_ptr_array_index (extra, i));
  va_start (ap, extra);
  for (const char *a = va_arg (ap, const char *); a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return run_strv ((const char *const *) args->pdata);
}

/* "matched: N" under each family of the YAML, by family (or "total: N" without a filter). */
static guint64
yaml_count (const char *yaml,
            const char *family,
            const char *key)
{
  g_autofree char *start = g_strdup_printf ("- family: %s\n", family);
  g_autofree char *line = g_strdup_printf ("\n  %s: ", key);
  const char *at = strstr (yaml, start), *next;

  g_assert_nonnull (at);
  next = strstr (at + 1, "\n- family: ");
  at = strstr (at, line);
  if (at == NULL || (next != NULL && at > next))
    return G_MAXUINT64;
  return g_ascii_strtoull (at + strlen (line), NULL, 10);
}

/* The command line against brute force: for random contexts, every legal result listed once
 * with --limit 0 (as CSV, in the engine's order), then filtered and sorted by the test, equals
 * what enumerate's own filters and sort print, as CSV row by row, as a flat table's ids, and in
 * the YAML's counts per family. */
static void
test_enumerate_query (void)
{
  for (guint i = 0; i < 8; i++)
    {
      static const char *const topos[] = { "none", "full-mesh", "ring", "torus" };
      g_autofree char *n_text = NULL;
      const char *context[11] = { "--n-chip", NULL, "--scope", NULL, "--intra-board-topo",
                                  topos[i % 4], NULL };
      g_autoptr(GPtrArray) all = NULL;
      GPtrArray *header;
      g_autoptr(GHashTable) position = g_hash_table_new (NULL, NULL);
      g_autoptr(GHashTable) family_place = g_hash_table_new (NULL, NULL);
      g_autoptr(GHashTable) first_of = g_hash_table_new (g_str_hash, g_str_equal);
      Run r;

      /* Up to 8,192 chips, where measuring every result takes a few seconds at most: the
       * first random context with 1 to 1,500 legal results; above 512 chips, of two random
       * families (dragonflies alone have thousands there). */
      const TfFamily *chosen[2];
      guint n_chosen = 0;

      for (;;)
        {
          TfContext ctx;
          g_auto(TfEnumeration) e = { 0 };
          g_auto(TfQuery) none;
          guint64 total = 0;

          tf_context_init (&ctx);
          ctx.n_chip = i % 2 == 0 ? g_test_rand_int_range (2, 513)
                                  : g_test_rand_int_range (513, 8193);
          ctx.scope = g_test_rand_bit () ? TF_SCOPE_INTER_RACK : TF_SCOPE_INTRA_RACK;
          g_assert_true (tf_intra_board_topo_from_string (topos[i % 4], &ctx.intra_board_topo,
                                                          NULL));
          n_chosen = 0;
          if (i % 2 == 1)
            {
              guint a = g_test_rand_int_range (0, tf_families_get_count ());
              guint b = (a + g_test_rand_int_range (1, tf_families_get_count ()))
                        % tf_families_get_count ();

              chosen[n_chosen++] = tf_families_get (MIN (a, b));
              chosen[n_chosen++] = tf_families_get (MAX (a, b));
            }
          /* Counted without measuring anything: no result has 0 chips per board. */
          tf_query_init (&none);
          tf_query_add_chips_per_board (&none, 0, 0);
          g_assert_true (tf_enumerate_query (&ctx, chosen, n_chosen, &none, 1, NULL, NULL, &e,
                                             NULL));
          for (guint f = 0; f < e.n_families; f++)
            total += e.families[f].total;
          if (total > 1500 || total == 0)
            continue;
          g_free (n_text);
          n_text = g_strdup_printf ("%u", ctx.n_chip);
          context[1] = n_text;
          context[3] = tf_scope_to_string (ctx.scope);
          for (guint f = 0; f < n_chosen; f++)
            {
              context[6 + 2 * f] = "--family";
              context[7 + 2 * f] = tf_family_get_name (chosen[f]);
            }
          context[6 + 2 * n_chosen] = NULL;
          break;
        }

      r = run_enumerate (context, NULL, "--format", "csv", "--limit", "0", NULL);
      g_assert_cmpint (r.status, ==, 0);
      assert_only_progress (r.err, "topoforge-cli enumerate");
      all = parse_csv (r.out);
      run_clear (&r);
      header = g_ptr_array_index (all, 0);
      g_assert_cmpstr (g_ptr_array_index (header, 0), ==, "id");
      for (guint k = 1; k < all->len; k++)
        {
          const char *family = csv_cell (header, g_ptr_array_index (all, k), "family");

          g_hash_table_insert (position, g_ptr_array_index (all, k), GUINT_TO_POINTER (k));
          if (!g_hash_table_contains (first_of, family))
            g_hash_table_insert (first_of, (gpointer) family, GUINT_TO_POINTER (k));
          g_hash_table_insert (family_place, g_ptr_array_index (all, k),
                               g_hash_table_lookup (first_of, family));
        }

      for (guint k = 0; k < 5; k++)
        {
          CliQuery q;
          CliSort sort;
          g_autoptr(GPtrArray) want = g_ptr_array_new ();
          g_autoptr(GPtrArray) got = NULL;
          g_autofree char *yaml = NULL;
          g_autoptr(GString) text = g_string_new (NULL);

          random_cli_query (header, all, &q);
          sort = (CliSort) { &q, header, position, family_place };
          for (guint j = 1; j < all->len; j++)
            if (cli_query_passes (&q, header, g_ptr_array_index (all, j)))
              g_ptr_array_add (want, g_ptr_array_index (all, j));
          if (q.sort != NULL)
            g_qsort_with_data (want->pdata, (gint) want->len, sizeof (gpointer), cli_compare,
                               &sort);
          for (guint j = 0; j < q.args->len; j++)
            g_string_append_printf (text, " %s", (char *) g_ptr_array_index (q.args, j));
          g_test_message ("n_chip %s %s %s:%s: %u of %u", context[1], context[3], context[5],
                          text->str, want->len, all->len - 1);

          r = run_enumerate (context, q.args, "--format", "csv", "--limit", "0", NULL);
          if (r.status != 0)
            g_error ("enumerate%s exited %d: %s", text->str, r.status, r.err);
          got = parse_csv (r.out);
          run_clear (&r);
          g_assert_cmpuint (got->len, ==, want->len + 1);
          for (guint j = 0; j < want->len; j++)
            {
              GPtrArray *got_row = g_ptr_array_index (got, j + 1);
              GPtrArray *want_row = g_ptr_array_index (want, j);

              g_assert_cmpuint (got_row->len, ==, want_row->len);
              for (guint c = 0; c < got_row->len; c++)
                g_assert_cmpstr (g_ptr_array_index (got_row, c), ==,
                                 g_ptr_array_index (want_row, c));
            }

          /* The flat table has the same ids in the same order, --limit rows of them. */
          r = run_enumerate (context, q.args, "--format", "table", "--flat", "--limit", "5",
                             NULL);
          g_assert_cmpint (r.status, ==, 0);
          {
            g_auto(GStrv) lines = g_strsplit (r.out, "\n", -1);

            for (guint j = 0; j < MIN (5, want->len); j++)
              {
                GPtrArray *want_row = g_ptr_array_index (want, j);
                const char *id = g_ptr_array_index (want_row, 0);

                g_assert_true (g_str_has_prefix (lines[j + 2] + 2, id));
                g_assert_true (lines[j + 2][2 + strlen (id)] == ' ');
              }
            /* After the rows, or the header line when there are none, an empty line. */
            g_assert_cmpstr (lines[want->len ? MIN (5, want->len) + 2 : 1], ==, "");
          }
          run_clear (&r);

          /* The YAML counts each family's matches. */
          r = run_enumerate (context, q.args, "--limit", "1", NULL);
          g_assert_cmpint (r.status, ==, 0);
          yaml = g_steal_pointer (&r.out);
          run_clear (&r);
          for (guint f = 0; f < (n_chosen ? n_chosen : tf_families_get_count ()); f++)
            {
              const char *family = tf_family_get_name (n_chosen ? chosen[f]
                                                                : tf_families_get (f));
              guint64 n = 0, total = 0;

              for (guint j = 0; j < want->len; j++)
                n += strcmp (csv_cell (header, g_ptr_array_index (want, j), "family"), family) == 0;
              for (guint j = 1; j < all->len; j++)
                total += strcmp (csv_cell (header, g_ptr_array_index (all, j), "family"), family) == 0;
              g_assert_cmpuint (yaml_count (yaml, family, "total"), ==, total);
              if (q.status || q.n_ranges || q.where_column || q.match)
                g_assert_cmpuint (yaml_count (yaml, family, "matched"), ==, n);
              else
                g_assert_cmpuint (yaml_count (yaml, family, "matched"), ==, G_MAXUINT64);
            }
          cli_query_clear (&q);
        }
    }
}

/* The question in one command: 8 chips on a board at 4,096 chips, fewest switches
 * first, across families; CSV quotes the ids (they hold commas) and counts every match. */
static void
test_enumerate_query_example (void)
{
  Run r = run ("enumerate", "--n-chip", "4096", "--scope", "inter-rack", "--chips-per-board",
               "8", "--sort", "switches", "--format", "table", "--flat", "--limit", "3", NULL);
  g_autoptr(GPtrArray) csv = NULL;

  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "all families: showing 3 of 4470 matching, of 27140 "
                                   "legal\n  id "));
  run_clear (&r);

  r = run ("enumerate", "--n-chip", "4096", "--scope", "inter-rack", "--chips-per-board", "8",
           "--family", "fat-tree", "--sort", "links:desc", "--format", "csv", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "id,family,status,n_endpoint,chips_per_board,"
                                   "switches,links,cost,racks,optical_cables,diameter,"
                                   "bisection,paths,warnings,"));
  g_assert_nonnull (strstr (r.out, "\r\n\"fat-tree:layers="));
  g_assert_nonnull (strstr (r.out, ",warnings,"));
  g_assert_nonnull (strstr (r.out, ",methods\r\n"));
  csv = parse_csv (r.out);
  g_assert_cmpuint (csv->len, ==, 1 + 26);
  run_clear (&r);
}

/* The done-when: which designs put 8 chips on a board at 4,096 chips, cheapest first,
 * with their racks and optical cables, in one command; its rows are the first of every result
 * of --limit 0, sorted by cost by the test (ties in the engine's order). */
static void
test_enumerate_cheapest (void)
{
  Run r = run ("enumerate", "--n-chip", "4096", "--scope", "inter-rack", "--chips-per-board",
               "8", "--sort", "cost", "--format", "table", "--flat", NULL);
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  g_autoptr(GHashTable) position = g_hash_table_new (NULL, NULL);
  g_auto(GStrv) lines = NULL;
  GPtrArray *header;
  CliQuery q = { .sort = "cost" };
  CliSort sort;
  double last = 0;
  guint marked = 0;

  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "all families: showing 50 of 4470 matching"));
  g_assert_nonnull (strstr (r.out, " cost "));
  g_assert_nonnull (strstr (r.out, " racks "));
  g_assert_nonnull (strstr (r.out, " optical_cables"));
  lines = g_strsplit (r.out, "\n", -1);
  run_clear (&r);

  r = run ("enumerate", "--n-chip", "4096", "--scope", "inter-rack", "--chips-per-board", "8",
           "--format", "csv", "--limit", "0", NULL);
  g_assert_cmpint (r.status, ==, 0);
  all = parse_csv (r.out);
  run_clear (&r);
  header = g_ptr_array_index (all, 0);
  g_assert_cmpuint (all->len, ==, 1 + 4470);
  for (guint k = 1; k < all->len; k++)
    {
      GPtrArray *row = g_ptr_array_index (all, k);
      const char *id = csv_cell (header, row, "id");
      const char *methods = csv_cell (header, row, "methods");

      g_hash_table_insert (position, row, GUINT_TO_POINTER (k));
      g_ptr_array_add (sorted, row);
      /* The table's marks, carried in CSV: the 512-port single switch's price is an estimate
       * ("~" in the table), a dragonfly's bisection a real cut's, an upper bound ("<="). */
      if (strcmp (id, "single-switch:n_endpoint=512") == 0 && ++marked)
        g_assert_cmpstr (methods, ==, "cost=estimate");
      if (strcmp (id, "dragonfly:a=8,p=8,h=1,g=8,n_endpoint=512") == 0 && ++marked)
        g_assert_true (g_str_has_prefix (methods, "bisection=upper-bound;"));
      if (g_str_has_prefix (id, "torus:"))
        g_assert_cmpstr (methods, ==, "");
    }
  g_assert_cmpuint (marked, ==, 2);
  sort = (CliSort) { &q, header, position, NULL };
  /* A stable sort: ties keep the engine's order. */
  g_ptr_array_sort_with_data (sorted, cli_compare, &sort);
  for (guint k = 0; k < 50; k++)
    {
      GPtrArray *row = g_ptr_array_index (sorted, k);
      const char *id = csv_cell (header, row, "id");
      double cost = cell_number (csv_cell (header, row, "cost"));

      g_assert_true (g_str_has_prefix (lines[2 + k], "  "));
      g_assert_true (g_str_has_prefix (lines[2 + k] + 2, id));
      g_assert_cmpfloat (cost, >=, last);
      last = cost;
    }
}

static void
test_enumerate_query_bad_input (void)
{
  static const struct
  {
    const char *args[4];
    const char *message;
  } cases[] = {
    { { "--chips-per-board", "0" }, "--chips-per-board: 0 is out of range: chips_per_board must "
      "be from 1 to 1048576" },
    { { "--chips-per-board", "4,,8" }, "--chips-per-board: '4,,8': give values C[,C...] and "
      "ranges A-B" },
    { { "--chips-per-board", "4-" }, "--chips-per-board: '4-': give values" },
    { { "--chips-per-board", "16-4" }, "--chips-per-board: 16-4: a range goes from the smaller "
      "value to the larger" },
    { { "--chips-per-board", "08" }, "--chips-per-board: '08': leading zeros are not allowed" },
    { { "--chips-per-board", "eight" }, "--chips-per-board: 'eight' is not a whole number" },
    { { "--status", "good" }, "--status: 'good' must be recommended or edge-case" },
    { { "--sort", "price" }, "--sort: unknown column 'price'; the columns are id, family, status" },
    { { "--sort", "links:up" }, "--sort: 'links:up': the order after ':' must be asc or desc" },
    { { "--where", "switches" }, "--where: 'switches' must be COLUMN, a comparison" },
    { { "--where", "<=4" }, "--where: '<=4' must be COLUMN" },
    { { "--where", "price<=4" }, "--where: unknown column 'price'" },
    { { "--where", "status=1" }, "--where: status is not a number; use --status" },
    { { "--where", "id=1" }, "--where: id is not a number; use --match" },
    { { "--where", "links<=-1" }, "--where: links: '-1' is not a whole number" },
    { { "--where", "links<=1.5" }, "--where: links: '1.5' is not a whole number" },
    { { "--where", "bisection_bandwidth>=x" }, "--where: bisection_bandwidth: 'x' is not a "
      "number" },
    { { "--match", "" }, "--match: give a part of an id" },
    { { "--flat" }, "--flat: only with --format table (csv is always flat)" },
    { { "--format", "tsv" }, "--format: 'tsv' must be yaml, table or csv" },
    { { "--sort", "links", "--sort", "paths" }, "--sort is given twice" },
    { { "--status", "recommended", "--status", "edge-case" }, "--status is given twice" },
    { { "-c", "8", "--chips-per-board", "8" }, "--chips-per-board is given twice" },
    { { "--match", "a", "--match", "b" }, "--match is given twice" },
    { { "--flat", "--flat", "--format", "table" }, "--flat is given twice" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *context[] = { "--n-chip", "64", "--scope", "inter-rack", NULL };
      g_autoptr(GPtrArray) extra = g_ptr_array_new ();
      Run r;

      for (guint j = 0; j < G_N_ELEMENTS (cases[i].args) && cases[i].args[j]; j++)
        g_ptr_array_add (extra, (gpointer) cases[i].args[j]);
      r = run_enumerate (context, extra, NULL);
      assert_usage_error (&r, cases[i].message);
    }
}

/* Ctrl-C while enumerate measures: one line on stderr, nothing on stdout, status 130. */
static void
test_enumerate_interrupt (void)
{
  const char *argv[] = { g_getenv ("TF_CLI"), "enumerate", "--n-chip", "1048576", "--scope",
                         "inter-rack", "--family", "dragonfly", "--limit", "0", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  GPid pid;
  int out_fd, err_fd, status;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out_fd, &err_fd, &error));
  g_assert_no_error (error);
  /* Walking takes about half a second, measuring half a minute. */
  g_usleep (G_USEC_PER_SEC);
  kill (pid, SIGINT);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  out = read_all (out_fd);
  err = read_all (err_fd);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 130);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "topoforge-cli enumerate: interrupted\n");
}

/* A family with none for this chip count says which counts it has results for. */
static void
test_enumerate_size_rule (void)
{
  Run r = run ("enumerate", "--n-chip", "4096", "--scope", "inter-rack", "--family",
               "hypercube", "--format", "table", NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "hypercube: showing 0 of 0 - it has results for "
                                   "n_chip = 2^n with n from 1 to 10"));
  run_clear (&r);
  r = run ("enumerate", "--n-chip", "1024", "--scope", "inter-rack", "--family", "hypercube",
           "--format", "table", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_null (strstr (r.out, "it has results for"));
  run_clear (&r);
}

static guint
count (const char *text,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* --threshold NAME=VALUE sets a warning threshold of the context (issue 33): a ring of 16 or 32
 * boards is high-diameter at 8, none is at the spec's 32; the context written says so, and
 * generate takes it too. */
static void
test_enumerate_threshold (void)
{
  Run r = run ("enumerate", "--n-chip", "32", "--scope", "intra-rack", "--family", "ring",
               NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "ring:n_endpoint=16"));
  g_assert_cmpuint (count (r.out, "high-diameter"), ==, 0);
  g_assert_null (strstr (r.out, "warning_thresholds"));
  run_clear (&r);

  r = run ("enumerate", "--n-chip", "32", "--scope", "intra-rack", "--family", "ring",
           "--threshold", "ring_max_endpoints=8", "--threshold", "full_mesh_max_endpoints=4",
           NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpuint (count (r.out, "high-diameter"), ==, 2);
  g_assert_nonnull (strstr (r.out, "  warning_thresholds:\n    ring_max_endpoints: 8\n"
                                   "    full_mesh_max_endpoints: 4\n"));
  run_clear (&r);

  r = run ("generate", "--n-chip", "32", "--scope", "intra-rack", "--id", "ring:n_endpoint=16",
           "--threshold", "ring_max_endpoints=8", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "high-diameter"));
  g_assert_nonnull (strstr (r.out, "ring_max_endpoints: 8"));
  run_clear (&r);

  r = run ("enumerate", "--help", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "--threshold=NAME=VALUE"));
  g_assert_nonnull (strstr (r.out, "polarfly_min_endpoints"));
  run_clear (&r);
}

static void
test_enumerate_threshold_bad_input (void)
{
  Run r;

  r = run ("enumerate", "--n-chip", "32", "--scope", "intra-rack", "--threshold", "ring=8",
           NULL);
  assert_usage_error (&r, "--threshold: unknown threshold 'ring': must be one of "
                      "fat_tree_3_layer_min_endpoints, fat_tree_aggressive_osr, ");
  r = run ("enumerate", "--n-chip", "32", "--scope", "intra-rack", "--threshold",
           "ring_max_endpoints", NULL);
  assert_usage_error (&r, "--threshold: 'ring_max_endpoints' must be NAME=VALUE with NAME one "
                      "of fat_tree_3_layer_min_endpoints, ");
  r = run ("enumerate", "--n-chip", "32", "--scope", "intra-rack", "--threshold",
           "ring_max_endpoints=0", NULL);
  assert_usage_error (&r, "warning_thresholds.ring_max_endpoints = 0: "
                      "warning_thresholds.ring_max_endpoints must be from 1 to 1048576");
  r = run ("enumerate", "--n-chip", "32", "--scope", "intra-rack", "--threshold",
           "hyperx_high_dimension=6", NULL);
  assert_usage_error (&r, "warning_thresholds.hyperx_high_dimension = 6: "
                      "warning_thresholds.hyperx_high_dimension must be from 1 to 5");
  r = run ("enumerate", "--n-chip", "32", "--scope", "intra-rack", "--threshold",
           "ring_max_endpoints=abc", NULL);
  assert_usage_error (&r, "--threshold: 'abc' is not a whole number");
  r = run ("enumerate", "--n-chip", "32", "--scope", "intra-rack", "--threshold",
           "ring_max_endpoints=99999999999", NULL);
  assert_usage_error (&r, "--threshold: 99999999999 is out of range: "
                      "warning_thresholds.ring_max_endpoints must be from 1 to 1048576");
  r = run ("generate", "--n-chip", "32", "--scope", "intra-rack", "--id", "ring:n_endpoint=16",
           "--threshold", "ring_max_endpoints=8", "--threshold", "ring_max_endpoints=9", NULL);
  assert_usage_error (&r, "--threshold: ring_max_endpoints is given twice");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/enumerate", test_enumerate);
  g_test_add_func ("/cli/enumerate-capped", test_enumerate_capped);
  g_test_add_func ("/cli/enumerate-query", test_enumerate_query);
  g_test_add_func ("/cli/enumerate-query-example", test_enumerate_query_example);
  g_test_add_func ("/cli/enumerate-cheapest", test_enumerate_cheapest);
  g_test_add_func ("/cli/enumerate-query-bad-input", test_enumerate_query_bad_input);
  g_test_add_func ("/cli/enumerate-interrupt", test_enumerate_interrupt);
  g_test_add_func ("/cli/enumerate-size-rule", test_enumerate_size_rule);
  g_test_add_func ("/cli/enumerate-threshold", test_enumerate_threshold);
  g_test_add_func ("/cli/enumerate-threshold-bad-input", test_enumerate_threshold_bad_input);
  return g_test_run ();
}
