/* SPDX-License-Identifier: GPL-3.0-or-later */
/* group-rotation.c: Layer 1's failure analysis of a graph whose groups rotate onto groups
 * (Dragonfly, Dragonfly+: the rotation a family declares, group-rotation-private.h), from one
 * group's chips, exactly.
 *
 * - The filled graph. A Dragonfly's endpoints fill its groups in order, so its last group is
 *   mostly partly filled and the rotation is no automorphism of the graph itself. Fill the
 *   empty places of the last group with chips copied from the group before through the
 *   rotation; the declared rotation must be an automorphism of that filled graph F, checked
 *   link by link (the image of every link is a link). The added chips must change no distance:
 *   each component of them hangs off switches alone, every two of them linked or with two
 *   neighbours in common (checked). A path through the component from one of those switches
 *   to another takes two hops or more, and one back to the same switch is a detour; with one
 *   switch failed, two others are still at most two hops apart outside it. So every distance
 *   between the graph's own nodes, whole or with one switch failed, and every pair one failure
 *   cuts, is F's: Layer 1 may search F, counting the graph's own chips alone as targets.
 * - One group's sources. Write f (x, t) for the hops from chip x to chip t, or their change
 *   summed over the switch failures, or the failures that cut the pair. An automorphism phi of F
 *   permutes the switches, so f (phi x, phi t) = f (x, t). Every chip class of F lies in one
 *   group (checked), so phi^0 .. phi^(g-1) take a class of group 0 to one class in each group,
 *   and the sum of f over the graph's ordered chip pairs is the sum over the classes x of
 *   group 0 and every class t of f (x, t) times
 *     W (x, t) = the sum over k of p (phi^k x) p (phi^k t)
 *   (p: the graph's own chips in a class), plus, for the pairs inside a class, the sum over k
 *   of p (phi^k x) (p (phi^k x) - 1) at the twins' distance. Every sum Layer 1 keeps is linear
 *   in its target weights: each source's searches run with W (TfPairSums.source_weights).
 * - Fewer sources still. Two classes x and y of group 0 that an automorphism fixing every switch
 *   (a swap of alike chip components, or one inside a component: chip-orbits.c) takes one to
 *   the other give the same sum when the rotation carries it, in every group, to one that keeps
 *   p: then y's weights are x's moved by it. Checked over the two components' classes.
 *
 * A 1,024-chip Dragonfly of g groups is then searched from one group's chips instead of
 * every leaf's, g times fewer, whether its last group is full or not.
 */
#include "group-rotation-private.h"

#include <stdlib.h>
#include <string.h>

static inline guint64
pair_key (guint32 a,
          guint32 b)
{
  return ((guint64) MIN (a, b) << 32) | MAX (a, b);
}

static gboolean
has_pair (const guint64 *pairs,
          guint          n,
          guint64        key)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (pairs[mid] < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < n && pairs[lo] == key;
}

/* Sorts and drops repeats; returns how many are left. */
static guint
sort_unique (guint64 *keys,
             guint    n)
{
  guint k = 0;

  qsort (keys, n, sizeof (guint64), tf_guint64_compare);
  for (guint i = 0; i < n; i++)
    if (k == 0 || keys[k - 1] != keys[i])
      keys[k++] = keys[i];
  return k;
}

static guint32
uf_find (guint32 *uf,
         guint32  x)
{
  while (uf[x] != x)
    x = uf[x] = uf[uf[x]];
  return x;
}

/* Whether switches @u and @v of the graph (@offset, @target: its neighbours) are linked or
 * have two neighbours in common: then one failure leaves them at most two hops apart. */
static gboolean
close_pair (const guint32 *offset,
            const guint32 *target,
            guint32        u,
            guint32        v,
            guint32       *mark,
            guint32       *token)
{
  guint common = 0;

  (*token)++;
  for (guint e = offset[u]; e < offset[u + 1]; e++)
    mark[target[e]] = *token;
  if (mark[v] == *token)
    return TRUE;
  for (guint e = offset[v]; e < offset[v + 1] && common < 2; e++)
    common += mark[target[e]] == *token;
  return common >= 2;
}

