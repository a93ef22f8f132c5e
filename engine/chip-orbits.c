/* SPDX-License-Identifier: GPL-3.0-or-later */
/* chip-orbits.c: interchangeable groups of chips, found on the twin quotient (twin-quotient.c),
 * so that Layer 1 searches from one group of each kind only.
 *
 * - Components. The chip classes joined by chip-to-chip links form components: a board's
 *   chips joined by its ring or mesh, a lone chip. Two components A and B are equivalent when
 *   the map taking the i-th class of A (in class order) to the i-th of B keeps class sizes and
 *   twin kinds, the links inside the component, and every class's switch neighbours. The
 *   permutation swapping A and B that way and fixing every other node (every switch among
 *   them) is then an automorphism of the graph, so from B's i-th class the distances are A's
 *   i-th class's with A's and B's columns swapped, and the change a switch's failure makes is
 *   the same. Equivalence is checked exactly, after grouping by a hash.
 * - Inside a component. A permutation of one component's classes that keeps sizes, twin
 *   kinds, switch neighbours and the links inside (a board ring's rotations and reflections
 *   when all its chips hang off the same switches), fixing every other node, is an
 *   automorphism too. Components of up to MAX_INSIDE classes are searched for them: for each
 *   pair of classes alike, a backtracking search for one mapping the first to the second
 *   (bounded by MAX_STEPS steps; giving up only costs savings). The classes of a component
 *   then fall into orbits, and one class of each orbit of each searched component is a source.
 * - What it finds. The boards under one leaf switch, or under one pair of leaves, of a
 *   fat-tree or a template graph with a board topology, and their chips up to the board's own
 *   symmetry: the chips of a leaf that twins miss because their boards link them. Switches
 *   exchanged are not found (an orbit of a subgroup: fewer savings, never a wrong sum). Only the
 *   failures of switches keep these sums: a chip's or a link's failure is moved by the
 *   automorphisms.
 * - Per chip class y, its source x and the automorphism phi with phi (x) = y: phi is pi, an
 *   automorphism inside x's component A, then the swap of A with y's component B (none when
 *   B is A). The distance from y to a node u is the distance from x to phi^-1 (u): u itself
 *   outside A and B, B's k-th class for A's k-th, A's class at position pi^-1 (k) for B's k-th.
 *   perm holds pi^-1 per class (none: the identity).
 */
#include "structure-private.h"

#include <stdlib.h>
#include <string.h>

#define MAX_INSIDE 64u      /* classes of a component searched for automorphisms inside it */
#define MAX_STEPS  4096u    /* assignments tried per pair of classes */

/* A component's classes by position: colours, and the links inside as bit masks. */
typedef struct
{
  guint    m;
  guint64  colour[MAX_INSIDE];
  guint64  adj[MAX_INSIDE];
  guint32  order[MAX_INSIDE];   /* breadth-first from the class being mapped */
  guint32  parent[MAX_INSIDE];  /* an earlier neighbour in that order */
  guint32  map[MAX_INSIDE];
  guint64  used;
  guint    steps;
} Inside;

/* Whether the map taking position p of component @a to position @map[p] (p itself with @map
 * NULL) of component @b takes class @x onto class @y: the same size and twin kind, and x's
 * neighbours (switches fixed, chips mapped) exactly y's. @mark and @token are scratch. */
static gboolean
maps_onto (const TfChipOrbits *o,
           const TfQuotient   *q,
           guint32             x,
           guint32             y,
           guint32             b,
           const guint32      *map,
           guint32            *mark,
           guint32            *token)
{
  if (q->class_size[x] != q->class_size[y] || q->class_twin[x] != q->class_twin[y]
      || q->h_offset[x + 1] - q->h_offset[x] != q->h_offset[y + 1] - q->h_offset[y])
    return FALSE;
  (*token)++;
  for (guint e = q->h_offset[y]; e < q->h_offset[y + 1]; e++)
    mark[q->h_target[e]] = *token;
  /* Equal degrees and an injective map: every mapped neighbour marked is equality. */
  for (guint e = q->h_offset[x]; e < q->h_offset[x + 1]; e++)
    {
      guint32 z = q->h_target[e], p;

      if (z < q->n_chip_classes)
        {
          p = o->position[z];
          z = o->classes[o->offset[b] + (map != NULL ? map[p] : p)];
        }
      if (mark[z] != *token)
        return FALSE;
    }
  return TRUE;
}

