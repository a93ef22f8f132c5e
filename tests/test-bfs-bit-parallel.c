/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-bfs-bit-parallel.c: the bit-parallel search against one plain breadth-first search per
 * source, on random directed graphs with and without cliques, allowed masks, goals and a node
 * blocked per source, in batches of 1 to 16 words. */
#include <string.h>

#include "bfs-bit-parallel-private.h"
#include "test-util.h"

typedef struct
{
  guint   n;
  guint   words;
  guint  *first_seen;   /* n_sources x n: level + 1 the search first reached a node, 0: never */
  guint   n_sources;
} Seen;

static void
record (guint          level,
        guint32        node,
        const guint64 *fresh,
        guint          words,
        gpointer       data)
{
  Seen *s = data;

  g_assert_cmpuint (words, <=, s->words);
  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      {
        guint i = w * 64 + (guint) __builtin_ctzll (bits);

        g_assert_cmpuint (i, <, s->n_sources);
        g_assert_cmpuint (s->first_seen[(gsize) i * s->n + node], ==, 0);
        s->first_seen[(gsize) i * s->n + node] = level + 1;
      }
}

/* Levels from @source over the lists' edges and the cliques, pulling as the search does (v hears
 * from target[offset[v] ..]), entering only allowed nodes; G_MAXUINT: never. */
static void
plain_bfs (guint          n,
           const guint32 *offset,
           const guint32 *target,
           guint          n_cliques,
           const guint32 *c_offset,
           const guint32 *member,
           const guint8  *allowed,
           guint32        source,
           guint         *level)
{
  gboolean changed = TRUE;

  for (guint v = 0; v < n; v++)
    level[v] = G_MAXUINT;
  level[source] = 0;
  /* Bellman-Ford over unit weights: small graphs, and no shared code with the kernel. */
  while (changed)
    {
      changed = FALSE;
      for (guint v = 0; v < n; v++)
        {
          guint best = level[v];

          if (!allowed[v])
            continue;
          for (guint e = offset[v]; e < offset[v + 1]; e++)
            if (level[target[e]] != G_MAXUINT)
              best = MIN (best, level[target[e]] + 1);
          for (guint c = 0; c < n_cliques; c++)
            {
              gboolean in = FALSE;

              for (guint i = c_offset[c]; i < c_offset[c + 1]; i++)
                in |= member[i] == v;
              for (guint i = c_offset[c]; in && i < c_offset[c + 1]; i++)
                if (member[i] != v && level[member[i]] != G_MAXUINT)
                  best = MIN (best, level[member[i]] + 1);
            }
          if (best < level[v])
            {
              level[v] = best;
              changed = TRUE;
            }
        }
    }
}

