/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metrics-shortcuts.c: the shortcuts enumerate takes at scale against the build-based
 * computations they stand for (docs/metrics.md), over many parameter sets.
 *
 * - the torus prefix cut in closed form against tf_build_rank_cut on the torus's build, for
 *   every legal shape and board shape of many chip counts, every order of the dimensions and
 *   every prefix length;
 */
#include "metrics-private.h"
#include "test-util.h"

/* Every legal result of @family at @n_chip (@ctx's other fields), checked. */
static GArray *
legal_results (const TfFamily *family,
               const TfContext *ctx)
{
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GError) error = NULL;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TfResult));

  g_assert_true (tf_enumerate (ctx, &family, 1, 0, NULL, NULL, &e, &error));
  g_assert_no_error (error);
  g_array_append_vals (out, e.families[0].results, e.families[0].n_results);
  return out;
}

/* Torus prefix cuts */

static guint
attr_list_u32 (const TfResult *result,
               const char     *key,
               guint32        *values)
{
  gint64 v[TF_MAX_DIMS];
  guint n = tf_test_attr_list (result, key, v);

  for (guint i = 0; i < n; i++)
    values[i] = (guint32) v[i];
  return n;
}

/* Chip i sits at (i mod S_0, i / S_0 mod S_1, ...); its rank reads the coordinates as digits,
 * @order[0] the most significant. */
static void
rank_by_order (guint          n_dims,
               const guint32 *size,
               const guint   *order,
               guint          n,
               guint32       *rank)
{
  for (guint i = 0; i < n; i++)
    {
      guint coord[TF_MAX_DIMS], rest = i, r = 0;

      for (guint d = 0; d < n_dims; d++)
        {
          coord[d] = rest % size[d];
          rest /= size[d];
        }
      for (guint k = 0; k < n_dims; k++)
        r = r * size[order[k]] + coord[order[k]];
      rank[i] = r;
    }
}

static gboolean
next_permutation (guint *p,
                  guint  n)
{
  guint i = n - 1, j = n - 1;

  while (i > 0 && p[i - 1] >= p[i])
    i--;
  if (i == 0)
    return FALSE;
  while (p[j] <= p[i - 1])
    j--;
  G_STMT_START { guint t = p[i - 1]; p[i - 1] = p[j]; p[j] = t; } G_STMT_END;
  for (j = n - 1; i < j; i++, j--)
    G_STMT_START { guint t = p[i]; p[i] = p[j]; p[j] = t; } G_STMT_END;
  return TRUE;
}

static void
test_torus_prefix_cut (void)
{
  static const guint extra[] = { 72, 96, 120, 128, 144, 180, 210, 240, 256, 360 };
  const TfFamily *torus = tf_family_lookup ("torus");
  guint checked = 0;

  for (guint i = 0; i < 60 + G_N_ELEMENTS (extra); i++)
    for (guint radix = 1; radix <= 2; radix++)
      {
        guint n = i < 60 ? 4 + i : extra[i - 60];
        TfContext ctx = tf_test_context (n, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
        g_autoptr(GArray) results = NULL;

        ctx.chip_radix = radix;
        /* Links between boards slower than links on a board, so a misplaced link shows. */
        ctx.by_reach[TF_LINK_C2C][TF_REACH_RACK].bandwidth_gbps = 123.0;
        results = legal_results (torus, &ctx);
        for (guint k = 0; k < results->len; k++)
          {
            const TfResult *r = &g_array_index (results, TfResult, k);
            g_autofree guint32 *rank = g_new (guint32, n);
            guint32 size[TF_MAX_DIMS], board[TF_MAX_DIMS];
            guint order[TF_MAX_DIMS], n_dims;
            g_autoptr(GError) error = NULL;
            TfBuild build;

            n_dims = attr_list_u32 (r, "dimension_sizes", size);
            g_assert_cmpuint (attr_list_u32 (r, "board_shape", board), ==, n_dims);
            tf_build_init (&build);
            g_assert_true (torus->build (&ctx, r, &build, &error));
            for (guint d = 0; d < n_dims; d++)
              order[d] = d;
            do
              {
                rank_by_order (n_dims, size, order, n, rank);
                for (guint y = 0; y <= n; y++)
                  {
                    guint64 want_links, got_links;
                    double want_bw, got_bw;

                    tf_build_rank_cut (&ctx, &build, rank, y, &want_links, &want_bw);
                    tf_torus_prefix_cut (&ctx, n_dims, size, board, order, y, &got_links,
                                         &got_bw);
                    if (want_links != got_links || want_bw != got_bw)
                      {
                        g_autofree char *id = tf_result_dup_id (r);

                        g_error ("%s, order %u %u %u, y = %u, chip_radix %u: closed form "
                                 "%" G_GUINT64_FORMAT " links, %g GB/s; build %"
                                 G_GUINT64_FORMAT " links, %g GB/s", id, order[0], order[1],
                                 n_dims > 2 ? order[2] : 0, y, radix, got_links, got_bw,
                                 want_links, want_bw);
                      }
                    checked++;
                  }
              }
            while (next_permutation (order, n_dims));
            tf_build_clear (&build);
          }
      }
  g_test_message ("%u prefix cuts checked", checked);
  g_assert_cmpuint (checked, >, 100000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/metrics-shortcuts/torus-prefix-cut", test_torus_prefix_cut);
  return g_test_run ();
}
