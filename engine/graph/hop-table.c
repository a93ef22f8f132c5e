/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hop-table.c: the chip-to-chip hop table Layers 2 and 3 read (TfHopTable), one row per class of
 * twin chips (twin-quotient.c) searched, each row covering every node of the graph. Layer 1
 * searches one class of each orbit of interchangeable chips (chip-orbits.c); the others read
 * their source's row through the automorphism between them.
 */
#include "quotient-private.h"
#include "bfs-bit-parallel-private.h"
#include "group-rotation-private.h"
#include "graph-private.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE ((gsize) 2 << 20)

/* Hop table rows: the bit-parallel search writes each class representative's column. */
typedef struct
{
  const TfQuotient *q;
  guint16          *distance;
  guint             n_nodes;
  const guint32    *rows;      /* the batch's sources' rows */
} BitRows;

static void
bit_rows_visit (guint          level,
                guint32        node,
                const guint64 *fresh,
                guint          words,
                gpointer       data)
{
  BitRows *br = data;
  guint32 column = br->q->class_rep[node];

  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      {
        guint32 i = w * 64 + (guint32) __builtin_ctzll (bits);

        br->distance[(gsize) br->rows[i] * br->n_nodes + column] = (guint16) level;
      }
}

/* The rows, in huge pages where the system gives them on request (tens of megabytes at 16K chips,
 * written once: 4 KiB pages cost a fault each). */
static guint16 *
distance_new (gsize n)
{
  gsize bytes = MAX (n, 1) * sizeof (guint16);
  void *p = NULL;

#ifdef MADV_HUGEPAGE
  if (bytes >= HUGE_PAGE && posix_memalign (&p, HUGE_PAGE, bytes) == 0)
    {
      madvise (p, bytes, MADV_HUGEPAGE);
      return p;
    }
#endif
  p = malloc (bytes);
  if (p == NULL)
    g_error ("hop table: out of memory for %" G_GSIZE_FORMAT " bytes", bytes);
  return p;
}

void
tf_hop_table_begin (TfHopTable           *table,
                    const TfNetworkGraph *graph,
                    const TfQuotient     *q,
                    TfChipOrbits         *orbits,
                    gboolean              rows)
{
  guint n = tf_network_graph_get_n_nodes (graph), k = q->n_chip_classes;
  g_autofree guint32 *fill = NULL;

  memset (table, 0, sizeof *table);
  table->graph = graph;
  table->n_nodes = n;
  table->n_classes = k;
  table->class_of_chip = g_memdup2 (q->class_of, sizeof (guint32) * MAX (graph->n_chip, 1));
  table->class_chip = g_memdup2 (q->class_rep, sizeof (guint32) * MAX (k, 1));
  table->twin_distance = g_memdup2 (q->class_twin, MAX (k, 1));
  table->member_offset = g_new0 (guint32, (gsize) k + 1);
  table->members = g_new (guint32, MAX (graph->n_chip, 1));
  for (guint32 v = 0; v < graph->n_chip; v++)
    table->member_offset[q->class_of[v] + 1]++;
  for (guint c = 0; c < k; c++)
    table->member_offset[c + 1] += table->member_offset[c];
  fill = g_memdup2 (table->member_offset, sizeof (guint32) * (k + 1));
  for (guint32 v = 0; v < graph->n_chip; v++)
    table->members[fill[q->class_of[v]]++] = v;

  table->orbits = orbits;
  table->row_of_class = g_new (guint32, MAX (k, 1));
  for (guint32 c = 0; c < k; c++)
    if (orbits == NULL || orbits->source[c] == c)
      table->row_of_class[c] = table->n_rows++;
  for (guint32 c = 0; orbits != NULL && c < k; c++)
    table->row_of_class[c] = table->row_of_class[orbits->source[c]];
  if (rows)
    table->distance = distance_new ((gsize) table->n_rows * n);
}

