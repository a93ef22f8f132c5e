/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lattice-translations.c: the translations of a graph of chips alone
 * (lattice-translations-private.h).
 *
 * The chips are laid on the family's lattice, else on the rank order as one dimension; per
 * dimension the least step whose move maps every link onto a link of the same multiplicity, type
 * and reach is found by trying the divisors of the dimension. The translations are the moves by
 * multiples of the steps: a group acting freely on the chips (only the identity fixes a chip), so
 * every orbit of chips, pairs of chips or link directions has one member per translation.
 */
#include "lattice-translations-private.h"

#include <stdlib.h>
#include <string.h>

/* A link as the translation test compares it: its ends (smaller first) and what its time
 * depends on. */
typedef struct
{
  guint32 a, b, multiplicity;
  guint8  type, reach;
} LinkKey;

static int
link_key_compare (const void *pa,
                  const void *pb)
{
  const LinkKey *x = pa, *y = pb;

  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  if (x->b != y->b)
    return x->b < y->b ? -1 : 1;
  if (x->multiplicity != y->multiplicity)
    return x->multiplicity < y->multiplicity ? -1 : 1;
  if (x->type != y->type)
    return x->type < y->type ? -1 : 1;
  return (x->reach > y->reach) - (x->reach < y->reach);
}

/* Field by field: a LinkKey has padding, which memcmp would read. */
static gboolean
same_keys (const LinkKey *x,
           const LinkKey *y,
           guint          n)
{
  for (guint i = 0; i < n; i++)
    if (link_key_compare (&x[i], &y[i]) != 0)
      return FALSE;
  return TRUE;
}

/* With @kinds, the link's type and reach count too (they set its bandwidth). */
static inline LinkKey
link_key (const TfLink *l,
          guint32       a,
          guint32       b,
          gboolean      kinds)
{
  return (LinkKey) { MIN (a, b), MAX (a, b), l->multiplicity, kinds ? l->type : 0,
                     kinds ? l->reach : 0 };
}

/* The chip at lattice place @index moved by @step along dimension @d (stride @stride). */
static inline guint32
translate (const TfTranslations *m,
           guint32               chip,
           guint                 d,
           guint32               stride,
           guint32               step)
{
  guint32 index = m->index_of_chip[chip], digit = index / stride % m->dims[d];

  return m->chip_at[index + ((digit + step) % m->dims[d] - digit) * stride];
}

/* Per dimension of the lattice, the least step dividing it such that moving every chip that
 * far along it maps the links onto the links, keeping their multiplicity, type and reach: an
 * automorphism, so a flow between two chips takes as long as between their images. The steps
 * that are automorphisms form a subgroup, the multiples of the least, so trying divisors in
 * order finds it; dims[d] itself when none is. Each wrong step usually fails at its first links.
 * Returns whether some step is below its dimension. */
static gboolean
translation_steps (TfTranslations       *m,
                   const TfNetworkGraph *graph)
{
  g_autofree LinkKey *keys = g_new (LinkKey, graph->n_links);
  g_autofree LinkKey *images = g_new (LinkKey, graph->n_links);
  g_autofree guint64 *signature = g_new0 (guint64, graph->n_chip);
  guint32 stride = 1;
  gboolean any = FALSE;

  /* Per chip, a sum over its links of a hash of what the test compares: a translation must
   * keep it, and an edited graph fails this check at the chips an edit touched, after reading
   * n_chip numbers rather than every link. */
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      guint64 h = (((guint64) l->multiplicity << 16)
                   | (m->shape_only ? 0 : ((guint64) l->type << 8) | l->reach))
                  * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

      signature[l->a] += h ^ (h >> 29);
      signature[l->b] += h ^ (h >> 29);
      keys[i] = link_key (l, l->a, l->b, !m->shape_only);
    }
  qsort (keys, graph->n_links, sizeof (LinkKey), link_key_compare);
  for (guint d = 0; d < m->n_dims; stride *= m->dims[d], d++)
    {
      m->steps[d] = m->dims[d];
      for (guint32 step = 1; step < m->dims[d]; step++)
        {
          gboolean maps = TRUE;

          if (m->dims[d] % step != 0)
            continue;
          for (guint32 c = 0; c < graph->n_chip && maps; c++)
            maps = signature[c] == signature[translate (m, c, d, stride, step)];
          for (guint i = 0; i < graph->n_links && maps; i++)
            {
              const TfLink *l = &graph->links[i];

              images[i] = link_key (l, translate (m, l->a, d, stride, step),
                                    translate (m, l->b, d, stride, step), !m->shape_only);
              maps = bsearch (&images[i], keys, graph->n_links, sizeof (LinkKey),
                              link_key_compare) != NULL;
            }
          if (!maps)
            continue;
          /* Every image is a link; as multisets too (the same link twice stays twice). */
          qsort (images, graph->n_links, sizeof (LinkKey), link_key_compare);
          if (same_keys (images, keys, graph->n_links))
            {
              m->steps[d] = step;
              any = TRUE;
              break;
            }
        }
    }
  return any;
}

