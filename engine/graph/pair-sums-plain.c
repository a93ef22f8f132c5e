/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pair-sums-plain.c: the plain sources of the per-source pair sums (pair-sums.c), those that
 * need no failure analysis (none fails, or TfPairSums.failure_stride leaves them out), searched
 * PLAIN_WORDS x 64 at once by the bit-parallel search (bfs-bit-parallel.c): the hop sums,
 * eccentricity, reach and hop-table rows a plain search from each would give.
 */
#include "quotient-private.h"
#include "bfs-bit-parallel-private.h"

#include <string.h>

/* Sources a pass takes: 64 a word. */
#define PLAIN_WORDS 4u

typedef struct
{
  const TfQuotient *q;
  const guint64    *w;
  guint64           row[64 * PLAIN_WORDS];
  guint64           reached[64 * PLAIN_WORDS];
  guint             ecc[64 * PLAIN_WORDS];
  guint16          *rows[64 * PLAIN_WORDS];   /* each source's hop-table row, or NULL */
} Plain;

static void
plain_visit (guint          level,
             guint32        node,
             const guint64 *fresh,
             guint          words,
             gpointer       data)
{
  Plain *p = data;
  guint64 size = tf_quotient_weight (p->q, node), wt = p->w[node];
  guint32 column = p->q->class_rep[node];
  guint16 hops = (guint16) MIN (level, G_MAXUINT16 - 1u);

  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      {
        guint32 i = w * 64 + (guint32) __builtin_ctzll (bits);

        p->reached[i] += size;
        if (wt > 0)
          {
            p->row[i] += wt * level;
            p->ecc[i] = MAX (p->ecc[i], level);
          }
        if (p->rows[i] != NULL)
          p->rows[i][column] = hops;
      }
}

/* Searches the plain sources @source (@n of them) and adds what each gives to @ps. */
gboolean
tf_pair_sums_plain_sources (const TfQuotient *q,
                            const guint64    *w,
                            TfPairSums       *ps,
                            const guint32    *source,
                            guint             n,
                            GError          **error)
{
  TfBitBfs bfs;
  gboolean ok = TRUE;
  g_autofree Plain *p = g_new0 (Plain, 1);

  p->q = q;
  p->w = w;
  tf_bit_bfs_init (&bfs, q->n_classes, q->h_offset, q->h_target, NULL, 64 * PLAIN_WORDS);
  for (guint start = 0; start < n && ok; start += 64 * PLAIN_WORDS)
    {
      guint k = MIN (n - start, 64 * PLAIN_WORDS);

      memset (p->row, 0, sizeof p->row);
      memset (p->reached, 0, sizeof p->reached);
      memset (p->ecc, 0, sizeof p->ecc);
      for (guint i = 0; i < k; i++)
        {
          guint32 s = source[start + i];

          p->rows[i] = tf_pair_sums_source_row (q, ps, s);
          if (p->rows[i] != NULL)
            {
              for (guint c = 0; c < q->n_classes; c++)
                p->rows[i][q->class_rep[c]] = G_MAXUINT16;
              p->rows[i][q->class_rep[s]] = 0;
            }
        }
      tf_bit_bfs_run (&bfs, source + start, k, plain_visit, p);
      for (guint i = 0; i < k && ok; i++)
        {
          guint32 s = source[start + i];
          guint64 ws = tf_quotient_weight (q, s);
          guint64 times = ps->orbits != NULL ? ps->orbits->orbit_size[s] : 1;

          ok = tf_pair_sums_source_done (q, ps, s, FALSE, ws * (ws - 1), times, p->row[i],
                                         p->ecc[i], p->reached[i], NULL, error);
        }
    }
  tf_bit_bfs_clear (&bfs);
  return ok;
}
