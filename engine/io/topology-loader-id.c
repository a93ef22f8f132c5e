/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topology-loader-id.c: a file that names a result id must hold exactly the network that id
 * generates, and metadata that agrees with it.
 */
#include "topology-loader-private.h"

static void
attrs_text (const TfResult *result,
            GString        *out)
{
  TfAttrs attrs;

  tf_result_get_attrs (result, &attrs);
  for (guint i = 0; i < attrs.n_attrs; i++)
    {
      g_string_append_printf (out, "%s%s: %s", out->len ? ", " : "", attrs.attrs[i].key,
                              attrs.attrs[i].is_list ? "[" : "");
      for (guint j = 0; j < attrs.attrs[i].n_values; j++)
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, j ? ", " : "",
                                attrs.attrs[i].values[j]);
      if (attrs.attrs[i].is_list)
        g_string_append_c (out, ']');
    }
}


static gboolean
needs_id (TfLoader   *l,
          TfMark      mark,
          const char *key)
{
  g_autofree char *path = g_strdup_printf ("metadata.%s", key);

  return tf_yaml_reader_fail_field (&l->r, mark, path, "%s describes a generated result and "
                                    "needs metadata.id", key);
}

/* Leaves out of @r's warnings those of the chip's budgets and the rack's power (issue 30). */
static void
drop_budget_warnings (TfResult *r)
{
  guint kept = 0;

  for (guint i = 0; i < r->n_warnings; i++)
    if (strcmp (r->warnings[i]->name, "bandwidth-over-budget") != 0
        && strcmp (r->warnings[i]->name, "rack-power-overflow") != 0)
      r->warnings[kept++] = r->warnings[i];
  r->n_warnings = kept;
}

gboolean
tf_loader_check_metadata (TfLoader   *l,
                          TfTopology *out)
{
  g_autoptr(GError) error = NULL;
  g_auto(TfTopology) generated = { 0 };
  g_autofree char *difference = NULL;
  TfResult *r = &out->result;
  TfResult judged;

  if (l->id == NULL)
    {
      if (l->family != NULL)
        return needs_id (l, l->family_mark, "family");
      if (l->attrs != NULL)
        return needs_id (l, l->attrs_mark, "family_attrs");
      if (l->status != NULL)
        return needs_id (l, l->status_mark, "status");
      if (l->warnings != NULL)
        return needs_id (l, l->warnings_mark, "warnings");
      if (l->has_n_endpoint)
        return needs_id (l, l->n_endpoint_mark, "n_endpoint");
      if (l->has_derived)
        return needs_id (l, l->derived_mark, "derived_chips_per_board");
      r->chips_per_board = out->graph.chips_per_board;
      return TRUE;
    }

  if (!tf_result_from_id (&l->ctx, l->id, r, &error))
    return tf_yaml_reader_fail_field (&l->r, l->id_mark, "metadata.id", "%s", error->message);
  if (l->family != NULL && strcmp (l->family, tf_family_get_name (r->family)) != 0)
    return tf_yaml_reader_fail_field (&l->r, l->family_mark, "metadata.family",
                                      "'%s' but the id is a %s", l->family,
                                      tf_family_get_name (r->family));
  if (l->attrs != NULL)
    {
      g_autoptr(GString) expected = g_string_new (NULL);

      attrs_text (r, expected);
      if (strcmp (expected->str, l->attrs->str) != 0)
        return tf_yaml_reader_fail_field (&l->r, l->attrs_mark, "metadata.family_attrs",
                                          "{%s} but the id's are {%s}", l->attrs->str,
                                          expected->str);
    }
  /* A file from before the budgets could not carry the warnings about them. */
  judged = *r;
  if (!l->has_chip_defaults)
    drop_budget_warnings (&judged);
  if (l->status != NULL
      && strcmp (l->status, tf_status_to_string (tf_result_get_status (&judged))) != 0)
    return tf_yaml_reader_fail_field (&l->r, l->status_mark, "metadata.status",
                                      "'%s' but the rules make it %s", l->status,
                                      tf_status_to_string (tf_result_get_status (r)));
  if (l->warnings != NULL)
    {
      gboolean same = l->warnings->len == judged.n_warnings;

      for (guint i = 0; same && i < judged.n_warnings; i++)
        same = strcmp (g_ptr_array_index (l->warnings, i), judged.warnings[i]->name) == 0;
      if (!same)
        {
          g_autoptr(GString) expected = g_string_new (NULL);

          for (guint i = 0; i < judged.n_warnings; i++)
            g_string_append_printf (expected, "%s%s", i ? ", " : "", judged.warnings[i]->name);
          return tf_yaml_reader_fail_field (&l->r, l->warnings_mark, "metadata.warnings",
                                            "the rules give [%s]", expected->str);
        }
    }
  if (l->has_n_endpoint && l->n_endpoint != r->n_endpoint)
    return tf_yaml_reader_fail_field (&l->r, l->n_endpoint_mark, "metadata.n_endpoint",
                                      "%" G_GUINT64_FORMAT " but the id has %u", l->n_endpoint,
                                      r->n_endpoint);
  if (l->has_derived && l->derived != r->chips_per_board)
    return tf_yaml_reader_fail_field (&l->r, l->derived_mark,
                                      "metadata.derived_chips_per_board",
                                      "%" G_GUINT64_FORMAT " but the id derives %u", l->derived,
                                      r->chips_per_board);

  /* The network must be the one the id generates. */
  if (!tf_generate (&l->ctx, l->id, NULL, NULL, &generated, &error))
    return tf_yaml_reader_fail_field (&l->r, l->id_mark, "metadata.id", "%s", error->message);
  difference = tf_network_graph_difference (&out->graph, &generated.graph);
  if (difference != NULL)
    return tf_yaml_reader_fail_field (&l->r, l->id_mark, "metadata.id",
                                      "the network is not the one this id generates (%s); "
                                      "without metadata.id (and the keys describing the "
                                      "result) the file loads as an edited topology",
                                      difference);
  /* The same network: the family's lattice of chips holds for it too. */
  out->lattice = generated.lattice;
  return TRUE;
}

