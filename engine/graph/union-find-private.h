/* SPDX-License-Identifier: GPL-3.0-or-later */
/* union-find-private.h: disjoint sets over 0 .. n - 1 in one array (uf[x] == x at a root), with
 * path halving: the one union-find of the graph algorithms and the evaluator. Start with
 * uf[x] = x for every x. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline guint32
tf_uf_find (guint32 *uf,
            guint32  x)
{
  while (uf[x] != x)
    x = uf[x] = uf[uf[x]];
  return x;
}

/* Joins the sets of @x and @y under the smaller root, so roots stay the smallest of the roots
 * joined. */
static inline void
tf_uf_join (guint32 *uf,
            guint32  x,
            guint32  y)
{
  x = tf_uf_find (uf, x);
  y = tf_uf_find (uf, y);
  if (x != y)
    uf[MAX (x, y)] = MIN (x, y);
}

G_END_DECLS
