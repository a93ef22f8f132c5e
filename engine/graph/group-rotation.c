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
 *   each component of them hangs off switches alone, every two of them linked, or with a chip
 *   or two switches as neighbours in common (checked). A path through the component from one
 *   of those switches to another takes two hops or more, and one back to the same switch is a
 *   detour; with one switch failed (chips do not fail), two others are still at most two hops
 *   apart outside it. So every distance
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
#include "bfs-bit-parallel-private.h"
#include "union-find-private.h"

#include <stdlib.h>
#include <string.h>

/* Whether switches @u and @v of the graph (@offset, @target: its distinct neighbours; chips
 * below @n_chip) are linked, or have a chip or two switches as neighbours in common: then one
 * switch failure leaves them two hops apart at most (chips do not fail). */
static gboolean
close_pair (const guint32 *offset,
            const guint32 *target,
            guint          n_chip,
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
    if (mark[target[e]] == *token)
      common += target[e] < n_chip ? 2 : 1;
  return common >= 2;
}

/* Whether every component of the added chips (@n_added of them, full's chips from @n on,
 * @nb_off and @nb their neighbours in full's numbering) hangs off switches alone, at least
 * one, every two of them close in the graph @q (close_pair (); its switch i is full's
 * @n_full + i): a path through the component between two of them takes two hops or more, and
 * one switch failure leaves them two hops apart at most outside it. */
static gboolean
added_chips_harmless (const TfQuotient *q,
                      guint             n_full,
                      guint             n_added,
                      const guint32    *nb_off,
                      const guint32    *nb,
                      guint32          *mark,
                      guint32          *token)
{
  guint n = q->n_chip;
  g_autofree guint32 *uf = g_new (guint32, MAX (n_added, 1));
  g_autofree TfKeyed *hang = g_new (TfKeyed, MAX (nb_off[n_added], 1));
  guint n_hang = 0;

  for (guint32 i = 0; i < n_added; i++)
    uf[i] = i;
  for (guint32 i = 0; i < n_added; i++)
    for (guint e = nb_off[i]; e < nb_off[i + 1]; e++)
      if (nb[e] < n)
        return FALSE;   /* linked to one of the graph's chips */
      else if (nb[e] < n_full)
        {
          guint32 x = tf_uf_find (uf, i), y = tf_uf_find (uf, nb[e] - n);

          uf[MAX (x, y)] = MIN (x, y);
        }
  /* Each component's switches (as the graph numbers them), by component. */
  for (guint32 i = 0; i < n_added; i++)
    for (guint e = nb_off[i]; e < nb_off[i + 1]; e++)
      if (nb[e] >= n_full)
        hang[n_hang++] = (TfKeyed) { tf_uf_find (uf, i), nb[e] - n_full + n };
  tf_keyed_sort (hang, n_hang);
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
              && !close_pair (q->offset, q->target, n, hang[a].node, hang[b].node, mark, token))
            return FALSE;
    }
  return TRUE;
}

