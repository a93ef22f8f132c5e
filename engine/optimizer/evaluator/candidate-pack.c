/* SPDX-License-Identifier: GPL-3.0-or-later */
/* candidate-pack.c: a candidate in a compact binary form, for the search's checkpoints and the
 * messages of the search on MPI (issue 16): everything the search keeps of a candidate (its
 * graph and grouping, context, family result, origin, evaluation, objectives and rejection),
 * written in the machine's byte order for the same build to read back. Plain structs (the
 * context, metrics, evaluation) go as their bytes, behind a header that names their sizes, so
 * a file of another build is refused, not misread; a family result's warnings are derived
 * again from its family. What a search never sets (a loaded file's source, extensions and
 * notices, the optimizer's metadata) is not packed. An evaluation alone (what a worker sends
 * back) packs the same way: the evaluation, the objectives and the rejection.
 */
#include <math.h>
#include <string.h>

#include "family-private.h"
#include "evaluator-private.h"
#include "pack-private.h"

#define PACK_MAGIC   0x50434654u  /* "TFCP" */
#define PACK_VERSION 2u

static void
pack_graph (const TfNetworkGraph *g,
            GByteArray           *out)
{
  guint32 head[8] = { g->n_chip, g->n_switch, g->n_links, g->chips_per_board, g->n_board,
                      g->n_rack, g->n_pod, 0 };

  tf_pack_put (out, head, sizeof head);
  for (guint s = 0; s < g->n_switch; s++)
    {
      guint32 sw[3] = { g->switches[s].tier, g->switches[s].container,
                        g->switches[s].port_count };

      tf_pack_put (out, sw, sizeof sw);
      tf_pack_put_string (out, g->switches[s].id);
    }
  /* Links, the bulk of a graph, as differences: each end from the one before, a few bytes a
   * link where its struct takes 16. */
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];

      tf_pack_put_delta (out, (gint64) l->a - (i > 0 ? (gint64) g->links[i - 1].a : 0));
      tf_pack_put_delta (out, (gint64) l->b - (gint64) l->a);
      tf_pack_put_varint (out, l->multiplicity);
      tf_pack_put_varint (out, (guint64) l->type << 4 | l->reach);
    }
  tf_pack_put (out, g->board_chips, sizeof (guint32) * g->n_board * g->chips_per_board);
  tf_pack_put (out, g->board_rack, sizeof (guint32) * g->n_board);
  tf_pack_put (out, g->rack_pod, sizeof (guint32) * g->n_rack);
}

void
tf_candidate_pack (const TfCandidate *c,
                   GByteArray        *out)
{
  const TfTopology *t = &c->topology;
  guint32 head[8] = {
    PACK_MAGIC, PACK_VERSION, sizeof (TfContext), sizeof (TfMetrics), sizeof (TfEvaluation),
    sizeof (TfLink), sizeof (TfOrigin), TF_N_OBJECTIVES,
  };
  guint32 words[6] = {
    c->id, c->chip_transitive, t->chip_transitive, t->result.n_endpoint,
    t->result.chips_per_board, c->origin.n_parents,
  };
  TfOrigin origin;

  tf_pack_put (out, head, sizeof head);
  memcpy (&origin, &c->origin, sizeof origin);   /* padding too: packed bytes are defined */
  origin.seed_id = NULL;
  tf_pack_put (out, words, sizeof words);
  tf_pack_put (out, &t->context, sizeof t->context);
  tf_pack_put_string (out, t->result.family != NULL ? t->result.family->name : NULL);
  tf_pack_put (out, &t->result.params, sizeof t->result.params);
  tf_pack_put (out, &t->result.order, sizeof t->result.order);
  tf_pack_put (out, &t->result.metrics, sizeof t->result.metrics);
  tf_pack_put (out, &t->lattice, sizeof t->lattice);
  /* The origin as it is, its one pointer (the seed's id) after it, not its address: the same
   * candidate packs to the same bytes. */
  tf_pack_put (out, &origin, sizeof origin);
  tf_pack_put_string (out, c->origin.seed_id);
  tf_pack_put (out, &c->evaluation, sizeof c->evaluation);
  tf_pack_put (out, c->objectives, sizeof c->objectives);
  tf_pack_put_string (out, c->rejected);
  pack_graph (&t->graph, out);
}

