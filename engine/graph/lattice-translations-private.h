/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lattice-translations-private.h: the translations of a graph of chips alone
 * (lattice-translations.c): moves of every chip along a lattice (the family's, else the rank
 * order as one dimension) that map the links onto the links, keeping what a link's time depends
 * on. Routing (routing.c) keeps a flow's result by its pair translated, and lays one flow of each
 * orbit of a set of flows over every translate of the links it loads. */
#pragma once

#include "graph-private.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean shape_only;                      /* links kept by multiplicity alone */
  guint    n_dims;                          /* 0: no translation but the identity */
  guint32  dims[TF_LATTICE_MAX_DIMS];
  guint32  steps[TF_LATTICE_MAX_DIMS];      /* per dimension the least step that maps */
  guint32  cell_stride[TF_LATTICE_MAX_DIMS];  /* of the cell [0, step) x ..., its mixed radix */
  guint64  order;                           /* translations: the product of dims / steps */
  guint32 *index_of_chip;                   /* a chip's place in the lattice */
  guint32 *chip_at;                         /* the chip at each place */
  guint32  radix[TF_LATTICE_MAX_DIMS];      /* dims / steps: translations along each */
  /* Made by tf_translations_slot_orbits (): per link direction (slot) one slot of its orbit, the
   * orbit's number and the translation taking that slot to it; per orbit, its slots by
   * translation. */
  guint32 *slot_orbit;
  guint32 *slot_orbit_number;
  guint32 *slot_translation;
  guint32 *orbit_slots;
} TfTranslations;

/* Finds @graph's translations on @lattice (when it holds n_chip places), else on the rank order.
 * They keep each link's multiplicity, type and reach, so a flow's time; with @shape_only its
 * multiplicity alone, so the shares a flow puts on each link (ECMP splits by multiplicity), not
 * their bandwidths. FALSE (and @t empty) when there is none but the identity. */
gboolean       tf_translations_init (TfTranslations *t, const TfNetworkGraph *graph,
                                     const TfChipLattice *lattice, gboolean shape_only);
void           tf_translations_clear (TfTranslations *t);
/* The translations of @t that map the @n_pairs pairs (source, destination) of @pairs onto
 * themselves as a multiset, per dimension the multiples of a least step, into @sub (its own
 * copy). FALSE (and @sub empty) when only the identity does. */
gboolean       tf_translations_keeping_pairs (const TfTranslations *t, guint32 n_chip,
                                              const guint32 *pairs, guint n_pairs,
                                              TfTranslations *sub);
/* Whether @a and @b have the same steps on the same dimensions. */
gboolean       tf_translations_same_steps (const TfTranslations *a, const TfTranslations *b);
/* The pair (@a, @b) moved so that @a lies in the cell, as one number: equal for two pairs exactly
 * when a translation maps one onto the other. */
gint64         tf_translations_pair_key (const TfTranslations *t, guint32 n_chip, guint32 a,
                                         guint32 b);
/* Per link direction (slot 2 l: a -> b, 2 l + 1: b -> a), one slot of its orbit, the same for
 * the whole orbit (its tail moved into the cell). Made on the first call. */
const guint32 *tf_translations_slot_orbits (TfTranslations *t, const TfNetworkGraph *graph,
                                            const TfAdjacency *adj);

/* The translation taking the cell to the translate of it that holds @chip, as a number below
 * t->order; and the numbers of the composition of two translations and of @x after undoing
 * @y. */
guint32        tf_translations_of_chip (const TfTranslations *t, guint32 chip);
guint32        tf_translations_compose (const TfTranslations *t, guint32 x, guint32 y);
guint32        tf_translations_undo (const TfTranslations *t, guint32 x, guint32 y);

/* Link direction @slot moved by translation @by (after tf_translations_slot_orbits ()). */
static inline guint32
tf_translations_move_slot (const TfTranslations *t,
                           guint32               slot,
                           guint32               by)
{
  return t->orbit_slots[(gsize) t->slot_orbit_number[slot] * t->order
                        + tf_translations_compose (t, t->slot_translation[slot], by)];
}

G_END_DECLS