void
tf_hop_table_finish (TfHopTable       *table,
                     const TfQuotient *q)
{
  guint n = table->n_nodes;

  for (guint32 c = 0; c < q->n_chip_classes; c++)
    {
      guint16 *row = table->distance + (gsize) table->row_of_class[c] * n;

      if (table->orbits != NULL && table->orbits->source[c] != c)
        continue;
      for (guint32 v = 0; v < n; v++)
        {
          guint32 x = q->class_of[v];

          if (x == c)
            row[v] = v == q->class_rep[c] ? 0 : q->class_twin[c];
          else if (v != q->class_rep[x])
            row[v] = row[q->class_rep[x]];
        }
    }
}

/* Fills the representative columns of the rows of source classes @sources: shallow graphs
 * search 64 classes per machine word at once (the diameter is at most twice the first class's
 * eccentricity); deep ones one at a time, where distances past G_MAXUINT16 - 1 (rings of more
 * than 131068 chips) saturate. */
static void
search_rows (TfHopTable       *table,
             const TfQuotient *q,
             const guint32    *sources,
             guint             n_sources)
{
  g_autofree guint32 *dist = g_new (guint32, q->n_classes);
  g_autofree guint32 *order = g_new (guint32, q->n_classes);
  guint ecc = 0, n_reached, n = table->n_nodes;

  if (n_sources == 0)
    return;
  n_reached = tf_quotient_bfs (q, sources[0], dist, order);
  for (guint i = 0; i < n_reached; i++)
    ecc = MAX (ecc, dist[order[i]]);
  if (2 * ecc <= TF_BIT_PARALLEL_MAX_LEVELS)
    {
      g_autofree guint32 *rows = g_new (guint32, n_sources);
      BitRows br = { q, table->distance, n, NULL };
      TfBitBfs b;
      guint batch;

      for (guint i = 0; i < n_sources; i++)
        {
          guint16 *row = table->distance + (gsize) table->row_of_class[sources[i]] * n;

          rows[i] = table->row_of_class[sources[i]];
          for (guint32 x = 0; x < q->n_classes; x++)
            row[q->class_rep[x]] = G_MAXUINT16;
          row[q->class_rep[sources[i]]] = 0;
        }
      tf_bit_bfs_init (&b, q->n_classes, q->h_offset, q->h_target, NULL, n_sources);
      batch = tf_bit_bfs_batch (&b);
      for (guint first = 0; first < n_sources; first += batch)
        {
          br.rows = rows + first;
          tf_bit_bfs_run (&b, sources + first, MIN (batch, n_sources - first), bit_rows_visit,
                          &br);
        }
      tf_bit_bfs_clear (&b);
    }
  else
    for (guint i = 0; i < n_sources; i++)
      {
        guint16 *row = table->distance + (gsize) table->row_of_class[sources[i]] * n;

        tf_quotient_bfs (q, sources[i], dist, order);
        for (guint32 x = 0; x < q->n_classes; x++)
          row[q->class_rep[x]] = dist[x] == TF_UNREACHED ? G_MAXUINT16
                                 : (guint16) MIN (dist[x], G_MAXUINT16 - 1u);
      }
}

/* Row of source class @y from the row of class @x = sigma (y), sigma the swap of @y's block
 * with block @a of level @l (which holds @x at @y's position): d (y, v) = d (x, sigma (v)),
 * x's row being its source's with the chips moved. */
