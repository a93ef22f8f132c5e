/* SPDX-License-Identifier: GPL-3.0-or-later */
/* candidate-pack.c: a candidate in a compact binary form, for the search's checkpoints and the
 * messages of the search on MPI (issue 16): everything the search keeps of a candidate (its
 * graph and grouping, context, family result, origin, evaluation, objectives and rejection),
 * written in the machine's byte order for the same build to read back. Plain structs (the
 * context, metrics, evaluation) go as their bytes, behind a header that names their sizes, so
 * a file of another build is refused, not misread; a family result's warnings are derived
 * again from its family. What a search never sets (a loaded file's source, extensions and
 * notices, the optimizer's metadata) is not packed.
 */
#include <string.h>

#include "family-private.h"
#include "optimizer-private.h"

#define PACK_MAGIC   0x50434654u  /* "TFCP" */
#define PACK_VERSION 1u
#define NO_STRING    G_MAXUINT32

/* Writing */

static void
put (GByteArray    *out,
     gconstpointer  data,
     gsize          size)
{
  g_byte_array_append (out, data, (guint) size);
}

static void
put_u32 (GByteArray *out,
         guint32     v)
{
  put (out, &v, sizeof v);
}

static void
put_string (GByteArray *out,
            const char *s)
{
  if (s == NULL)
    {
      put_u32 (out, NO_STRING);
      return;
    }
  put_u32 (out, (guint32) strlen (s));
  put (out, s, strlen (s));
}

static void
pack_graph (const TfNetworkGraph *g,
            GByteArray           *out)
{
  guint32 head[8] = { g->n_chip, g->n_switch, g->n_links, g->chips_per_board, g->n_board,
                      g->n_rack, g->n_pod, 0 };

  put (out, head, sizeof head);
  for (guint s = 0; s < g->n_switch; s++)
    {
      guint32 sw[3] = { g->switches[s].tier, g->switches[s].container,
                        g->switches[s].port_count };

      put (out, sw, sizeof sw);
      put_string (out, g->switches[s].id);
    }
  put (out, g->links, sizeof (TfLink) * g->n_links);
  put (out, g->board_chips, sizeof (guint32) * g->n_board * g->chips_per_board);
  put (out, g->board_rack, sizeof (guint32) * g->n_board);
  put (out, g->rack_pod, sizeof (guint32) * g->n_rack);
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

  put (out, head, sizeof head);
  put (out, words, sizeof words);
  put (out, &t->context, sizeof t->context);
  put_string (out, t->result.family != NULL ? t->result.family->name : NULL);
  put (out, &t->result.params, sizeof t->result.params);
  put (out, &t->result.order, sizeof t->result.order);
  put (out, &t->result.metrics, sizeof t->result.metrics);
  put (out, &t->lattice, sizeof t->lattice);
  /* The origin as it is, its one pointer (the seed's id) after it. */
  put (out, &c->origin, sizeof c->origin);
  put_string (out, c->origin.seed_id);
  put (out, &c->evaluation, sizeof c->evaluation);
  put (out, c->objectives, sizeof c->objectives);
  put_string (out, c->rejected);
  pack_graph (&t->graph, out);
}

/* Reading */

typedef struct
{
  const guint8 *data;
  gsize         size;
  gsize         pos;
  gboolean      bad;
} Reader;

static gboolean
get (Reader   *r,
     gpointer  dest,
     gsize     size)
{
  if (r->bad || size > r->size - r->pos)
    {
      r->bad = TRUE;
      if (dest != NULL)
        memset (dest, 0, size);
      return FALSE;
    }
  if (dest != NULL)
    memcpy (dest, r->data + r->pos, size);
  r->pos += size;
  return TRUE;
}

static guint32
get_u32 (Reader *r)
{
  guint32 v = 0;

  get (r, &v, sizeof v);
  return v;
}

static char *
get_string (Reader *r)
{
  guint32 n = get_u32 (r);
  char *s;

  if (r->bad || n == NO_STRING)
    return NULL;
  if (n > r->size - r->pos)
    {
      r->bad = TRUE;
      return NULL;
    }
  s = g_strndup ((const char *) r->data + r->pos, n);
  r->pos += n;
  return s;
}