/* Whether the i-th classes of components @a and @b correspond as the top describes. */
static gboolean
equivalent (const TfChipOrbits *o,
            const TfQuotient   *q,
            guint32             a,
            guint32             b,
            guint32            *mark,
            guint32            *token)
{
  guint m = o->offset[a + 1] - o->offset[a];

  if (o->offset[b + 1] - o->offset[b] != m)
    return FALSE;
  for (guint i = 0; i < m; i++)
    if (!maps_onto (o, q, o->classes[o->offset[a] + i], o->classes[o->offset[b] + i], b, NULL,
                    mark, token))
      return FALSE;
  return TRUE;
}

/* A component's hash: what equivalent() compares, position by position. */
static guint64
component_key (const TfChipOrbits *o,
               const TfQuotient   *q,
               guint32             a)
{
  guint64 key = tf_mix64 (o->offset[a + 1] - o->offset[a]);

  for (guint i = o->offset[a]; i < o->offset[a + 1]; i++)
    {
      guint32 x = o->classes[i];
      guint64 h = tf_mix64 (((guint64) q->class_size[x] << 8) | q->class_twin[x]);

      for (guint e = q->h_offset[x]; e < q->h_offset[x + 1]; e++)
        {
          guint32 z = q->h_target[e];

          h += tf_mix64 (z < q->n_chip_classes ? G_GUINT64_CONSTANT (1) << 40 | o->position[z]
                                               : z);
        }
      key = tf_mix64 (key ^ h);  /* chained: positions matter */
    }
  return key;
}

/* The colour of a class: size, twin kind, switch neighbours, links inside its component. */
static guint64
class_colour (const TfQuotient *q,
              guint32           x)
{
  guint64 h = tf_mix64 (((guint64) q->class_size[x] << 8) | q->class_twin[x]), chips = 0;

  for (guint e = q->h_offset[x]; e < q->h_offset[x + 1]; e++)
    if (q->h_target[e] < q->n_chip_classes)
      chips++;
    else
      h += tf_mix64 (q->h_target[e]);
  return tf_mix64 (h ^ tf_mix64 (chips));
}

static void
inside_init (Inside             *in,
             const TfChipOrbits *o,
             const TfQuotient   *q,
             guint32             a)
{
  in->m = o->offset[a + 1] - o->offset[a];
  for (guint i = 0; i < in->m; i++)
    {
      guint32 x = o->classes[o->offset[a] + i];

      in->colour[i] = class_colour (q, x);
      in->adj[i] = 0;
      for (guint e = q->h_offset[x]; e < q->h_offset[x + 1]; e++)
        if (q->h_target[e] < q->n_chip_classes)
          in->adj[i] |= G_GUINT64_CONSTANT (1) << o->position[q->h_target[e]];
    }
}

/* Extends in->map from in->order[t] on; TRUE when a whole automorphism is found. */
static gboolean
extend (Inside *in,
        guint   t)
{
  guint32 v, p;
  guint64 options;

  if (t == in->m)
    return TRUE;
  if (++in->steps > MAX_STEPS)
    return FALSE;
  v = in->order[t];
  p = in->parent[v];
  options = in->adj[in->map[p]] & ~in->used;
  for (; options != 0; options &= options - 1)
    {
      guint32 w = (guint32) __builtin_ctzll (options);
      gboolean fits = in->colour[w] == in->colour[v];

      /* Every neighbour of v mapped so far must go to a neighbour of w. */
      for (guint64 nb = in->adj[v]; fits && nb != 0; nb &= nb - 1)
        {
          guint32 u = (guint32) __builtin_ctzll (nb);

          if (in->map[u] != TF_UNREACHED)
            fits = (in->adj[w] >> in->map[u]) & 1;
        }
      if (!fits)
        continue;
      in->map[v] = w;
      in->used |= G_GUINT64_CONSTANT (1) << w;
      if (extend (in, t + 1))
        return TRUE;
      in->map[v] = TF_UNREACHED;
      in->used &= ~(G_GUINT64_CONSTANT (1) << w);
      if (in->steps > MAX_STEPS)
        return FALSE;
    }
  return FALSE;
}

