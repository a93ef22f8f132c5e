/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bfs-bit-parallel.c: breadth-first search from up to 64 x TF_BIT_BFS_MAX_WORDS sources at
 * once, one bit per source. Each node pulls from its neighbours' frontiers; a node every source
 * has reached drops out of the scan. What it leaves in the frontier buffers then is bits its
 * neighbours already have (they reached it a level or more earlier), which the pull masks off.
 * Cliques (tf_bit_bfs_set_cliques ()) pull from their members' frontiers at once; a source may
 * be kept out of one node (tf_bit_bfs_set_blocked ()). Used for path sums (metrics-paths.c),
 * failures of vertex-transitive graphs (evaluator-failures.c), the failures whose change is
 * most of the graph (pair-sums.c), the hop table (hop-table.c) and the HyperX rails diameter
 * (family-hyperx.c).
 */
#include "bfs-bit-parallel-private.h"

#include <string.h>

void
tf_bit_bfs_init (TfBitBfs      *bfs,
                 guint          n_nodes,
                 const guint32 *offset,
                 const guint32 *target,
                 const guint8  *allowed,
                 guint          max_sources)
{
  gsize cells;

  memset (bfs, 0, sizeof *bfs);
  bfs->n_nodes = n_nodes;
  bfs->offset = offset;
  bfs->target = target;
  bfs->allowed = allowed;
  bfs->max_words = CLAMP ((max_sources + 63) / 64, 1, TF_BIT_BFS_MAX_WORDS);
  cells = MAX ((gsize) n_nodes * bfs->max_words, 1);
  bfs->visited = g_new (guint64, cells);
  bfs->frontier = g_new (guint64, cells);
  bfs->next = g_new (guint64, cells);
  bfs->active = g_new (guint32, MAX (n_nodes, 1));
}

void
tf_bit_bfs_clear (TfBitBfs *bfs)
{
  g_free (bfs->visited);
  g_free (bfs->frontier);
  g_free (bfs->next);
  g_free (bfs->active);
  g_free (bfs->in_offset);
  g_free (bfs->in_clique);
  g_free (bfs->clique_frontier);
  memset (bfs, 0, sizeof *bfs);
}

void
tf_bit_bfs_set_cliques (TfBitBfs      *bfs,
                        guint          n_cliques,
                        const guint32 *offset,
                        const guint32 *member)
{
  guint n = bfs->n_nodes;
  g_autofree guint32 *fill = NULL;

  g_free (bfs->in_offset);
  g_free (bfs->in_clique);
  g_free (bfs->clique_frontier);
  bfs->n_cliques = n_cliques;
  bfs->clique_offset = offset;
  bfs->clique_member = member;
  bfs->in_offset = g_new0 (guint32, n + 1);
  bfs->in_clique = g_new (guint32, MAX (offset[n_cliques], 1));
  bfs->clique_frontier = g_new (guint64, MAX ((gsize) n_cliques * bfs->max_words, 1));
  for (guint i = 0; i < offset[n_cliques]; i++)
    bfs->in_offset[member[i] + 1]++;
  for (guint v = 0; v < n; v++)
    bfs->in_offset[v + 1] += bfs->in_offset[v];
  fill = g_memdup2 (bfs->in_offset, sizeof (guint32) * n);
  for (guint c = 0; c < n_cliques; c++)
    for (guint i = offset[c]; i < offset[c + 1]; i++)
      bfs->in_clique[fill[member[i]]++] = c;
}

void
tf_bit_bfs_set_goal (TfBitBfs     *bfs,
                     const guint8 *goal)
{
  bfs->goal = goal;
}

/* Each clique's frontier: the union of its members'. A member that has dropped out of the scan
 * leaves bits its clique's other members already have, as with edges. */
static void
gather_cliques (TfBitBfs *bfs,
                guint     words)
{
  for (guint c = 0; c < bfs->n_cliques; c++)
    {
      guint64 *cf = bfs->clique_frontier + (gsize) c * words;

      memset (cf, 0, sizeof (guint64) * words);
      for (guint i = bfs->clique_offset[c]; i < bfs->clique_offset[c + 1]; i++)
        {
          const guint64 *f = bfs->frontier + (gsize) bfs->clique_member[i] * words;

          for (guint w = 0; w < words; w++)
            cf[w] |= f[w];
        }
    }
}