static void
swapped_row (TfHopTable         *table,
             const TfQuotient   *q,
             const TfBlockLevel *l,
             guint32             y,
             guint32             x,
             guint32            *nodes,
             guint16            *values)
{
  guint n = table->n_nodes, n_moves;
  const guint32 *map;
  const guint16 *base = tf_hop_table_row_moves (table, q->class_rep[x], nodes, values, &n_moves,
                                                &map);
  guint16 *row = table->distance + (gsize) table->row_of_class[y] * n;
  guint32 b = l->block[y], a = l->rep[b];

  g_assert (map == NULL);   /* plain rows */
  memcpy (row, base, sizeof (guint16) * n);
  for (guint i = 0; i < n_moves; i++)
    row[nodes[i]] = values[i];
  for (guint k = 0; k < l->offset[b + 1] - l->offset[b]; k++)
    {
      guint32 u = q->class_rep[l->classes[l->offset[b] + k]];
      guint32 w = q->class_rep[l->classes[l->offset[a] + k]];
      guint16 t = row[u];

      row[u] = row[w];
      row[w] = t;
    }
}

void
tf_hop_table_search_rest (TfHopTable       *table,
                          const TfQuotient *q)
{
  TfChipOrbits *o = table->orbits;
  guint k = q->n_chip_classes;
  g_autofree guint32 *sources = g_new (guint32, MAX (k, 1));
  g_autofree guint8 *filled = g_new0 (guint8, MAX (k, 1));
  g_autofree guint32 *nodes = NULL;
  g_autofree guint16 *values = NULL;
  guint n_sources = 0;
  gboolean progress = TRUE;

  if (o == NULL)
    return;
  /* Rows Layer 1 filled: one source per orbit. The others follow from a filled row through a
   * swap of blocks (chip-orbits.c), pass after pass; what none reaches is searched. */
  for (guint32 c = 0; c < k; c++)
    filled[c] = o->source[c] == c && o->orbit[c] == c;
  nodes = g_new (guint32, (gsize) q->n_chip + 1);
  values = g_new (guint16, (gsize) q->n_chip + 1);
  while (progress)
    {
      progress = FALSE;
      for (guint32 y = 0; y < k; y++)
        for (guint i = 0; o->source[y] == y && !filled[y] && i < o->n_levels; i++)
          {
            const TfBlockLevel *l = &o->levels[i];
            guint32 b = l->block[y], x;

            if (l->rep[b] == b)
              continue;
            x = l->classes[l->offset[l->rep[b]] + l->position[y]];
            if (!filled[o->source[x]])
              continue;
            swapped_row (table, q, l, y, x, nodes, values);
            filled[y] = 1;
            progress = TRUE;
          }
    }
  tf_chip_orbits_drop_levels (o);
  for (guint32 c = 0; c < k; c++)
    if (o->source[c] == c && !filled[c])
      sources[n_sources++] = c;
  search_rows (table, q, sources, n_sources);
}

/* Rotated rows: the bit-parallel search writes each source class's distance to every class. */
typedef struct
{
  guint16 *dist;
  guint    n_classes;
} ClassRows;

static void
class_rows_visit (guint          level,
                  guint32        node,
                  const guint64 *fresh,
                  guint          words,
                  gpointer       data)
{
  ClassRows *cr = data;

  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      {
        guint32 i = w * 64 + (guint32) __builtin_ctzll (bits);

        cr->dist[(gsize) i * cr->n_classes + node] = (guint16) MIN (level, G_MAXUINT16 - 1u);
      }
}

