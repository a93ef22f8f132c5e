/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topology-loader.c: reads a topology file (docs/yaml-format.md) into a TfTopology.
 *
 * Files are untrusted. The loader streams libyaml's events through the guarded reader
 * (yaml-reader.c), refuses anything outside the format with the exact field and position (but
 * keys at the top or under metadata it does not read, kept as they are with a notice: the
 * spec's pass-through), keeps what it reads in compact records, and only then assembles the
 * NetworkGraph: chip numbers and node names are checked once n_chip is known, wherever the
 * context sits in the file. The graph then passes the same invariants generate checks. A file that names a result id must hold
 * exactly the network that id generates, and metadata that agrees with it.
 *
 * Every allocation that grows with the input goes through one seam (tf_loader_realloc), which a
 * test can make fail at the Nth call; each such failure is a clean TF_ERROR_NO_MEMORY.
 *
 * This file drives the reading and the assembly; topology-loader-private.h says where each
 * part lives.
 */
#include "topology-loader-private.h"

/* The allocation seam */

gpointer
tf_loader_realloc (TfLoader *l,
                   gpointer  mem,
                   gsize     size)
{
  l->n_allocs++;
  if (l->fail_at != 0 && l->n_allocs == l->fail_at)
    return NULL;
  return g_try_realloc (mem, size);
}

gboolean
tf_loader_out_of_memory (TfLoader *l)
{
  if (l->r.error == NULL)
    {
      TfMark mark = tf_yaml_reader_mark (&l->r);

      g_set_error (&l->r.error, TF_ERROR, TF_ERROR_NO_MEMORY,
                   "%s:%u:%u: field '%s': out of memory", l->r.file, mark.line, mark.column,
                   l->r.path->len ? l->r.path->str : "(document)");
    }
  return FALSE;
}

gpointer
tf_loader_alloc0 (TfLoader *l,
                  gsize     n,
                  gsize     size)
{
  gpointer p;

  if (size != 0 && n > G_MAXSIZE / size)
    return NULL;
  p = tf_loader_realloc (l, NULL, MAX (n * size, 1));
  if (p != NULL)
    memset (p, 0, MAX (n * size, 1));
  return p;
}

gboolean
tf_loader_vec_push (TfLoader    *l,
                    TfLoaderVec *v,
                    const void  *item)
{
  if (v->len == v->cap)
    {
      guint cap = v->cap ? v->cap * 2 : 16;
      guint8 *data;

      if (cap < v->cap || (gsize) cap > G_MAXSIZE / v->size)
        return tf_loader_out_of_memory (l);
      data = tf_loader_realloc (l, v->data, cap * v->size);
      if (data == NULL)
        return tf_loader_out_of_memory (l);
      v->data = data;
      v->cap = cap;
    }
  memcpy (v->data + (gsize) v->len * v->size, item, v->size);
  v->len++;
  return TRUE;
}

static void
vec_clear (TfLoaderVec *v)
{
  g_free (v->data);
  v->data = NULL;
  v->len = v->cap = 0;
}

static gboolean
read_metadata (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  return tf_loader_read_metadata (at->data);
}

static gboolean
read_chips_per_board (TfYamlReader      *r,
                      const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;

  l->has_chips_per_board = TRUE;
  l->chips_per_board_mark = tf_yaml_reader_mark (r);
  return tf_yaml_read_uint (r, 1, TF_N_CHIP_MAX, &l->chips_per_board);
}

static gboolean
read_grouping (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  return tf_loader_read_grouping (at->data);
}

static gboolean
read_network (TfYamlReader      *r,
              const TfYamlKeyAt *at)
{
  return tf_loader_read_network (at->data);
}

/* A top-level key outside the format is kept with a notice, as under metadata
 * (tf_loader_keep_unknown), and written back after network. */
static const TfYamlKey document_keys[] = {
  TF_YAML_KEY_CALL ("metadata", read_metadata),
  TF_YAML_KEY_CALL ("chips_per_board", read_chips_per_board),
  TF_YAML_KEY_CALL ("boardGrouping", read_grouping),
  TF_YAML_KEY_CALL ("network", read_network),
};

static gboolean
read_document (TfLoader *l)
{
  TfMark start;

  if (!tf_yaml_reader_begin_document (&l->r)
      || !tf_yaml_read_keys (&l->r, document_keys, G_N_ELEMENTS (document_keys), l, l,
                             tf_loader_keep_unknown, NULL,
                             &start))
    return FALSE;
  if (!l->has_metadata || !l->has_grouping || !l->has_network)
    return tf_yaml_reader_fail_at (&l->r, start, "%s is required",
                                   !l->has_metadata ? "metadata"
                                   : !l->has_grouping ? "boardGrouping" : "network");
  return tf_yaml_reader_end_document (&l->r);
}

static gboolean
assemble (TfLoader   *l,
          TfTopology *out)
{
  TfViolation where;
  g_autoptr(GError) error = NULL;

  if (!l->has_context)
    tf_loader_derive_context (l);
  if (!tf_context_validate (&l->ctx, &error))
    return tf_yaml_reader_fail_field (&l->r, l->context_mark, "metadata.context", "%s",
                                      error->message);
  if (!tf_loader_assemble_grouping (l, &out->graph) || !tf_loader_assemble_network (l, &out->graph))
    return FALSE;
  if (!tf_network_graph_check_invariants_where (&out->graph, l->ctx.chip_radix, &where, &error))
    return tf_loader_fail_invariant (l, &where, error);
  out->context = l->ctx;
  if (!tf_loader_check_metadata (l, out))
    return FALSE;
  if (l->has_metrics)
    {
      out->result.metrics = l->metrics;
      if (l->has_generator_metrics && l->has_new_counts != NEW_COUNT_ALL)
        tf_loader_fill_new_counts (&l->ctx, &out->graph, l->has_new_counts, &out->result.metrics);
    }
  else
    memset (&out->result.metrics, 0, sizeof out->result.metrics);
  out->source = g_steal_pointer (&l->source);
  out->candidate = g_steal_pointer (&l->candidate);
  if (l->extensions->len > 0)
    out->extensions = g_steal_pointer (&l->extensions);
  if (l->notices->len > 0)
    out->notices = g_steal_pointer (&l->notices);
  return TRUE;
}

static void
loader_clear (TfLoader *l)
{
  tf_yaml_reader_clear (&l->r);
  g_free (l->source);
  g_free (l->family);
  g_free (l->id);
  g_free (l->status);
  if (l->attrs != NULL)
    g_string_free (l->attrs, TRUE);
  g_clear_pointer (&l->warnings, g_ptr_array_unref);
  g_clear_pointer (&l->extensions, g_ptr_array_unref);
  g_clear_pointer (&l->notices, g_ptr_array_unref);
  g_clear_pointer (&l->candidate, tf_candidate_metadata_free);
  vec_clear (&l->pods);
  vec_clear (&l->racks);
  vec_clear (&l->boards);
  vec_clear (&l->chips);
  vec_clear (&l->switches);
  vec_clear (&l->links);
  vec_clear (&l->name_first_use);
  g_clear_pointer (&l->name_index, g_hash_table_unref);
  g_clear_pointer (&l->names, g_ptr_array_unref);
  g_free (l->name_switch);
}

gboolean
tf_topology_load_data (const char           *name,
                       const char           *data,
                       gsize                 length,
                       const TfLoadOptions  *options,
                       TfTopology           *out,
                       GError              **error)
{
  TfLoader l;
  gboolean ok;

  g_return_val_if_fail (name != NULL && (data != NULL || length == 0) && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  memset (&l, 0, sizeof l);
  l.fail_at = options ? options->fail_alloc_at : 0;
  tf_context_init (&l.ctx);
  l.pods.size = sizeof (GroupRecord);
  l.racks.size = sizeof (GroupRecord);
  l.boards.size = sizeof (BoardRecord);
  l.chips.size = sizeof (ChipRecord);
  l.switches.size = sizeof (SwitchRecord);
  l.links.size = sizeof (LinkRecord);
  l.name_first_use.size = sizeof (NameUse);
  l.names = g_ptr_array_new_with_free_func (g_free);
  l.name_index = g_hash_table_new (g_str_hash, g_str_equal);
  l.extensions = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_yaml_extension_free);
  l.extension_budget = MAX_EXTENSION;
  l.notices = g_ptr_array_new_with_free_func (g_free);

  ok = tf_yaml_reader_init (&l.r, name, (const guchar *) (data ? data : ""), length)
       && read_document (&l)
       && assemble (&l, out);
  if (!ok)
    {
      g_assert (l.r.error != NULL);
      g_propagate_error (error, g_steal_pointer (&l.r.error));
      tf_topology_clear (out);
    }
  loader_clear (&l);
  return ok;
}

gboolean
tf_topology_load_file (const char           *path,
                       const TfLoadOptions  *options,
                       TfTopology           *out,
                       GError              **error)
{
  guint64 limit = options && options->max_bytes ? options->max_bytes : TF_LOAD_MAX_BYTES;
  g_autofree char *data = NULL;
  gsize got = 0;

  g_return_val_if_fail (path != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (!tf_yaml_read_file (path, limit, NULL, &data, &got, error))
    return FALSE;
  return tf_topology_load_data (path, data, got, options, out, error);
}