/* Whether every component of the added chips [@n, @n_full) hangs off switches alone (nodes
 * @n_full and above), at least one, every two of them linked or with two neighbours in common
 * in the graph (@offset, @target): a path through the component between two of them is two
 * hops or more, and one switch failure leaves them two hops apart at most. @nb_off and @nb
 * hold the added chips' neighbours. */
static gboolean
added_chips_harmless (guint           n,
                      guint           n_full,
                      const guint32  *nb_off,
                      const guint32  *nb,
                      guint           n_nodes,
                      const guint32  *offset,
                      const guint32  *target)
{
  guint n_added = n_full - n;
  g_autofree guint32 *uf = g_new (guint32, MAX (n_added, 1));
  g_autofree guint32 *mark = g_new0 (guint32, MAX (n_nodes, 1));
  g_autofree TfKeyed *hang = NULL;
  guint n_hang = 0;
  guint32 token = 0;

  for (guint32 i = 0; i < n_added; i++)
    uf[i] = i;
  for (guint32 i = 0; i < n_added; i++)
    for (guint e = nb_off[i]; e < nb_off[i + 1]; e++)
      if (nb[e] >= n && nb[e] < n_full)
        {
          guint32 x = uf_find (uf, i), y = uf_find (uf, nb[e] - n);

          uf[MAX (x, y)] = MIN (x, y);
        }
      else if (nb[e] < n)
        return FALSE;   /* linked to one of the graph's chips */
  /* Each component's switches, by component. */
  hang = g_new (TfKeyed, MAX (nb_off[n_added], 1));
  for (guint32 i = 0; i < n_added; i++)
    for (guint e = nb_off[i]; e < nb_off[i + 1]; e++)
      if (nb[e] >= n_full)
        hang[n_hang++] = (TfKeyed) { uf_find (uf, i), nb[e] };
  qsort (hang, n_hang, sizeof (TfKeyed), tf_keyed_compare);
  for (guint h = 0; h < n_hang; h++)
    uf[hang[h].key] = G_MAXUINT32;   /* a component with a switch: its root marked */
  for (guint32 i = 0; i < n_added; i++)
    if (uf[i] == i)
      return FALSE;   /* cut off: no switch */
  for (guint i = 0, j; i < n_hang; i = j)
    {
      for (j = i + 1; j < n_hang && hang[j].key == hang[i].key; j++)
        ;
      for (guint a = i; a < j; a++)
        for (guint b = a + 1; b < j; b++)
          if (hang[a].node != hang[b].node
              && !close_pair (offset, target, hang[a].node, hang[b].node, mark, &token))
            return FALSE;
    }
  return TRUE;
}