/* An array of @n items of @size, refused before allocating when the data cannot hold it. */
static gpointer
get_array (Reader *r,
           guint64 n,
           gsize   size)
{
  gpointer p;

  if (r->bad || n > (r->size - r->pos) / MAX (size, 1))
    {
      r->bad = TRUE;
      return NULL;
    }
  p = g_malloc (MAX (n * size, 1));
  get (r, p, n * size);
  return p;
}

static gboolean
unpack_graph (Reader         *r,
              TfNetworkGraph *g)
{
  guint32 head[8];
  guint64 n_nodes;

  get (r, head, sizeof head);
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
  for (guint s = 0; s < g->n_switch && !r->bad; s++)
    {
      guint32 sw[3];

      get (r, sw, sizeof sw);
      g->switches[s].tier = sw[0];
      g->switches[s].container = sw[1];
      g->switches[s].port_count = sw[2];
      g->switches[s].id = get_string (r);
      if (sw[0] < TF_TIER_BOARD || sw[0] > TF_TIER_DATACENTER || g->switches[s].id == NULL)
        return FALSE;
    }
  g->links = get_array (r, g->n_links, sizeof (TfLink));
  g->board_chips = get_array (r, (guint64) g->n_board * g->chips_per_board, sizeof (guint32));
  g->board_rack = get_array (r, g->n_board, sizeof (guint32));
  g->rack_pod = get_array (r, g->n_rack, sizeof (guint32));
  if (r->bad)
    return FALSE;
  /* Indices in range, so nothing downstream reads out of bounds. */
  for (guint i = 0; i < g->n_links; i++)
    if (g->links[i].a >= n_nodes || g->links[i].b >= n_nodes
        || g->links[i].type >= TF_N_LINK_TYPES || g->links[i].reach >= TF_N_REACHES)
      return FALSE;
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

TfCandidate *
tf_candidate_unpack (const guint8  *data,
                     gsize          size,
                     gsize         *offset,
                     GError       **error)
{
  Reader r = { data, size, *offset, FALSE };
  TfCandidate *c = tf_candidate_new ();
  TfTopology *t = &c->topology;
  guint32 head[8], words[6];
  g_autofree char *family = NULL;
  const guint32 expected[8] = {
    PACK_MAGIC, PACK_VERSION, sizeof (TfContext), sizeof (TfMetrics), sizeof (TfEvaluation),
    sizeof (TfLink), sizeof (TfOrigin), TF_N_OBJECTIVES,
  };
  TfMetrics metrics;

  get (&r, head, sizeof head);
  if (!r.bad && memcmp (head, expected, sizeof head) != 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE,
                   "a packed candidate of another build of Topoforge (or not one at all)");
      tf_candidate_free (c);
      return NULL;
    }
  get (&r, words, sizeof words);
  c->id = words[0];
  c->chip_transitive = words[1];
  t->chip_transitive = words[2];
  t->result.n_endpoint = words[3];
  t->result.chips_per_board = words[4];
  get (&r, &t->context, sizeof t->context);
  family = get_string (&r);
  get (&r, &t->result.params, sizeof t->result.params);
  get (&r, &t->result.order, sizeof t->result.order);
  get (&r, &metrics, sizeof metrics);
  get (&r, &t->lattice, sizeof t->lattice);
  get (&r, &c->origin, sizeof c->origin);
  c->origin.seed_id = NULL;
  c->origin.seed_id = get_string (&r);
  get (&r, &c->evaluation, sizeof c->evaluation);
  get (&r, c->objectives, sizeof c->objectives);
  c->rejected = get_string (&r);
  if (!r.bad && (words[5] > TF_ORIGIN_MAX_PARENTS || c->origin.n_parents != words[5]
                 || c->origin.n_mutations > TF_ORIGIN_MAX_MUTATIONS
                 || t->lattice.n_dims > TF_LATTICE_MAX_DIMS))
    r.bad = TRUE;
  if (!r.bad && family != NULL)
    {
      /* The family's check gives the result its warnings again; its metrics are as packed. */
      t->result.family = tf_family_lookup (family);
      if (t->result.family == NULL
          || tf_family_check (t->result.family, &t->context, &t->result, NULL) != TF_CHECK_OK)
        r.bad = TRUE;
    }
  t->result.metrics = metrics;
  if (r.bad || !unpack_graph (&r, &t->graph))
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