void
tf_hop_table_rotated_rows (TfHopTable           *table,
                           const TfQuotient     *q,
                           const TfRotatedGraph *r,
                           const TfQuotient     *full)
{
  const TfChipOrbits *o = table->orbits;
  guint n = r->n_chip, n_full = r->full.n_chip, n_switch = r->full.n_switch;
  guint m = r->group_chips, w = n_switch / r->n_group, n_sources = 0;
  g_autofree guint32 *index = g_new (guint32, MAX (full->n_classes, 1));
  g_autofree guint32 *sources = g_new (guint32, MAX (full->n_chip_classes, 1));
  g_autofree guint16 *dist = NULL;
  ClassRows cr = { NULL, full->n_classes };
  TfBitBfs b;
  guint batch;

  /* Group 0's classes of the filled graph that rows start from, searched 64 at a time. */
  for (guint32 x = 0; x < full->n_classes; x++)
    index[x] = TF_UNREACHED;
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    if (o == NULL || o->source[c] == c)
      {
        guint32 x0 = full->class_of[q->class_rep[c] % m];

        if (index[x0] == TF_UNREACHED)
          {
            index[x0] = n_sources;
            sources[n_sources++] = x0;
          }
      }
  dist = g_new (guint16, (gsize) MAX (n_sources, 1) * full->n_classes);
  for (gsize i = 0; i < (gsize) n_sources * full->n_classes; i++)
    dist[i] = G_MAXUINT16;
  for (guint i = 0; i < n_sources; i++)
    dist[(gsize) i * full->n_classes + sources[i]] = 0;
  cr.dist = dist;
  tf_bit_bfs_init (&b, full->n_classes, full->h_offset, full->h_target, NULL, n_sources);
  batch = tf_bit_bfs_batch (&b);
  for (guint start = 0; start < n_sources; start += batch)
    {
      cr.dist = dist + (gsize) start * full->n_classes;
      tf_bit_bfs_run (&b, sources + start, MIN (batch, n_sources - start), class_rows_visit, &cr);
    }
  tf_bit_bfs_clear (&b);

  /* Chip v of group k is phi^k of chip v0 = v mod m of group 0, so d (v, u) = d (v0, phi^-k u):
   * v's row is v0's search read at the filled graph's class of phi^-k u, per node u (rot_map of
   * group k), and v's twins are at their distance (rot_twin). Reading through the map costs a
   * look-up; copying each row for every group cost a pass over the table. */
  table->rot_distance = g_steal_pointer (&dist);
  table->rot_stride = full->n_classes;
  table->rot_map = g_new (guint32, (gsize) r->n_group * MAX (table->n_nodes, 1));
  for (guint k = 0; k < r->n_group; k++)
    {
      guint32 *at = table->rot_map + (gsize) k * table->n_nodes;
      guint shift_chips = k * m, shift_switches = k * w;

      for (guint32 u = 0; u < n; u++)
        at[u] = full->class_of[u >= shift_chips ? u - shift_chips : u + n_full - shift_chips];
      for (guint32 i = 0; i < n_switch; i++)
        at[n + i] = full->class_of[n_full + (i >= shift_switches ? i - shift_switches
                                                                : i + n_switch - shift_switches)];
    }
  table->rot_row = g_new (guint32, MAX (table->n_rows, 1));
  table->rot_group = g_new (guint32, MAX (table->n_rows, 1));
  table->rot_twin = g_new (guint8, MAX (table->n_rows, 1));
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    if (o == NULL || o->source[c] == c)
      {
        guint32 v = q->class_rep[c], x0 = full->class_of[v % m], row = table->row_of_class[c];

        table->rot_row[row] = index[x0];
        table->rot_group[row] = v / m;
        table->rot_twin[row] = full->class_twin[x0];
      }
}

void
tf_hop_table_init (TfHopTable           *table,
                   const TfNetworkGraph *graph)
{
  TfQuotient q;
  g_autofree guint32 *sources = NULL;

  g_return_if_fail (table != NULL && graph != NULL);

  /* One search per class of twin chips, on the quotient, filling the column of each class's
   * representative; every other node then takes its representative's distance, except inside
   * the source's own class. Layer 1 fills the same columns with its own searches
   * (tf_path_metrics) when it makes them. */
  tf_quotient_init (&q, graph, TRUE);
  tf_hop_table_begin (table, graph, &q, NULL, TRUE);
  sources = g_new (guint32, MAX (q.n_chip_classes, 1));
  for (guint32 c = 0; c < q.n_chip_classes; c++)
    sources[c] = c;
  search_rows (table, &q, sources, q.n_chip_classes);
  tf_hop_table_finish (table, &q);
  tf_quotient_clear (&q);
}