gboolean
tf_rotated_graph_init (TfRotatedGraph        *r,
                       const TfNetworkGraph  *graph,
                       const TfGroupRotation *rotation)
{
  guint g = rotation->n_group, w = rotation->group_switches, m = rotation->group_chips;
  guint n = graph->n_chip, n_full, n_nodes, n_own = 0, n_pairs;
  g_autofree guint32 *image = NULL;
  g_autofree guint64 *pairs = NULL;
  g_autofree guint32 *offset = NULL;
  g_autofree guint32 *target = NULL;
  g_autofree guint32 *nb_off = NULL;
  GArray *nb;
  gboolean ok;

  memset (r, 0, sizeof *r);
  if (g < 2 || w == 0 || m == 0 || (guint64) g * w != graph->n_switch
      || (guint64) g * m + graph->n_switch >= G_MAXUINT32 / 2 || n == 0 || n > g * m)
    return FALSE;
  n_full = g * m;
  n_nodes = n_full + graph->n_switch;
  image = g_new (guint32, n_nodes);
  for (guint32 v = 0; v < n_full; v++)
    image[v] = v + m < n_full ? v + m : v + m - n_full;
  for (guint32 i = 0; i < graph->n_switch; i++)
    image[n_full + i] = n_full + (i + w < graph->n_switch ? i + w : i + w - graph->n_switch);

  /* The graph's links as pairs of the filled graph's nodes. */
  pairs = g_new (guint64, (gsize) graph->n_links + 1);
  for (guint i = 0; i < graph->n_links; i++)
    {
      guint32 a = graph->links[i].a, b = graph->links[i].b;

      if (a != b)
        pairs[n_own++] = pair_key (a < n ? a : a - n + n_full, b < n ? b : b - n + n_full);
    }
  n_own = sort_unique (pairs, n_own);
  /* First the pairs whose images are the graph's own: an edited graph mostly fails here. */
  for (guint i = 0; i < n_own; i++)
    {
      guint32 a = image[pairs[i] >> 32], b = image[pairs[i] & G_MAXUINT32];

      if ((a >= n && a < n_full) || (b >= n && b < n_full))
        continue;
      if (!has_pair (pairs, n_own, pair_key (a, b)))
        return FALSE;
    }

  /* The added chips, in order: chip u copies u - m (the graph's, or added before it), its
   * neighbours moved by the rotation. */
  offset = g_new0 (guint32, (gsize) n_nodes + 1);
  target = g_new (guint32, 2 * (gsize) n_own + 1);
  for (guint i = 0; i < n_own; i++)
    {
      offset[(pairs[i] >> 32) + 1]++;
      offset[(pairs[i] & G_MAXUINT32) + 1]++;
    }
  for (guint v = 0; v < n_nodes; v++)
    offset[v + 1] += offset[v];
  {
    g_autofree guint32 *fill = g_memdup2 (offset, sizeof (guint32) * n_nodes);

    for (guint i = 0; i < n_own; i++)
      {
        guint32 a = pairs[i] >> 32, b = pairs[i] & G_MAXUINT32;

        target[fill[a]++] = b;
        target[fill[b]++] = a;
      }
  }
  nb_off = g_new (guint32, (gsize) (n_full - n) + 1);
  nb = g_array_new (FALSE, FALSE, sizeof (guint32));
  nb_off[0] = 0;
  for (guint32 u = n; u < n_full; u++)
    {
      guint32 pre = u - m;
      const guint32 *from;
      guint degree;

      if (pre < n)
        {
          from = target + offset[pre];
          degree = offset[pre + 1] - offset[pre];
        }
      else
        {
          from = &g_array_index (nb, guint32, nb_off[pre - n]);
          degree = nb_off[pre - n + 1] - nb_off[pre - n];
        }
      for (guint e = 0; e < degree; e++)
        {
          guint32 b = image[from[e]];

          g_array_append_val (nb, b);
          /* (the array may have moved: read from it again) */
          if (pre >= n)
            from = &g_array_index (nb, guint32, nb_off[pre - n]);
        }
      nb_off[u - n + 1] = nb->len;
    }
  n_pairs = n_own;
  pairs = g_renew (guint64, pairs, (gsize) n_own + nb->len + 1);
  for (guint32 u = n; u < n_full; u++)
    for (guint e = nb_off[u - n]; e < nb_off[u - n + 1]; e++)
      {
        guint32 b = g_array_index (nb, guint32, e);

        if (!(b >= n && b < u))   /* a pair of added chips once, from the later */
          pairs[n_pairs++] = pair_key (u, b);
      }
  ok = added_chips_harmless (n, n_full, nb_off, (const guint32 *) (void *) nb->data, n_nodes,
                             offset, target);
  g_array_free (nb, TRUE);
  if (!ok)
    return FALSE;
  n_pairs = sort_unique (pairs, n_pairs);

  /* The rotation maps every link of the filled graph onto a link: a bijection of the nodes, so
   * of the links too. */
  for (guint i = 0; i < n_pairs; i++)
    if (!has_pair (pairs, n_pairs,
                   pair_key (image[pairs[i] >> 32], image[pairs[i] & G_MAXUINT32])))
      return FALSE;

  r->n_chip = n;
  r->n_group = g;
  r->group_chips = m;
  r->image = g_steal_pointer (&image);
  r->full.n_chip = n_full;
  r->full.n_switch = graph->n_switch;
  r->full.n_links = n_pairs;
  r->full.links = g_new0 (TfLink, MAX (n_pairs, 1));
  for (guint i = 0; i < n_pairs; i++)
    {
      r->full.links[i].a = pairs[i] >> 32;
      r->full.links[i].b = pairs[i] & G_MAXUINT32;
      r->full.links[i].multiplicity = 1;
    }
  return TRUE;
}