/* Lays the chips on @lattice (when it holds n_chip places) and finds its translations; else, or
 * when it has none, on the rank order as one dimension. */
static void
find_translations (TfTranslations       *m,
                   const TfNetworkGraph *graph,
                   const TfChipLattice  *lattice)
{
  guint n = graph->n_chip;
  guint64 places = 1;

  m->index_of_chip = g_new (guint32, n);
  m->chip_at = g_new (guint32, n);
  if (lattice != NULL && lattice->n_dims > 0 && lattice->n_dims <= TF_LATTICE_MAX_DIMS)
    for (guint d = 0; d < lattice->n_dims; d++)
      places *= lattice->dims[d];
  if (lattice != NULL && lattice->n_dims > 0 && places == n)
    {
      m->n_dims = lattice->n_dims;
      memcpy (m->dims, lattice->dims, sizeof (guint32) * m->n_dims);
      for (guint32 c = 0; c < n; c++)
        m->index_of_chip[c] = m->chip_at[c] = c;
      if (translation_steps (m, graph))
        return;
    }
  m->n_dims = 1;
  m->dims[0] = n;
  for (guint r = 0; r < n; r++)
    {
      m->chip_at[r] = graph->board_chips[r];
      m->index_of_chip[graph->board_chips[r]] = r;
    }
  if (!translation_steps (m, graph))
    m->n_dims = 0;
}


static void
set_order (TfTranslations *t)
{
  guint32 cell = 1;

  t->order = 1;
  for (guint d = 0; d < t->n_dims; d++)
    {
      t->cell_stride[d] = cell;
      cell *= t->steps[d];
      t->radix[d] = t->dims[d] / t->steps[d];
      t->order *= t->radix[d];
    }
}

gboolean
tf_translations_init (TfTranslations       *t,
                      const TfNetworkGraph *graph,
                      const TfChipLattice  *lattice,
                      gboolean              shape_only)
{
  memset (t, 0, sizeof *t);
  t->shape_only = shape_only;
  if (graph->n_chip < 2 || graph->n_links == 0)
    return FALSE;
  find_translations (t, graph, lattice);
  if (t->n_dims == 0)
    {
      tf_translations_clear (t);
      return FALSE;
    }
  set_order (t);
  return TRUE;
}

void
tf_translations_clear (TfTranslations *t)
{
  g_free (t->index_of_chip);
  g_free (t->chip_at);
  g_free (t->slot_orbit);
  g_free (t->slot_orbit_number);
  g_free (t->slot_translation);
  g_free (t->orbit_slots);
  memset (t, 0, sizeof *t);
}

static int
pair_compare (const void *pa,
              const void *pb)
{
  const guint32 *x = pa, *y = pb;

  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return (x[1] > y[1]) - (x[1] < y[1]);
}