/* An automorphism of component @a (positions) taking position @i to @j, checked exactly
 * against the switch neighbours, into in->map; FALSE when none was found. */
static gboolean
find_inside (Inside             *in,
             const TfChipOrbits *o,
             const TfQuotient   *q,
             guint32             a,
             guint32             i,
             guint32             j,
             guint32            *mark,
             guint32            *token)
{
  guint head = 0, tail = 0;
  guint64 seen = G_GUINT64_CONSTANT (1) << i;

  in->order[tail++] = i;
  while (head < tail)
    {
      guint32 v = in->order[head++];

      for (guint64 nb = in->adj[v] & ~seen; nb != 0; nb &= nb - 1)
        {
          guint32 u = (guint32) __builtin_ctzll (nb);

          seen |= G_GUINT64_CONSTANT (1) << u;
          in->parent[u] = v;
          in->order[tail++] = u;
        }
    }
  for (guint k = 0; k < in->m; k++)
    in->map[k] = TF_UNREACHED;
  in->map[i] = j;
  in->used = G_GUINT64_CONSTANT (1) << j;
  in->steps = 0;
  if (!extend (in, 1))
    return FALSE;
  /* Colours are hashes: check the classes themselves. */
  for (guint k = 0; k < in->m; k++)
    if (!maps_onto (o, q, o->classes[o->offset[a] + k], o->classes[o->offset[a] + in->map[k]], a,
                    in->map, mark, token))
      return FALSE;
  return TRUE;
}

/* The orbits of the classes of searched component @a under the automorphisms found inside it:
 * each class's source and pi^-1. */
static void
orbits_inside (TfChipOrbits     *o,
               const TfQuotient *q,
               guint32           a,
               GArray           *perms,
               guint32          *mark,
               guint32          *token)
{
  g_autofree Inside *in = g_new (Inside, 1);
  guint m = o->offset[a + 1] - o->offset[a];

  for (guint k = 0; k < m; k++)
    o->source[o->classes[o->offset[a] + k]] = TF_UNREACHED;
  if (m > MAX_INSIDE)
    {
      for (guint k = 0; k < m; k++)
        o->source[o->classes[o->offset[a] + k]] = o->classes[o->offset[a] + k];
      return;
    }
  inside_init (in, o, q, a);
  for (guint i = 0; i < m; i++)
    {
      guint32 x = o->classes[o->offset[a] + i];

      if (o->source[x] != TF_UNREACHED)
        continue;
      o->source[x] = x;
      for (guint j = i + 1; j < m; j++)
        {
          guint32 y = o->classes[o->offset[a] + j];

          if (o->source[y] != TF_UNREACHED || in->colour[j] != in->colour[i]
              || !find_inside (in, o, q, a, i, j, mark, token))
            continue;
          o->source[y] = x;
          o->perm[y] = perms->len;
          g_array_set_size (perms, perms->len + m);
          for (guint k = 0; k < m; k++)   /* pi^-1 */
            g_array_index (perms, guint32, o->perm[y] + in->map[k]) = k;
        }
    }
}