void
tf_rotated_graph_clear (TfRotatedGraph *r)
{
  g_free (r->full.links);
  g_free (r->image);
  memset (r, 0, sizeof *r);
}

/* Whether the automorphism of @orbits taking class @x to class @y (both of group 0) keeps the
 * graph's own chips in every group: p (phi^k u) = p (phi^k psi (u)) over the classes u it moves,
 * those of x's and y's components. */
static gboolean
keeps_present (const TfRotatedSources *rs,
               const TfChipOrbits     *o,
               guint32                 y,
               guint32                 x)
{
  guint nc = rs->q->n_chip_classes;
  guint32 a = o->component[x], b = o->component[y];

  for (guint side = 0; side < (a == b ? 1u : 2u); side++)
    {
      guint32 comp = side == 0 ? b : a;

      for (guint i = o->offset[comp]; i < o->offset[comp + 1]; i++)
        {
          guint32 u = o->classes[i], v = tf_chip_orbits_image (o, y, u);

          if (v == TF_UNREACHED)
            v = x;
          for (guint k = 0; k < rs->n_group; k++)
            if (rs->turned[(gsize) k * nc + u] != rs->turned[(gsize) k * nc + v])
              return FALSE;
        }
    }
  return TRUE;
}

gboolean
tf_rotated_sources_init (TfRotatedSources     *rs,
                         const TfRotatedGraph *r,
                         const TfQuotient     *q,
                         const TfChipOrbits   *orbits)
{
  guint nc = q->n_chip_classes, g = r->n_group, m = r->group_chips;
  g_autofree guint32 *cur = g_new (guint32, MAX (nc, 1));

  memset (rs, 0, sizeof *rs);
  /* Each chip class inside one group, so the rotation moves it to another. */
  for (guint32 v = 0; v < q->n_chip; v++)
    if (q->class_rep[q->class_of[v]] / m != v / m)
      return FALSE;

  rs->q = q;
  rs->n_group = g;
  rs->present = g_new0 (guint64, MAX (q->n_classes, 1));
  for (guint32 v = 0; v < r->n_chip; v++)
    rs->present[q->class_of[v]]++;
  rs->turned = g_new (guint32, (gsize) g * MAX (nc, 1));
  for (guint32 c = 0; c < nc; c++)
    cur[c] = c;
  for (guint k = 0; k < g; k++)
    for (guint32 c = 0; c < nc; c++)
      {
        rs->turned[(gsize) k * nc + c] = (guint32) rs->present[cur[c]];
        cur[c] = q->class_of[r->image[q->class_rep[cur[c]]]];
      }

  rs->times = g_new0 (guint64, MAX (nc, 1));
  for (guint32 c = 0; c < nc; c++)
    if (q->class_rep[c] < m)
      {
        guint32 x = orbits != NULL ? orbits->source[c] : c;

        if (x != c && (q->class_rep[x] >= m || !keeps_present (rs, orbits, c, x)))
          x = c;
        rs->times[x]++;
      }
  return TRUE;
}

void
tf_rotated_sources_clear (TfRotatedSources *rs)
{
  g_free (rs->present);
  g_free (rs->turned);
  g_free (rs->times);
  memset (rs, 0, sizeof *rs);
}

void
tf_rotated_source_weights (gpointer  data,
                           guint32   s,
                           guint64  *w,
                           guint64  *within,
                           guint64  *times)
{
  const TfRotatedSources *rs = data;
  const TfQuotient *q = rs->q;
  guint nc = q->n_chip_classes;

  *times = s < nc ? rs->times[s] : 0;
  *within = 0;
  if (*times == 0)
    return;
  memset (w, 0, sizeof (guint64) * q->n_classes);
  for (guint k = 0; k < rs->n_group; k++)
    {
      const guint32 *turned = rs->turned + (gsize) k * nc;
      guint64 ps = turned[s];

      if (ps == 0)
        continue;
      *within += ps * (ps - 1);
      for (guint32 c = 0; c < nc; c++)
        w[c] += ps * turned[c];
    }
  w[s] = 0;
}