void
tf_hop_table_clear (TfHopTable *table)
{
  g_return_if_fail (table != NULL);

  g_free (table->class_of_chip);
  g_free (table->class_chip);
  g_free (table->twin_distance);
  g_free (table->member_offset);
  g_free (table->members);
  if (table->orbits != NULL)
    tf_chip_orbits_clear (table->orbits);
  g_free (table->orbits);
  g_free (table->row_of_class);
  free (table->distance);
  g_free (table->rot_distance);
  g_free (table->rot_map);
  g_free (table->rot_row);
  g_free (table->rot_group);
  g_free (table->rot_twin);
  memset (table, 0, sizeof *table);
}

/* Row @r's values and, through a rotation, the map to read them at. */
static inline const guint16 *
row_at (const TfHopTable *table,
        guint32           r,
        const guint32   **map)
{
  if (table->rot_distance == NULL)
    {
      *map = NULL;
      return table->distance + (gsize) r * table->n_nodes;
    }
  *map = table->rot_map + (gsize) table->rot_group[r] * table->n_nodes;
  return table->rot_distance + (gsize) table->rot_row[r] * table->rot_stride;
}

static inline guint16
row_value (const guint16 *row,
           const guint32 *map,
           guint32        u)
{
  return row[map != NULL ? map[u] : u];
}

const guint16 *
tf_hop_table_row_moves (const TfHopTable *table,
                        guint32           chip,
                        guint32          *nodes,
                        guint16          *values,
                        guint            *n_moves,
                        const guint32   **map)
{
  const TfChipOrbits *o = table->orbits;
  guint32 y = table->class_of_chip[chip], r = table->row_of_class[y];
  const guint16 *row = row_at (table, r, map);
  guint32 a, b;
  guint n = 0;

  *n_moves = 0;
  if (o == NULL || o->source[y] == y)
    {
      /* Through a rotation the row's search is its class's: its twins read 0 there. */
      if (*map != NULL && table->member_offset[y + 1] - table->member_offset[y] > 1)
        {
          for (guint j = table->member_offset[y]; j < table->member_offset[y + 1]; j++)
            if (table->members[j] != table->class_chip[y])
              {
                nodes[n] = table->members[j];
                values[n++] = table->rot_twin[r];
              }
          *n_moves = n;
        }
      return row;
    }
  /* The source's row with the chips of the two components moved (chip-orbits.c); a later move
   * of a node overrides an earlier one. Through a rotation the source's own twins are among
   * them (they read 0 there). */
  a = o->component[o->source[y]];
  b = o->component[y];
  for (guint side = 0; side < (a == b ? 1u : 2u); side++)
    {
      guint32 comp = side == 0 ? b : a;

      for (guint i = o->offset[comp]; i < o->offset[comp + 1]; i++)
        {
          guint32 u = o->classes[i], x = tf_chip_orbits_image (o, y, u);
          guint16 value = x == TF_UNREACHED ? table->twin_distance[y]
                                            : row_value (row, *map, table->class_chip[x]);

          for (guint j = table->member_offset[u]; j < table->member_offset[u + 1]; j++)
            {
              nodes[n] = table->members[j];
              values[n++] = value;
            }
        }
    }
  nodes[n] = table->class_chip[y];
  values[n++] = 0;
  *n_moves = n;
  return row;
}

guint
tf_hop_table_distance (const TfHopTable *table,
                       guint32           chip_a,
                       guint32           chip_b)
{
  guint32 ca, cb, x;

  if (chip_a == chip_b)
    return 0;
  ca = table->class_of_chip[chip_a];
  cb = table->class_of_chip[chip_b];
  if (ca == cb)
    return table->twin_distance[ca];
  x = table->orbits != NULL ? tf_chip_orbits_image (table->orbits, ca, cb) : cb;
  {
    const guint32 *map;
    const guint16 *row = row_at (table, table->row_of_class[ca], &map);

    return row_value (row, map, table->class_chip[x]);
  }
}