static gboolean
unpack_graph (TfPackReader   *r,
              TfNetworkGraph *g)
{
  guint32 head[8];
  guint64 n_nodes;
  g_autoptr(GHashTable) ids = NULL;

  tf_pack_get (r, head, sizeof head);
  g->n_chip = head[0];
  g->n_switch = head[1];
  g->n_links = head[2];
  g->chips_per_board = head[3];
  g->n_board = head[4];
  g->n_rack = head[5];
  g->n_pod = head[6];
  n_nodes = (guint64) g->n_chip + g->n_switch;
  if (r->bad || n_nodes > G_MAXUINT32 || g->n_switch > r->size / 16)
    return FALSE;
  g->switches = g_new0 (TfSwitch, MAX (g->n_switch, 1));
  ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint s = 0; s < g->n_switch && !r->bad; s++)
    {
      guint32 sw[3];
      const char *id;

      tf_pack_get (r, sw, sizeof sw);
      g->switches[s].tier = sw[0];
      g->switches[s].container = sw[1];
      g->switches[s].port_count = sw[2];
      id = g->switches[s].id = tf_pack_get_string (r);
      /* Ids as a topology file's (topology-loader-network.c): one a switch, at most 256 bytes,
       * none like a chip's name. */
      if (sw[0] < TF_TIER_BOARD || sw[0] > TF_TIER_DATACENTER || id == NULL || id[0] == '\0'
          || strlen (id) > 256 || !g_hash_table_add (ids, (gpointer) id)
          || (g_str_has_prefix (id, "chip") && strspn (id + 4, "0123456789") == strlen (id + 4)))
        return FALSE;
    }
  /* At least four bytes a link, so a damaged count is refused before allocating. */
  if (g->n_links > (r->size - r->pos) / 4)
    return FALSE;
  g->links = g_new0 (TfLink, MAX (g->n_links, 1));
  for (guint i = 0; i < g->n_links && !r->bad; i++)
    {
      gint64 a = (i > 0 ? (gint64) g->links[i - 1].a : 0) + tf_pack_get_delta (r);
      gint64 b = a + tf_pack_get_delta (r);
      guint64 multiplicity = tf_pack_get_varint (r), kind = tf_pack_get_varint (r);

      if (a < 0 || a >= (gint64) n_nodes || b < 0 || b >= (gint64) n_nodes
          || multiplicity > G_MAXUINT32 || (kind >> 4) >= TF_N_LINK_TYPES
          || (kind & 15) >= TF_N_REACHES)
        return FALSE;
      g->links[i] = (TfLink) { (guint32) a, (guint32) b, (guint32) multiplicity,
                               (guint8) (kind >> 4), (guint8) (kind & 15) };
    }
  g->board_chips = tf_pack_get_array (r, (guint64) g->n_board * g->chips_per_board,
                                      sizeof (guint32));
  g->board_rack = tf_pack_get_array (r, g->n_board, sizeof (guint32));
  g->rack_pod = tf_pack_get_array (r, g->n_rack, sizeof (guint32));
  if (r->bad)
    return FALSE;
  /* Indices in range, so nothing downstream reads out of bounds. */
  for (guint64 i = 0; i < (guint64) g->n_board * g->chips_per_board; i++)
    if (g->board_chips[i] >= g->n_chip)
      return FALSE;
  for (guint b = 0; b < g->n_board; b++)
    if (g->board_rack[b] >= g->n_rack)
      return FALSE;
  for (guint k = 0; k < g->n_rack; k++)
    if (g->rack_pod[k] >= g->n_pod)
      return FALSE;
  return TRUE;
}

/* A bottleneck's codes in range: kinds, link types and reaches index name tables. */
static gboolean
bottleneck_in_range (const TfBottleneck *b)
{
  return b->kind <= TF_BOTTLENECK_BISECTION && b->link_type < TF_N_LINK_TYPES
         && b->reach < TF_N_REACHES;
}

/* Every code of @c's origin and evaluation in range, its inline text ended and UTF-8 (issue
 * 34): what the checksum passes is still read as if it could be anything, since each code
 * indexes a table of names. */