void
tf_bit_bfs_set_blocked (TfBitBfs      *bfs,
                        const guint32 *blocked)
{
  bfs->blocked = blocked;
}

guint
tf_bit_bfs_batch (const TfBitBfs *bfs)
{
  return 64 * bfs->max_words;
}

void
tf_bit_bfs_run (TfBitBfs      *bfs,
                const guint32 *sources,
                guint          n_sources,
                TfBitBfsVisit  visit,
                gpointer       data)
{
  guint n = bfs->n_nodes, words = (n_sources + 63) / 64, n_active = 0, goals_left = 0;
  guint64 full[TF_BIT_BFS_MAX_WORDS];

  g_assert (words <= bfs->max_words);
  if (n_sources == 0)
    return;
  memset (bfs->visited, 0, sizeof (guint64) * n * words);
  memset (bfs->frontier, 0, sizeof (guint64) * n * words);
  memset (bfs->next, 0, sizeof (guint64) * n * words);
  for (guint w = 0; w < words; w++)
    full[w] = w < n_sources / 64 ? G_MAXUINT64
              : (G_GUINT64_CONSTANT (1) << (n_sources % 64)) - 1;
  for (guint i = 0; i < n_sources; i++)
    {
      gsize at = (gsize) sources[i] * words + i / 64;

      bfs->visited[at] |= G_GUINT64_CONSTANT (1) << (i % 64);
      bfs->frontier[at] |= G_GUINT64_CONSTANT (1) << (i % 64);
    }
  /* A blocked node is visited already for its source: never entered, never passed on. */
  for (guint i = 0; bfs->blocked != NULL && i < n_sources; i++)
    if (bfs->blocked[i] != G_MAXUINT32)
      bfs->visited[(gsize) bfs->blocked[i] * words + i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
  for (guint32 v = 0; v < n; v++)
    if (bfs->allowed == NULL || bfs->allowed[v])
      {
        bfs->active[n_active++] = v;
        goals_left += bfs->goal != NULL && bfs->goal[v];
      }

  for (guint level = 1; n_active > 0; level++)
    {
      gboolean progress = FALSE;
      guint keep = 0;
      guint64 *swap;

      gather_cliques (bfs, words);
      for (guint k = 0; k < n_active; k++)
        {
          guint32 v = bfs->active[k];
          guint64 acc[TF_BIT_BFS_MAX_WORDS];
          guint64 *vis = bfs->visited + (gsize) v * words, *nxt = bfs->next + (gsize) v * words;
          guint64 fresh = 0;
          gboolean done = TRUE;

          /* One word (up to 64 sources, the usual batch) without the loop over words. */
          if (words == 1)
            {
              guint64 a = 0;

              for (guint e = bfs->offset[v]; e < bfs->offset[v + 1]; e++)
                a |= bfs->frontier[bfs->target[e]];
              acc[0] = a;
            }
          else
            {
              memset (acc, 0, sizeof (guint64) * words);
              for (guint e = bfs->offset[v]; e < bfs->offset[v + 1]; e++)
                {
                  const guint64 *f = bfs->frontier + (gsize) bfs->target[e] * words;

                  for (guint w = 0; w < words; w++)
                    acc[w] |= f[w];
                }
            }
          if (bfs->in_offset != NULL)
            for (guint i = bfs->in_offset[v]; i < bfs->in_offset[v + 1]; i++)
              {
                const guint64 *f = bfs->clique_frontier + (gsize) bfs->in_clique[i] * words;

                for (guint w = 0; w < words; w++)
                  acc[w] |= f[w];
              }
          for (guint w = 0; w < words; w++)
            {
              acc[w] &= ~vis[w];
              nxt[w] = acc[w];
              vis[w] |= acc[w];
              fresh |= acc[w];
              done &= vis[w] == full[w];
            }
          if (fresh != 0)
            {
              visit (level, v, acc, words, data);
              progress = TRUE;
            }
          if (!done)
            bfs->active[keep++] = v;
          else if (bfs->goal != NULL && bfs->goal[v])
            goals_left--;
        }
      n_active = keep;
      swap = bfs->frontier;
      bfs->frontier = bfs->next;
      bfs->next = swap;
      if (!progress || (bfs->goal != NULL && goals_left == 0))
        break;
    }
}