static void
check_random (gboolean with_cliques,
              gboolean with_allowed,
              gboolean with_goal,
              gboolean with_blocked)
{
  for (guint round = 0; round < 40; round++)
    {
      guint n = (guint) g_test_rand_int_range (2, 160), n_edges = 0, n_cliques = 0;
      guint n_sources = (guint) g_test_rand_int_range (1, MIN (n, 100) + 1);
      g_autofree guint32 *offset = g_new0 (guint32, n + 1);
      g_autofree guint32 *target = g_new (guint32, n * 4 + 1);
      g_autofree guint32 *c_offset = g_new0 (guint32, 9);
      g_autofree guint32 *member = g_new (guint32, 8 * 12);
      g_autofree guint8 *allowed = g_new (guint8, n);
      g_autofree guint8 *goal = g_new (guint8, n);
      g_autofree guint32 *sources = g_new (guint32, n_sources);
      g_autofree guint32 *blocked = g_new (guint32, n_sources);
      g_autofree guint8 *entered = g_new (guint8, n);
      g_autofree guint *level = g_new (guint, n);
      Seen seen = { n, 0, g_new0 (guint, (gsize) n_sources * n), n_sources };
      TfBitBfs bfs;

      for (guint v = 0; v < n; v++)
        {
          guint k = (guint) g_test_rand_int_range (0, 4);

          for (guint j = 0; j < k; j++)
            target[n_edges++] = (guint32) g_test_rand_int_range (0, (gint32) n);
          offset[v + 1] = n_edges;
          allowed[v] = !with_allowed || g_test_rand_int_range (0, 5) > 0;
          goal[v] = g_test_rand_int_range (0, 4) == 0;
        }
      while (with_cliques && n_cliques < 8)
        {
          guint size = (guint) g_test_rand_int_range (2, 13);

          c_offset[n_cliques + 1] = c_offset[n_cliques];
          for (guint i = 0; i < size; i++)
            {
              guint32 v = (guint32) g_test_rand_int_range (0, (gint32) n);
              gboolean again = FALSE;

              for (guint j = c_offset[n_cliques]; j < c_offset[n_cliques + 1]; j++)
                again |= member[j] == v;
              if (!again)
                member[c_offset[n_cliques + 1]++] = v;
            }
          n_cliques++;
        }
      /* Distinct allowed sources. */
      for (guint i = 0, v = (guint) g_test_rand_int_range (0, (gint32) n); i < n_sources; )
        {
          v = (v + 1) % n;
          allowed[v] = 1;
          sources[i++] = v;
        }
      /* A node each source may not enter (itself: nothing), or none. */
      for (guint i = 0; i < n_sources; i++)
        blocked[i] = with_blocked && g_test_rand_int_range (0, 4) > 0
                     ? (guint32) g_test_rand_int_range (0, (gint32) n) : G_MAXUINT32;

      seen.words = (guint) g_test_rand_int_range (1, TF_BIT_BFS_MAX_WORDS + 1);
      tf_bit_bfs_init (&bfs, n, offset, target, with_allowed ? allowed : NULL, 64 * seen.words);
      if (with_cliques)
        tf_bit_bfs_set_cliques (&bfs, n_cliques, c_offset, member);
      if (with_goal)
        tf_bit_bfs_set_goal (&bfs, goal);
      for (guint first = 0; first < n_sources; first += tf_bit_bfs_batch (&bfs))
        {
          guint batch = MIN (tf_bit_bfs_batch (&bfs), n_sources - first);

          seen.first_seen += (gsize) first * n;
          seen.n_sources = batch;
          if (with_blocked)
            tf_bit_bfs_set_blocked (&bfs, blocked + first);
          tf_bit_bfs_run (&bfs, sources + first, batch, record, &seen);
          seen.first_seen -= (gsize) first * n;
        }
      tf_bit_bfs_clear (&bfs);

      for (guint i = 0; i < n_sources; i++)
        {
          if (!with_allowed)
            memset (allowed, 1, n);
          memcpy (entered, allowed, n);
          if (blocked[i] != G_MAXUINT32 && blocked[i] != sources[i])
            entered[blocked[i]] = 0;
          plain_bfs (n, offset, target, n_cliques, c_offset, member, entered, sources[i],
                     level);
          for (guint v = 0; v < n; v++)
            {
              guint got = seen.first_seen[(gsize) i * n + v];
              guint want = v == sources[i] || level[v] == G_MAXUINT ? 0 : level[v] + 1;

              /* With a goal the search may end before it reaches nodes off the goal. */
              if (got != want && !(with_goal && !goal[v] && got == 0))
                g_error ("round %u, n %u, source %u, node %u: level %d, want %d", round, n,
                         sources[i], v, (int) got - 1, (int) want - 1);
            }
        }
      g_free (seen.first_seen);
    }
}

static void
test_edges (void)
{
  check_random (FALSE, FALSE, FALSE, FALSE);
  check_random (FALSE, TRUE, FALSE, FALSE);
}

static void
test_cliques (void)
{
  check_random (TRUE, FALSE, FALSE, FALSE);
  check_random (TRUE, TRUE, FALSE, FALSE);
}

/* A goal ends the search early, never before its nodes are all reached. */
static void
test_goal (void)
{
  check_random (FALSE, FALSE, TRUE, FALSE);
  check_random (TRUE, TRUE, TRUE, FALSE);
}

/* A source blocked from a node searches the graph without it (a failure), whatever the other
 * sources of its batch are blocked from. */
static void
test_blocked (void)
{
  check_random (FALSE, FALSE, FALSE, TRUE);
  check_random (TRUE, TRUE, FALSE, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/bfs-bit-parallel/edges", test_edges);
  g_test_add_func ("/engine/bfs-bit-parallel/cliques", test_cliques);
  g_test_add_func ("/engine/bfs-bit-parallel/goal", test_goal);
  g_test_add_func ("/engine/bfs-bit-parallel/blocked", test_blocked);

  return g_test_run ();
}