gboolean
tf_translations_keeping_pairs (const TfTranslations *t,
                               guint32               n_chip,
                               const guint32        *pairs,
                               guint                 n_pairs,
                               TfTranslations       *sub)
{
  g_autofree guint32 *sorted = g_memdup2 (pairs, sizeof (guint32) * 2 * MAX (n_pairs, 1));
  g_autofree guint32 *moved = g_new (guint32, 2 * (gsize) MAX (n_pairs, 1));
  guint32 stride = 1;
  gboolean any = FALSE;

  memset (sub, 0, sizeof *sub);
  qsort (sorted, n_pairs, 2 * sizeof (guint32), pair_compare);
  sub->n_dims = t->n_dims;
  memcpy (sub->dims, t->dims, sizeof t->dims);
  for (guint d = 0; d < t->n_dims; stride *= t->dims[d], d++)
    {
      sub->steps[d] = t->dims[d];
      for (guint32 step = t->steps[d]; step < t->dims[d]; step += t->steps[d])
        {
          if (t->dims[d] % step != 0)
            continue;
          for (guint i = 0; i < 2 * n_pairs; i++)
            moved[i] = translate (t, pairs[i], d, stride, step);
          qsort (moved, n_pairs, 2 * sizeof (guint32), pair_compare);
                  if (memcmp (moved, sorted, sizeof (guint32) * 2 * n_pairs) == 0)
            {
              sub->steps[d] = step;
              any = TRUE;
              break;
            }
        }
    }
  if (!any)
    {
      memset (sub, 0, sizeof *sub);
      return FALSE;
    }
  sub->shape_only = t->shape_only;
  sub->index_of_chip = g_memdup2 (t->index_of_chip, sizeof (guint32) * n_chip);
  sub->chip_at = g_memdup2 (t->chip_at, sizeof (guint32) * n_chip);
  set_order (sub);
  return TRUE;
}

gboolean
tf_translations_same_steps (const TfTranslations *a,
                            const TfTranslations *b)
{
  return a->n_dims == b->n_dims && memcmp (a->steps, b->steps, sizeof (guint32) * a->n_dims) == 0
         && memcmp (a->dims, b->dims, sizeof (guint32) * a->n_dims) == 0;
}

/* The translation that moves chip @a into the cell, applied to chip @b. */
static guint32
move_into_cell (const TfTranslations *t,
                guint32               a,
                guint32               b)
{
  guint32 ia = t->index_of_chip[a], ib = t->index_of_chip[b], stride = 1, moved = 0;

  for (guint k = 0; k < t->n_dims; stride *= t->dims[k], k++)
    {
      guint32 x = ia / stride % t->dims[k], y = ib / stride % t->dims[k];
      guint32 back = x - x % t->steps[k];

      moved += (y + t->dims[k] - back) % t->dims[k] * stride;
    }
  return t->chip_at[moved];
}

gint64
tf_translations_pair_key (const TfTranslations *t,
                          guint32               n_chip,
                          guint32               a,
                          guint32               b)
{
  guint32 ia = t->index_of_chip[a], stride = 1, place = 0;

  for (guint k = 0; k < t->n_dims; stride *= t->dims[k], k++)
    place += (ia / stride % t->dims[k] % t->steps[k]) * t->cell_stride[k];
  return (gint64) place * n_chip + t->index_of_chip[move_into_cell (t, a, b)];
}

/* Among @u's links to @v alike @l (what a link's time depends on), the place of @l. */
static guint
alike_rank (const TfTranslations *t,
            const TfNetworkGraph *graph,
            const TfAdjacency    *adj,
            guint32               u,
            guint32               v,
            guint32               l)
{
  LinkKey key = link_key (&graph->links[l], u, v, !t->shape_only);
  guint rank = 0;

  for (guint32 e = adj->offset[u]; e < adj->offset[u + 1] && adj->link[e] != l; e++)
    {
      LinkKey other = link_key (&graph->links[adj->link[e]], u, adj->target[e], !t->shape_only);

      rank += adj->target[e] == v && link_key_compare (&key, &other) == 0;
    }
  return rank;
}