static gboolean
codes_in_range (const TfCandidate *c)
{
  const TfOrigin *o = &c->origin;
  const TfEvaluation *ev = &c->evaluation;
  const char *end = memchr (o->template_params, 0, sizeof o->template_params);

  if ((guint) o->method >= TF_N_ORIGIN_METHODS || o->n_mutations > o->n_mutations_total
      || end == NULL || !g_utf8_validate (o->template_params, end - o->template_params, NULL))
    return FALSE;
  for (guint i = 0; i < o->n_mutations; i++)
    if (o->mutations[i] >= TF_N_MUTATIONS)
      return FALSE;
  for (guint w = 0; w < TF_SEARCH_MAX_WORKLOADS; w++)
    {
      for (guint p = 0; p < TF_N_PRIMITIVES; p++)
        if (!bottleneck_in_range (&ev->collective_bottleneck[w][p]))
          return FALSE;
      for (guint k = 0; k < TF_N_COMMS; k++)
        if (!bottleneck_in_range (&ev->iter_bottleneck[w][k]))
          return FALSE;
    }
  return TRUE;
}

/* Metrics a topology file's reader takes (topology-loader-metadata.c): every method named,
 * every real finite, links per chip at least no more than at most. */
static gboolean
metrics_in_range (const TfMetrics *m)
{
  const TfMethod methods[] = {
    m->diameter_method, m->average_path_length_method, m->bisection_links_method,
    m->bisection_bandwidth_method, m->counts_method, m->path_diversity_method, m->cost_method,
    m->layout_method,
  };
  const double reals[] = {
    m->average_path_length, m->bisection_bandwidth, m->bisection_bandwidth_per_chip,
    m->network_cost, m->switch_cost, m->link_cost, m->nic_cost, m->injection_bandwidth,
    m->rack_power_kw,
  };

  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    if ((guint) methods[i] > TF_METHOD_LOWER_BOUND)
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (reals); i++)
    if (!isfinite (reals[i]))
      return FALSE;
  return m->links_per_chip_min <= m->links_per_chip_max;
}

/* A candidate that is a family's result (its family set) holds the graph, lattice and
 * endpoints its id generates, as a file naming that id must (topology-loader-id.c): its
 * candidate file says so. Its metrics are not read but taken from the generated result, as
 * generate measures them; any other candidate's (measured, or a file's) must be ones a file's
 * reader takes: a checkpoint's figures never reach a file unchecked. */
static gboolean
take_generated (TfTopology      *t,
                const TfMetrics *packed)
{
  g_autofree char *id = NULL;
  g_auto(TfTopology) generated = { 0 };
  g_autofree char *difference = NULL;

  if (t->result.family == NULL)
    {
      t->result.metrics = *packed;
      return metrics_in_range (packed);
    }
  id = tf_result_dup_id (&t->result);
  if (!tf_generate (&t->context, id, NULL, NULL, &generated, NULL))
    return FALSE;
  difference = tf_network_graph_difference (&t->graph, &generated.graph);
  if (difference != NULL || t->lattice.n_dims != generated.lattice.n_dims
      || memcmp (t->lattice.dims, generated.lattice.dims,
                 sizeof (guint32) * t->lattice.n_dims) != 0
      || t->result.n_endpoint != generated.result.n_endpoint
      || t->result.chips_per_board != generated.result.chips_per_board)
    return FALSE;
  t->result.metrics = generated.result.metrics;
  return TRUE;
}

