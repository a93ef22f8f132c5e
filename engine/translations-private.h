/* SPDX-License-Identifier: GPL-3.0-or-later */
/* translations-private.h: the translations of a graph of chips alone (translations.c): moves of
 * every chip along a lattice (the family's, else the rank order as one dimension) that map the
 * links onto the links, keeping what a link's time depends on. Routing (routing.c) keeps a flow's
 * result by its pair translated, and lays one flow of each orbit of a set of flows over every
 * translate of the links it loads. */
#pragma once

#include "graph-private.h"

G_BEGIN_DECLS

typedef struct
{
  guint    n_dims;                          /* 0: no translation but the identity */
  guint32  dims[TF_LATTICE_MAX_DIMS];
  guint32  steps[TF_LATTICE_MAX_DIMS];      /* per dimension the least step that maps */
  guint32  cell_stride[TF_LATTICE_MAX_DIMS];  /* of the cell [0, step) x ..., its mixed radix */
  guint64  order;                           /* translations: the product of dims / steps */
  guint32 *index_of_chip;                   /* a chip's place in the lattice */
  guint32 *chip_at;                         /* the chip at each place */
  guint32 *slot_orbit;                      /* tf_translations_slot_orbits () */
} TfTranslations;

/* Finds @graph's translations on @lattice (when it holds n_chip places), else on the rank order.
 * FALSE (and @t empty) when there is none but the identity. */
gboolean       tf_translations_init (TfTranslations *t, const TfNetworkGraph *graph,
                                     const TfChipLattice *lattice);
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

G_END_DECLS