const guint32 *
tf_translations_slot_orbits (TfTranslations       *t,
                             const TfNetworkGraph *graph,
                             const TfAdjacency    *adj)
{
  if (t->slot_orbit != NULL)
    return t->slot_orbit;
  t->slot_orbit = g_new (guint32, 2 * (gsize) graph->n_links);
  for (guint32 s = 0; s < 2 * graph->n_links; s++)
    {
      const TfLink *l = &graph->links[s / 2];
      guint32 u = s % 2 ? l->b : l->a, v = s % 2 ? l->a : l->b;
      guint32 u2 = move_into_cell (t, u, u), v2 = move_into_cell (t, u, v);
      LinkKey key = link_key (l, u2, v2, !t->shape_only);
      guint rank = alike_rank (t, graph, adj, u, v, s / 2);

      t->slot_orbit[s] = G_MAXUINT32;
      /* The translate of a link is a link alike (translation_steps checked them all as
       * multisets); parallel links alike keep their order. */
      for (guint32 e = adj->offset[u2]; e < adj->offset[u2 + 1]; e++)
        {
          const TfLink *m = &graph->links[adj->link[e]];
          LinkKey other = link_key (m, u2, adj->target[e], !t->shape_only);

          if (adj->target[e] != v2 || link_key_compare (&key, &other) != 0 || rank-- > 0)
            continue;
          t->slot_orbit[s] = 2 * adj->link[e] + (m->a == u2 ? 0 : 1);
          break;
        }
      g_assert (t->slot_orbit[s] != G_MAXUINT32);
    }
  /* Each slot is its orbit's slot moved by the translation that takes the cell to its tail. */
  t->slot_orbit_number = g_new (guint32, 2 * (gsize) graph->n_links);
  t->slot_translation = g_new (guint32, 2 * (gsize) graph->n_links);
  t->orbit_slots = g_new (guint32, 2 * (gsize) graph->n_links);
  for (guint32 s = 0, n_orbits = 0; s < 2 * graph->n_links; s++)
    if (t->slot_orbit[s] == s)
      t->slot_orbit_number[s] = n_orbits++;
  for (guint32 s = 0; s < 2 * graph->n_links; s++)
    {
      const TfLink *l = &graph->links[s / 2];
      guint32 number = t->slot_orbit_number[t->slot_orbit[s]];

      t->slot_orbit_number[s] = number;
      t->slot_translation[s] = tf_translations_of_chip (t, s % 2 ? l->b : l->a);
      t->orbit_slots[(gsize) number * t->order + t->slot_translation[s]] = s;
    }
  return t->slot_orbit;
}

guint32
tf_translations_of_chip (const TfTranslations *t,
                         guint32               chip)
{
  guint32 index = t->index_of_chip[chip], stride = 1, place = 0, weight = 1;

  for (guint d = 0; d < t->n_dims; stride *= t->dims[d], weight *= t->radix[d], d++)
    place += index / stride % t->dims[d] / t->steps[d] * weight;
  return place;
}

/* Digit by digit in the mixed radix of t->radix: @x's digits plus @y's, or minus with @undo. */
static guint32
combine (const TfTranslations *t,
         guint32               x,
         guint32               y,
         gboolean              undo)
{
  guint32 out = 0, weight = 1;

  for (guint d = 0; d < t->n_dims; weight *= t->radix[d], d++)
    {
      guint32 a = x / weight % t->radix[d], b = y / weight % t->radix[d];

      out += (undo ? a + t->radix[d] - b : a + b) % t->radix[d] * weight;
    }
  return out;
}

guint32
tf_translations_compose (const TfTranslations *t,
                         guint32               x,
                         guint32               y)
{
  return combine (t, x, y, FALSE);
}

guint32
tf_translations_undo (const TfTranslations *t,
                      guint32               x,
                      guint32               y)
{
  return combine (t, x, y, TRUE);
}
