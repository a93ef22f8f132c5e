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
 *   symmetry: the chips of a leaf that twins miss because their boards link them. Only the
 *   failures of switches keep these sums: a chip's or a link's failure is moved by the
 *   automorphisms.
 * - Swaps that move switches. A node's height is its hops from the nearest chip class; the
 *   blocks of level h are the components of the classes of height at most h (level 1 of a
 *   rail-optimized fat-tree: a rail group's boards with its leaves; level 2: a pod). Two blocks
 *   are equivalent as components are (the i-th class to the i-th, neighbours above the level
 *   fixed), and swapping them is an automorphism: a block's neighbours outside it all stand
 *   above the level. These swaps move switches, so a row does not follow from another by moving
 *   chips, and one switch's failure changes different sums from the two sides; but the row sum,
 *   the eccentricity and the change summed over every switch's failure do (an automorphism
 *   permutes the switches that can fail). The orbits of the group all these swaps generate with
 *   the ones above (found by union-find) are what Layer 1's failure analysis searches from,
 *   once per orbit; the hop table's other sources are searched without failures. The orbits
 *   are those of a subgroup of the automorphisms: fewer savings than the whole group, never a
 *   wrong sum.
 * - Per chip class y, its source x and the automorphism phi with phi (x) = y: phi is pi, an
 *   automorphism inside x's component A, then the swap of A with y's component B (none when
 *   B is A). The distance from y to a node u is the distance from x to phi^-1 (u): u itself
 *   outside A and B, B's k-th class for A's k-th, A's class at position pi^-1 (k) for B's k-th.
 *   perm holds pi^-1 per class (none: the identity).
 */
#include "quotient-private.h"
#include "union-find-private.h"

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

/* Level 0's blocks: the chip components the orbits keep. */
static inline TfBlockLevel
components (const TfChipOrbits *o)
{
  return (TfBlockLevel) { o->n_components, o->component, o->position, o->offset, o->classes,
                          o->rep };
}

/* Whether the map taking position p of @x's block to position @map[p] (p itself with @map NULL)
 * of block @b takes class @x onto class @y: the same size and twin kind, and x's neighbours
 * (those above the level fixed, those of its block mapped) exactly y's. @mark and @token are
 * scratch. */
static gboolean
maps_onto (const TfBlockLevel *bl,
           const TfQuotient *q,
           guint32           x,
           guint32           y,
           guint32           b,
           const guint32    *map,
           guint32          *mark,
           guint32          *token)
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

      if (bl->block[z] != TF_UNREACHED)
        {
          p = bl->position[z];
          z = bl->classes[bl->offset[b] + (map != NULL ? map[p] : p)];
        }
      if (mark[z] != *token)
        return FALSE;
    }
  return TRUE;
}

/* Whether the i-th classes of blocks @a and @b correspond as the top describes. */
static gboolean
equivalent (const TfBlockLevel *bl,
            const TfQuotient *q,
            guint32           a,
            guint32           b,
            guint32          *mark,
            guint32          *token)
{
  guint m = bl->offset[a + 1] - bl->offset[a];

  if (bl->offset[b + 1] - bl->offset[b] != m)
    return FALSE;
  for (guint i = 0; i < m; i++)
    if (!maps_onto (bl, q, bl->classes[bl->offset[a] + i], bl->classes[bl->offset[b] + i], b,
                    NULL, mark, token))
      return FALSE;
  return TRUE;
}

/* A block's hash: what equivalent() compares, position by position. */
static guint64
block_key (const TfBlockLevel *bl,
           const TfQuotient *q,
           guint32           a)
{
  guint64 key = tf_mix64 (bl->offset[a + 1] - bl->offset[a]);

  for (guint i = bl->offset[a]; i < bl->offset[a + 1]; i++)
    {
      guint32 x = bl->classes[i];
      guint64 h = tf_mix64 (((guint64) q->class_size[x] << 8) | q->class_twin[x]);

      for (guint e = q->h_offset[x]; e < q->h_offset[x + 1]; e++)
        {
          guint32 z = q->h_target[e];

          h += tf_mix64 (bl->block[z] != TF_UNREACHED ? G_GUINT64_CONSTANT (1) << 40
                                                        | bl->position[z] : z);
        }
      key = tf_mix64 (key ^ h);  /* chained: positions matter */
    }
  return key;
}

