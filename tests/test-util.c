/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-util.h"

#include <string.h>

TfContext
tf_test_context (guint            n_chip,
                 TfScope          scope,
                 TfIntraBoardTopo topo)
{
  TfContext ctx;

  tf_context_init (&ctx);
  ctx.n_chip = n_chip;
  ctx.scope = scope;
  ctx.intra_board_topo = topo;
  return ctx;
}

void
tf_test_enumerate (const TfContext *ctx,
                   const char      *family,
                   guint            limit,
                   TfEnumeration   *out)
{
  const TfFamily *f = tf_family_lookup (family);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (f);
  g_assert_true (tf_enumerate (ctx, &f, 1, limit, NULL, NULL, out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out->n_families, ==, 1);
}

char *
tf_test_id (const TfResult *result)
{
  return tf_result_dup_id (result);
}

guint
tf_test_attr_list (const TfResult *result,
                   const char     *key,
                   gint64         *values)
{
  TfAttrs attrs;

  tf_result_get_attrs (result, &attrs);
  for (guint i = 0; i < attrs.n_attrs; i++)
    if (strcmp (attrs.attrs[i].key, key) == 0)
      {
        for (guint j = 0; j < attrs.attrs[i].n_values; j++)
          values[j] = attrs.attrs[i].values[j];
        return attrs.attrs[i].n_values;
      }
  return 0;
}

gint64
tf_test_attr (const TfResult *result,
              const char     *key)
{
  gint64 values[TF_MAX_DIMS];

  return tf_test_attr_list (result, key, values) > 0 ? values[0] : -1;
}