void
tf_chip_orbits_init (TfChipOrbits     *o,
                     const TfQuotient *q)
{
  guint n = q->n_chip_classes, n_comp = 0;
  g_autofree guint32 *stack = g_new (guint32, MAX (n, 1));
  g_autofree guint32 *mark = g_new0 (guint32, MAX (q->n_classes, 1));
  g_autofree TfKeyed *items = NULL;
  GArray *perms;
  guint32 token = 0;

  memset (o, 0, sizeof *o);
  o->component = g_new (guint32, MAX (n, 1));
  o->position = g_new (guint32, MAX (n, 1));
  o->classes = g_new (guint32, MAX (n, 1));
  o->offset = g_new (guint32, (gsize) n + 1);
  for (guint c = 0; c < n; c++)
    o->component[c] = TF_UNREACHED;

  /* Components in the order of their first class, found by a depth-first search; then each
   * one's classes in class order, by counting. */
  for (guint32 c = 0; c < n; c++)
    if (o->component[c] == TF_UNREACHED)
      {
        guint top = 0;

        o->component[c] = n_comp;
        stack[top++] = c;
        while (top > 0)
          {
            guint32 u = stack[--top];

            for (guint e = q->h_offset[u]; e < q->h_offset[u + 1]; e++)
              {
                guint32 v = q->h_target[e];

                if (v < n && o->component[v] == TF_UNREACHED)
                  {
                    o->component[v] = n_comp;
                    stack[top++] = v;
                  }
              }
          }
        n_comp++;
      }
  memset (o->offset, 0, sizeof (guint32) * ((gsize) n + 1));
  for (guint32 c = 0; c < n; c++)
    o->offset[o->component[c] + 1]++;
  for (guint32 a = 0; a < n_comp; a++)
    o->offset[a + 1] += o->offset[a];
  memset (stack, 0, sizeof (guint32) * MAX (n, 1));  /* now: classes placed per component */
  for (guint32 c = 0; c < n; c++)
    {
      guint32 a = o->component[c];

      o->position[c] = stack[a]++;
      o->classes[o->offset[a] + o->position[c]] = c;
    }
  o->n_components = n_comp;

  /* Orbits: components grouped by key, each checked against the run's representatives. */
  o->rep = g_new (guint32, MAX (n_comp, 1));
  items = g_new (TfKeyed, MAX (n_comp, 1));
  for (guint32 a = 0; a < n_comp; a++)
    {
      items[a] = (TfKeyed) { component_key (o, q, a), a };
      o->rep[a] = TF_UNREACHED;
    }
  qsort (items, n_comp, sizeof (TfKeyed), tf_keyed_compare);
  for (guint i = 0, j; i < n_comp; i = j)
    {
      for (j = i + 1; j < n_comp && items[j].key == items[i].key; j++)
        ;
      for (guint k = i; k < j; k++)
        {
          guint32 a = items[k].node;

          if (o->rep[a] != TF_UNREACHED)
            continue;
          o->rep[a] = a;
          for (guint l = k + 1; l < j; l++)
            {
              guint32 b = items[l].node;

              if (o->rep[b] == TF_UNREACHED && equivalent (o, q, a, b, mark, &token))
                o->rep[b] = a;
            }
        }
    }

  /* Sources: inside each searched component, then every other component like its own. */
  o->source = g_new (guint32, MAX (n, 1));
  o->perm = g_new (guint32, MAX (n, 1));
  o->multiplicity = g_new0 (guint32, MAX (n, 1));
  perms = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 c = 0; c < n; c++)
    o->perm[c] = TF_UNREACHED;
  for (guint32 a = 0; a < n_comp; a++)
    if (o->rep[a] == a)
      orbits_inside (o, q, a, perms, mark, &token);
  for (guint32 b = 0; b < n_comp; b++)
    for (guint k = 0; k < o->offset[b + 1] - o->offset[b]; k++)
      {
        guint32 a = o->rep[b];
        guint32 y = o->classes[o->offset[b] + k], like = o->classes[o->offset[a] + k];

        if (a != b)
          {
            o->source[y] = o->source[like];
            o->perm[y] = o->perm[like];
          }
        o->multiplicity[o->source[y]]++;
      }
  for (guint32 c = 0; c < n; c++)
    o->n_searched += o->multiplicity[c] > 0;
  o->perms = (guint32 *) (void *) g_array_free (perms, FALSE);
}

void
tf_chip_orbits_clear (TfChipOrbits *o)
{
  g_free (o->component);
  g_free (o->position);
  g_free (o->classes);
  g_free (o->offset);
  g_free (o->rep);
  g_free (o->source);
  g_free (o->perm);
  g_free (o->multiplicity);
  g_free (o->perms);
  memset (o, 0, sizeof *o);
}

guint32
tf_chip_orbits_image (const TfChipOrbits *o,
                      guint32             y,
                      guint32             u)
{
  guint32 x = o->source[y], a = o->component[x], b = o->component[y], k = o->position[u];

  if (u == y)
    return TF_UNREACHED;
  if (o->component[u] == b)
    {
      if (o->perm[y] != TF_UNREACHED)
        k = o->perms[o->perm[y] + k];
      return o->classes[o->offset[a] + k];
    }
  if (o->component[u] == a)
    return o->classes[o->offset[b] + k];
  return u;
}