/* The blocks of the level reaching height @h, into arrays of q->n_classes (@offset one more):
 * components in the order of their first class, found by a depth-first search, then each one's
 * classes in class order, by counting. @stack is scratch. Returns how many. */
static guint
blocks_find (const TfQuotient *q,
             const guint32    *height,
             guint32           h,
             guint32          *block,
             guint32          *position,
             guint32          *offset,
             guint32          *classes,
             guint32          *stack)
{
  guint n = q->n_classes, n_blocks = 0;

  for (guint32 c = 0; c < n; c++)
    block[c] = TF_UNREACHED;
  for (guint32 c = 0; c < n; c++)
    if (block[c] == TF_UNREACHED && height[c] <= h)
      {
        guint top = 0;

        block[c] = n_blocks;
        stack[top++] = c;
        while (top > 0)
          {
            guint32 u = stack[--top];

            for (guint e = q->h_offset[u]; e < q->h_offset[u + 1]; e++)
              {
                guint32 v = q->h_target[e];

                if (height[v] <= h && block[v] == TF_UNREACHED)
                  {
                    block[v] = n_blocks;
                    stack[top++] = v;
                  }
              }
          }
        n_blocks++;
      }
  memset (offset, 0, sizeof (guint32) * ((gsize) n_blocks + 1));
  for (guint32 c = 0; c < n; c++)
    if (block[c] != TF_UNREACHED)
      offset[block[c] + 1]++;
  for (guint32 a = 0; a < n_blocks; a++)
    offset[a + 1] += offset[a];
  memset (stack, 0, sizeof (guint32) * MAX (n_blocks, 1));  /* now: classes placed per block */
  for (guint32 c = 0; c < n; c++)
    if (block[c] != TF_UNREACHED)
      {
        guint32 a = block[c];

        position[c] = stack[a]++;
        classes[offset[a] + position[c]] = c;
      }
  return n_blocks;
}

/* Per block, the first block equivalent to it (itself when none before is), into @rep: blocks
 * grouped by key, each checked against the run's representatives. */