TfCandidate *
tf_candidate_unpack (const guint8  *data,
                     gsize          size,
                     gsize         *offset,
                     GError       **error)
{
  TfPackReader r = { data, size, *offset, FALSE };
  TfCandidate *c = tf_candidate_new ();
  TfTopology *t = &c->topology;
  guint32 head[8], words[6];
  g_autofree char *family = NULL;
  const guint32 expected[8] = {
    PACK_MAGIC, PACK_VERSION, sizeof (TfContext), sizeof (TfMetrics), sizeof (TfEvaluation),
    sizeof (TfLink), sizeof (TfOrigin), TF_N_OBJECTIVES,
  };
  TfMetrics metrics;

  tf_pack_get (&r, head, sizeof head);
  if (!r.bad && memcmp (head, expected, sizeof head) != 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE,
                   "a packed candidate of another build of Topoforge (or not one at all)");
      tf_candidate_free (c);
      return NULL;
    }
  tf_pack_get (&r, words, sizeof words);
  c->id = words[0];
  c->chip_transitive = words[1];
  t->chip_transitive = words[2];
  t->result.n_endpoint = words[3];
  t->result.chips_per_board = words[4];
  tf_pack_get (&r, &t->context, sizeof t->context);
  family = tf_pack_get_string (&r);
  tf_pack_get (&r, &t->result.params, sizeof t->result.params);
  tf_pack_get (&r, &t->result.order, sizeof t->result.order);
  tf_pack_get (&r, &metrics, sizeof metrics);   /* checked by take_generated () */
  tf_pack_get (&r, &t->lattice, sizeof t->lattice);
  tf_pack_get (&r, &c->origin, sizeof c->origin);
  c->origin.seed_id = NULL;
  c->origin.seed_id = tf_pack_get_string (&r);
  tf_pack_get (&r, &c->evaluation, sizeof c->evaluation);
  tf_pack_get (&r, c->objectives, sizeof c->objectives);
  c->rejected = tf_pack_get_string (&r);
  /* A damaged context is refused before any rule reads it. */
  if (!r.bad && !tf_context_validate (&t->context, NULL))
    r.bad = TRUE;
  if (!r.bad && (words[5] > TF_ORIGIN_MAX_PARENTS || c->origin.n_parents != words[5]
                 || c->origin.n_mutations > TF_ORIGIN_MAX_MUTATIONS
                 || t->lattice.n_dims > TF_LATTICE_MAX_DIMS || !codes_in_range (c)
                 || !tf_candidate_values_finite (c)))
    r.bad = TRUE;
  if (!r.bad && family != NULL)
    {
      /* The family's check gives the result its warnings again. */
      t->result.family = tf_family_lookup (family);
      if (t->result.family == NULL
          || tf_family_check (t->result.family, &t->context, &t->result, NULL) != TF_CHECK_OK)
        r.bad = TRUE;
    }
  /* The graph held to a loaded topology's invariants, on the context's chips. */
  if (r.bad || !unpack_graph (&r, &t->graph) || t->graph.n_chip != t->context.n_chip
      || !tf_network_graph_check_invariants (&t->graph, t->context.chip_radix, NULL)
      || !take_generated (t, &metrics))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE,
                   "a packed candidate is cut short or damaged (at byte %" G_GSIZE_FORMAT ")",
                   r.pos);
      tf_candidate_free (c);
      return NULL;
    }
  *offset = r.pos;
  return c;
}

/* What an evaluation gives a candidate */

#define EVALUATION_MAGIC 0x45564654u  /* "TFVE" */

void
tf_evaluation_pack (const TfCandidate *c,
                    GByteArray        *out)
{
  guint32 head[3] = { EVALUATION_MAGIC, sizeof (TfEvaluation), TF_N_OBJECTIVES };

  tf_pack_put (out, head, sizeof head);
  tf_pack_put (out, &c->evaluation, sizeof c->evaluation);
  tf_pack_put (out, c->objectives, sizeof c->objectives);
  tf_pack_put_string (out, c->rejected);
}

gboolean
tf_evaluation_unpack (TfCandidate   *c,
                      const guint8  *data,
                      gsize          size,
                      gsize         *offset,
                      GError       **error)
{
  TfPackReader r = { data, size, *offset, FALSE };
  guint32 head[3];
  const guint32 expected[3] = { EVALUATION_MAGIC, sizeof (TfEvaluation), TF_N_OBJECTIVES };
  TfEvaluation evaluation;
  double objectives[TF_N_OBJECTIVES];
  char *rejected;

  tf_pack_get (&r, head, sizeof head);
  tf_pack_get (&r, &evaluation, sizeof evaluation);
  tf_pack_get (&r, objectives, sizeof objectives);
  rejected = tf_pack_get_string (&r);
  if (r.bad || memcmp (head, expected, sizeof head) != 0)
    {
      g_free (rejected);
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE,
                   "a packed evaluation is cut short, damaged or of another build");
      return FALSE;
    }
  c->evaluation = evaluation;
  memcpy (c->objectives, objectives, sizeof objectives);
  g_free (c->rejected);
  c->rejected = rejected;
  *offset = r.pos;
  return TRUE;
}