gboolean
tf_rotated_graph_init (TfRotatedGraph        *r,
                       const TfNetworkGraph  *graph,
                       const TfQuotient      *own,
                       const TfGroupRotation *rotation)
{
  guint g = rotation->n_group, w = rotation->group_switches, m = rotation->group_chips;
  guint n = graph->n_chip, n_switch = graph->n_switch, n_full, n_nodes, n_added, n_links = 0;
  g_autofree guint32 *image = NULL;
  g_autofree guint32 *nb_off = NULL;
  g_autofree guint32 *offset = NULL;
  g_autofree guint32 *target = NULL;
  g_autofree guint32 *mark = NULL;
  GArray *nb;
  guint32 token = 0;
  gboolean ok;

  memset (r, 0, sizeof *r);
  if (g < 2 || w == 0 || m == 0 || (guint64) g * w != n_switch
      || (guint64) g * m + n_switch >= G_MAXUINT32 / 2 || n == 0 || n > g * m
      || own->n_nodes != n + n_switch)
    return FALSE;
  n_full = g * m;
  n_nodes = n_full + n_switch;
  n_added = n_full - n;
  image = g_new (guint32, n_nodes);
  for (guint32 v = 0; v < n_full; v++)
    image[v] = v + m < n_full ? v + m : v + m - n_full;
  for (guint32 i = 0; i < n_switch; i++)
    image[n_full + i] = n_full + (i + w < n_switch ? i + w : i + w - n_switch);
#define FULL(v) ((v) < n ? (v) : (v) - n + n_full)   /* a node of the graph in full */

  /* The added chips, in order: chip u copies u - m (the graph's, or added before it), its
   * neighbours moved by the rotation. */
  nb_off = g_new (guint32, (gsize) n_added + 1);
  nb = g_array_new (FALSE, FALSE, sizeof (guint32));
  nb_off[0] = 0;
  for (guint32 u = n; u < n_full; u++)
    {
      guint32 pre = u - m;

      if (pre < n)
        for (guint e = own->offset[pre]; e < own->offset[pre + 1]; e++)
          {
            guint32 b = image[FULL (own->target[e])];

            g_array_append_val (nb, b);
          }
      else
        for (guint e = nb_off[pre - n]; e < nb_off[pre - n + 1]; e++)
          {
            guint32 b = image[g_array_index (nb, guint32, e)];

            g_array_append_val (nb, b);
          }
      nb_off[u - n + 1] = nb->len;
    }
  mark = g_new0 (guint32, MAX (n_nodes, own->n_nodes));
  ok = added_chips_harmless (own, n_full, n_added, nb_off, (const guint32 *) (void *) nb->data,
                             mark, &token);

  /* The filled graph's neighbours: the graph's, then the added chips linked to them. */
  offset = g_new0 (guint32, (gsize) n_nodes + 1);
  for (guint32 v = 0; ok && v < own->n_nodes; v++)
    offset[FULL (v) + 1] = own->offset[v + 1] - own->offset[v];
  for (guint32 u = n; ok && u < n_full; u++)
    {
      offset[u + 1] = nb_off[u - n + 1] - nb_off[u - n];
      for (guint e = nb_off[u - n]; e < nb_off[u - n + 1]; e++)
        if (g_array_index (nb, guint32, e) >= n_full)
          offset[g_array_index (nb, guint32, e) + 1]++;
    }
  for (guint32 x = 0; ok && x < n_nodes; x++)
    offset[x + 1] += offset[x];
  if (ok)
    {
      g_autofree guint32 *fill = g_memdup2 (offset, sizeof (guint32) * n_nodes);

      target = g_new (guint32, (gsize) offset[n_nodes] + 1);
      for (guint32 v = 0; v < own->n_nodes; v++)
        for (guint e = own->offset[v]; e < own->offset[v + 1]; e++)
          target[fill[FULL (v)]++] = FULL (own->target[e]);
      for (guint32 u = n; u < n_full; u++)
        for (guint e = nb_off[u - n]; e < nb_off[u - n + 1]; e++)
          {
            guint32 b = g_array_index (nb, guint32, e);

            target[fill[u]++] = b;
            if (b >= n_full)
              target[fill[b]++] = u;
          }
    }
  g_array_free (nb, TRUE);
#undef FULL

  /* The rotation maps every node's neighbours onto its image's: an automorphism. */
  for (guint32 x = 0; ok && x < n_nodes; x++)
    {
      guint32 y = image[x];

      if (offset[x + 1] - offset[x] != offset[y + 1] - offset[y])
        ok = FALSE;
      token++;
      for (guint e = offset[y]; ok && e < offset[y + 1]; e++)
        mark[target[e]] = token;
      for (guint e = offset[x]; ok && e < offset[x + 1]; e++)
        ok = mark[image[target[e]]] == token;
    }
  if (!ok)
    return FALSE;

  r->n_chip = n;
  r->n_group = g;
  r->group_chips = m;
  r->image = g_steal_pointer (&image);
  r->full.n_chip = n_full;
  r->full.n_switch = n_switch;
  r->full.links = g_new0 (TfLink, MAX (offset[n_nodes] / 2, 1));
  for (guint32 x = 0; x < n_nodes; x++)
    for (guint e = offset[x]; e < offset[x + 1]; e++)
      if (x < target[e])
        r->full.links[n_links++] = (TfLink) { .a = x, .b = target[e], .multiplicity = 1 };
  r->full.n_links = n_links;
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

/* Whether components @a and @b of @orbits (alike, position by position) hold, position by
 * position, classes with the same chips of the graph's in every group: then swapping them keeps
 * the graph's chips in place in every group. */
static gboolean
same_presence (const TfRotatedSources *rs,
               const TfChipOrbits     *o,
               guint32                 a,
               guint32                 b)
{
  guint nc = rs->q->n_chip_classes;

  for (guint i = 0; i < o->offset[a + 1] - o->offset[a]; i++)
    {
      guint32 u = o->classes[o->offset[a] + i], v = o->classes[o->offset[b] + i];

      for (guint k = 0; k < rs->n_group; k++)
        if (rs->turned[(gsize) k * nc + u] != rs->turned[(gsize) k * nc + v])
          return FALSE;
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
  rs->sum_turned = g_new0 (guint64, MAX (nc, 1));
  for (guint k = 0; k < g; k++)
    for (guint32 c = 0; c < nc; c++)
      {
        rs->turned[(gsize) k * nc + c] = (guint32) rs->present[cur[c]];
        rs->sum_turned[c] += rs->present[cur[c]];
        cur[c] = q->class_of[r->image[q->class_rep[cur[c]]]];
      }

  /* A class whose source's swap moves the graph's chips may still swap with a class searched
   * already in place of it (that source's others, @next from @first), when both come from the
   * source by swaps of whole components alone. */
  rs->times = g_new0 (guint64, MAX (nc, 1));
  {
    g_autofree guint32 *first = g_new (guint32, MAX (nc, 1));
    g_autofree guint32 *next = g_new (guint32, MAX (nc, 1));

    for (guint32 c = 0; c < nc; c++)
      first[c] = TF_UNREACHED;
    for (guint32 c = 0; c < nc; c++)
      if (q->class_rep[c] < m)
        {
          guint32 x = orbits != NULL ? orbits->source[c] : c, y;

          if (x == c || (q->class_rep[x] < m && keeps_present (rs, orbits, c, x)))
            {
              rs->times[x]++;
              continue;
            }
          for (y = first[x]; y != TF_UNREACHED; y = next[y])
            if (q->class_rep[x] < m && orbits->perm[c] == TF_UNREACHED
                && orbits->perm[y] == TF_UNREACHED
                && same_presence (rs, orbits, orbits->component[y], orbits->component[c]))
              break;
          if (y == TF_UNREACHED)
            {
              y = c;
              next[c] = first[x];
              first[x] = c;
            }
          rs->times[y]++;
        }
  }
  return TRUE;
}

void
tf_rotated_sources_clear (TfRotatedSources *rs)
{
  g_free (rs->present);
  g_free (rs->turned);
  g_free (rs->sum_turned);
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
  guint64 size;

  *times = s < nc ? rs->times[s] : 0;
  *within = 0;
  if (*times == 0)
    return;
  /* W (s, t) = the sum over k of p_k (s) p_k (t), where p_k (s) is s's size but in the groups
   * partly filled: size x (the sum over k of p_k (t)), less (size - p_k (s)) p_k (t) for those
   * few k. */
  size = q->class_size[s];
  memset (w + nc, 0, sizeof (guint64) * (q->n_classes - nc));
  for (guint32 c = 0; c < nc; c++)
    w[c] = size * rs->sum_turned[c];
  for (guint k = 0; k < rs->n_group; k++)
    {
      const guint32 *turned = rs->turned + (gsize) k * nc;
      guint64 ps = turned[s], short_by = size - ps;

      if (ps > 0)
        *within += ps * (ps - 1);
      if (short_by == 0)
        continue;
      for (guint32 c = 0; c < nc; c++)
        w[c] -= short_by * turned[c];
    }
  w[s] = 0;
}

/* The path sums' bit-parallel search: each chip class t a source i reaches adds W (i, t) times
 * the level, W as tf_rotated_source_weights () makes it: size_i x sum_turned[t], less short x
 * turned[k][t] for each (k, short) of i's in @shorts. */
typedef struct
{
  const TfRotatedSources *rs;
  const guint32 *sources;
  const guint32 *short_offset;   /* per source of the batch: its (k, short) pairs in @shorts */
  const guint64 *shorts;
  guint64        sum;
  guint64        pairs;          /* the pairs reached */
  guint          diameter;
} RotatedSums;

static void
rotated_sums_visit (guint          level,
                    guint32        node,
                    const guint64 *fresh,
                    guint          words,
                    gpointer       data)
{
  RotatedSums *sums = data;
  const TfRotatedSources *rs = sums->rs;
  guint nc = rs->q->n_chip_classes;

  if (node >= nc)
    return;
  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      {
        guint32 i = w * 64 + (guint32) __builtin_ctzll (bits), s = sums->sources[i];
        guint64 weight = rs->q->class_size[s] * rs->sum_turned[node];

        for (guint j = sums->short_offset[i]; j < sums->short_offset[i + 1]; j += 2)
          weight -= sums->shorts[j + 1] * rs->turned[(gsize) sums->shorts[j] * nc + node];
        weight *= rs->times[s];
        sums->sum += weight * level;
        sums->pairs += weight;
        if (weight > 0)
          sums->diameter = MAX (sums->diameter, level);
      }
}

gboolean
tf_rotated_path_sums (const TfNetworkGraph  *graph,
                      const TfGroupRotation *rotation,
                      guint                 *diameter,
                      guint64               *sum)
{
  TfQuotient own, q;
  TfRotatedGraph r;
  TfRotatedSources rs;
  g_auto(TfChipOrbits) orbits = { 0 };
  gboolean ok = FALSE;

  /* The check reads the graph's distinct neighbours alone: no twin classes. */
  tf_quotient_init (&own, graph, FALSE);
  if (!tf_rotated_graph_init (&r, graph, &own, rotation))
    {
      tf_quotient_clear (&own);
      return FALSE;
    }
  tf_quotient_clear (&own);
  tf_quotient_init (&q, &r.full, TRUE);
  tf_chip_orbits_init_fixing_switches (&orbits, &q);
  if (tf_rotated_sources_init (&rs, &r, &q, &orbits))
    {
      guint nc = q.n_chip_classes, n_sources = 0;
      g_autofree guint32 *sources = g_new (guint32, MAX (nc, 1));
      g_autofree guint32 *short_offset = g_new (guint32, (gsize) nc + 1);
      GArray *shorts = g_array_new (FALSE, FALSE, sizeof (guint64));
      RotatedSums sums = { &rs, NULL, NULL, NULL, 0, 0, 0 };
      TfBitBfs b;
      guint batch;

      /* The sources of group 0 (each standing for rs.times classes), their groups short of
       * chips, their twins' pairs (at their distance). */
      short_offset[0] = 0;
      for (guint32 c = 0; c < nc; c++)
        if (rs.times[c] > 0)
          {
            guint64 size = q.class_size[c];

            for (guint64 k = 0; k < rs.n_group; k++)
              {
                guint64 ps = rs.turned[k * nc + c], short_by = size - ps;

                if (ps > 0)
                  {
                    sums.sum += rs.times[c] * ps * (ps - 1) * q.class_twin[c];
                    sums.pairs += rs.times[c] * ps * (ps - 1);
                    if (ps >= 2)
                      sums.diameter = MAX (sums.diameter, q.class_twin[c]);
                  }
                if (short_by > 0)
                  {
                    g_array_append_val (shorts, k);
                    g_array_append_val (shorts, short_by);
                  }
              }
            sources[n_sources++] = c;
            short_offset[n_sources] = shorts->len;
          }
      sums.shorts = (const guint64 *) (void *) shorts->data;
      tf_bit_bfs_init (&b, q.n_classes, q.h_offset, q.h_target, NULL, n_sources);
      batch = tf_bit_bfs_batch (&b);
      for (guint start = 0; start < n_sources; start += batch)
        {
          sums.sources = sources + start;
          sums.short_offset = short_offset + start;
          tf_bit_bfs_run (&b, sources + start, MIN (batch, n_sources - start),
                          rotated_sums_visit, &sums);
        }
      tf_bit_bfs_clear (&b);
      g_array_free (shorts, TRUE);
      /* Every ordered pair of the graph's chips counted once, unless some were not
       * reached. */
      ok = sums.pairs == (guint64) graph->n_chip * (graph->n_chip - 1);
      tf_rotated_sources_clear (&rs);
      *diameter = sums.diameter;
      *sum = sums.sum;
    }
  tf_quotient_clear (&q);
  tf_rotated_graph_clear (&r);
  return ok;
}