static void
blocks_alike (const TfBlockLevel *bl,
              const TfQuotient *q,
              guint32          *rep,
              guint32          *mark,
              guint32          *token)
{
  g_autofree TfKeyed *items = g_new (TfKeyed, MAX (bl->n, 1));

  for (guint32 a = 0; a < bl->n; a++)
    {
      items[a] = (TfKeyed) { block_key (bl, q, a), a };
      rep[a] = TF_UNREACHED;
    }
  tf_keyed_sort (items, bl->n);
  for (guint i = 0, j; i < bl->n; i = j)
    {
      for (j = i + 1; j < bl->n && items[j].key == items[i].key; j++)
        ;
      for (guint k = i; k < j; k++)
        {
          guint32 a = items[k].node;

          if (rep[a] != TF_UNREACHED)
            continue;
          rep[a] = a;
          for (guint l = k + 1; l < j; l++)
            {
              guint32 b = items[l].node;

              if (rep[b] == TF_UNREACHED && equivalent (bl, q, a, b, mark, token))
                rep[b] = a;
            }
        }
    }
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
  TfBlockLevel bl;

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
  bl = components (o);
  for (guint k = 0; k < in->m; k++)
    if (!maps_onto (&bl, q, o->classes[o->offset[a] + k], o->classes[o->offset[a] + in->map[k]],
                    a, in->map, mark, token))
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

/* Heights: hops from the chip classes, by a breadth-first search from them all, where a class
 * is reached once @need of its neighbours (all of them, with fewer) are. With @need 2 a switch
 * an edit joined to one chip (a core) keeps the height its other links give it, so the pods
 * stay apart; what is never reached stands above every level. Returns the greatest height. */
static guint32
heights (const TfQuotient *q,
         guint             need,
         guint32          *height,
         guint32          *count,
         guint32          *fifo)
{
  guint head = 0, tail = 0;
  guint32 top = 0;

  for (guint32 c = 0; c < q->n_classes; c++)
    {
      height[c] = c < q->n_chip_classes ? 0 : TF_UNREACHED;
      count[c] = 0;
    }
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    fifo[tail++] = c;
  while (head < tail)
    {
      guint32 u = fifo[head++];

      top = height[u];
      for (guint e = q->h_offset[u]; e < q->h_offset[u + 1]; e++)
        {
          guint32 v = q->h_target[e];

          if (height[v] == TF_UNREACHED
              && ++count[v] >= MIN (need, q->h_offset[v + 1] - q->h_offset[v]))
            {
              height[v] = height[u] + 1;
              fifo[tail++] = v;
            }
        }
    }
  return top;
}

static void
block_level_clear (TfBlockLevel *l)
{
  g_free (l->block);
  g_free (l->position);
  g_free (l->offset);
  g_free (l->classes);
  g_free (l->rep);
  memset (l, 0, sizeof *l);
}

void
tf_chip_orbits_drop_levels (TfChipOrbits *o)
{
  for (guint i = 0; i < o->n_levels; i++)
    block_level_clear (&o->levels[i]);
  g_clear_pointer (&o->levels, g_free);
  o->n_levels = 0;
}

/* The swaps of the blocks of level @h by @height: joins the orbits of the chip classes they
 * move, keeping the level when any does. FALSE when there are fewer than two blocks. */
static gboolean
swaps_at_level (TfChipOrbits     *o,
                const TfQuotient *q,
                const guint32    *height,
                guint32           h,
                guint32          *uf,
                guint32          *stack,
                guint32          *mark,
                guint32          *token)
{
  guint n = q->n_classes;
  TfBlockLevel *l = &o->levels[o->n_levels];
  gboolean any = FALSE, several;

  l->block = g_new (guint32, MAX (n, 1));
  l->position = g_new (guint32, MAX (n, 1));
  l->offset = g_new (guint32, (gsize) n + 1);
  l->classes = g_new (guint32, MAX (n, 1));
  l->rep = g_new (guint32, MAX (n, 1));
  l->n = blocks_find (q, height, h, l->block, l->position, l->offset, l->classes, stack);
  if (l->n >= 2)
    blocks_alike (l, q, l->rep, mark, token);
  /* The swap of an equivalent block with its representative moves chip class k of one onto
   * chip class k of the other (chip classes come first in class order). */
  for (guint32 b = 0; l->n >= 2 && b < l->n; b++)
    if (l->rep[b] != b)
      for (guint k = 0; k < l->offset[b + 1] - l->offset[b]; k++)
        {
          guint32 y = l->classes[l->offset[b] + k], x = l->classes[l->offset[l->rep[b]] + k];

          if (y >= q->n_chip_classes)
            break;
          tf_uf_join (uf, x, y);
          any = TRUE;
        }
  several = l->n >= 2;
  if (any)
    o->n_levels++;   /* kept for the rows (tf_hop_table_search_rest) */
  else
    block_level_clear (l);
  return several;
}

/* The orbits under the swaps of blocks above level 0 too (they move switches): each chip class's
 * orbit representative, a source of the swaps fixing switches. */
static void
orbits_of_swaps (TfChipOrbits     *o,
                 const TfQuotient *q,
                 const guint32    *plain,
                 guint32           plain_top,
                 guint32          *mark,
                 guint32          *token)
{
  guint n = q->n_classes;
  g_autofree guint32 *robust = g_new (guint32, MAX (n, 1));
  g_autofree guint32 *count = g_new (guint32, MAX (n, 1));
  g_autofree guint32 *stack = g_new (guint32, MAX (n, 1));
  guint32 *uf = o->orbit;
  guint32 top[2];

  /* Every set starts as a source's orbit under the swaps fixing switches, rooted at the source;
   * joins only link roots, so every root stays a source (whose row Layer 1 fills). */
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    uf[c] = o->source[c];
  /* Levels by both kinds of height (the second only where it differs): the blocks of any set
   * of classes give automorphisms. */
  top[0] = plain_top;
  top[1] = heights (q, 2, robust, count, stack);
  o->levels = g_new0 (TfBlockLevel, (gsize) top[0] + top[1] + 1);
  for (guint pass = 0; pass < 2; pass++)
    {
      if (pass == 1 && memcmp (plain, robust, sizeof (guint32) * n) == 0)
        break;
      for (guint32 h = 1; h < top[pass]; h++)
        if (!swaps_at_level (o, q, pass == 0 ? plain : robust, h, uf, stack, mark, token))
          break;   /* the blocks only merge as the level rises */
    }
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    {
      o->orbit[c] = tf_uf_find (uf, c);
      o->orbit_size[o->orbit[c]]++;
    }
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    o->n_orbits += o->orbit_size[c] > 0;
}

/* The orbits under the swaps fixing every switch: components alike and automorphisms inside
 * them (sources, perms); fills @height (plain) and returns its top. */
static guint32
orbits_fixing_switches (TfChipOrbits     *o,
                        const TfQuotient *q,
                        guint32          *height,
                        guint32          *mark,
                        guint32          *token)
{
  guint n = q->n_chip_classes, n_all = q->n_classes;
  g_autofree guint32 *stack = g_new (guint32, MAX (n_all, 1));
  g_autofree guint32 *count = g_new (guint32, MAX (n_all, 1));
  GArray *perms;
  guint32 top;
  TfBlockLevel bl;

  memset (o, 0, sizeof *o);
  o->component = g_new (guint32, MAX (n_all, 1));
  o->position = g_new (guint32, MAX (n_all, 1));
  o->classes = g_new (guint32, MAX (n_all, 1));
  o->offset = g_new (guint32, (gsize) n_all + 1);

  /* Components of chips: the blocks of level 0 (switches stand above it). */
  top = heights (q, 1, height, count, stack);
  o->n_components = blocks_find (q, height, 0, o->component, o->position, o->offset, o->classes,
                                 stack);

  /* Components like each other. */
  bl = components (o);
  o->rep = g_new (guint32, MAX (o->n_components, 1));
  blocks_alike (&bl, q, o->rep, mark, token);

  /* Sources: inside each searched component, then every other component like its own. */
  o->source = g_new (guint32, MAX (n, 1));
  o->perm = g_new (guint32, MAX (n, 1));
  perms = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 c = 0; c < n; c++)
    o->perm[c] = TF_UNREACHED;
  for (guint32 a = 0; a < o->n_components; a++)
    if (o->rep[a] == a)
      orbits_inside (o, q, a, perms, mark, token);
  for (guint32 b = 0; b < o->n_components; b++)
    for (guint k = 0; k < o->offset[b + 1] - o->offset[b]; k++)
      {
        guint32 a = o->rep[b];
        guint32 y = o->classes[o->offset[b] + k], like = o->classes[o->offset[a] + k];

        if (a != b)
          {
            o->source[y] = o->source[like];
            o->perm[y] = o->perm[like];
          }
      }
  o->perms = (guint32 *) (void *) g_array_free (perms, FALSE);
  o->orbit = g_new (guint32, MAX (n, 1));
  o->orbit_size = g_new0 (guint32, MAX (n, 1));
  return top;
}

void
tf_chip_orbits_init (TfChipOrbits     *o,
                     const TfQuotient *q)
{
  g_autofree guint32 *mark = g_new0 (guint32, MAX (q->n_classes, 1));
  g_autofree guint32 *height = g_new (guint32, MAX (q->n_classes, 1));
  guint32 token = 0, top = orbits_fixing_switches (o, q, height, mark, &token);

  orbits_of_swaps (o, q, height, top, mark, &token);
}

void
tf_chip_orbits_init_fixing_switches (TfChipOrbits     *o,
                                     const TfQuotient *q)
{
  g_autofree guint32 *mark = g_new0 (guint32, MAX (q->n_classes, 1));
  g_autofree guint32 *height = g_new (guint32, MAX (q->n_classes, 1));
  guint32 token = 0;

  orbits_fixing_switches (o, q, height, mark, &token);
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    {
      o->orbit[c] = o->source[c];
      o->orbit_size[o->orbit[c]]++;
    }
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    o->n_orbits += o->orbit_size[c] > 0;
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
  g_free (o->perms);
  g_free (o->orbit);
  g_free (o->orbit_size);
  tf_chip_orbits_drop_levels (o);
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
