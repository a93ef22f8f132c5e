/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-family-private.h: the FamilyGenerator's state (generator-family.c), shared with its
 * Stage 0 (family-stage-0.c). */
#pragma once

#include "family-private.h"
#include "generators-private.h"
#include "query-private.h"

G_BEGIN_DECLS

/* One enumeration: the search's context with one intra-board topology. */
typedef struct
{
  TfContext      context;
  TfEnumeration  enumeration;
  GHashTable    *same_boards;   /* chips per board -> TRUE: an earlier part wires boards of
                                 * that many chips alike (a ring of two chips is their full
                                 * mesh, a board of one has no links), so its results are that
                                 * part's graphs again */
} Part;

/* The most distinct parameter keys a family's ids use; more are folded into the last column. */
#define MAX_KEYS (2 * TF_ID_MAX_ARGS)

/* One slot's results as points in parameter space, by result index. */
typedef struct
{
  guint          n_keys;
  char          *keys[MAX_KEYS];
  guint64       *values;        /* n_results rows of n_keys: each parameter's value hashed, 0
                                 * when an id lacks the key, so two results differ in a parameter
                                 * exactly when the column differs (up to a 64-bit collision) */
  guint8        *made;          /* n_results: 1 when the search has made that result */
  guint         *usable;        /* the results usable () keeps, in index order, so a step scans
                                 * those only (a dragonfly has thousands, most edge cases) */
  guint          n_usable;
} Params;

typedef struct
{
  guint          n_parts;
  Part           parts[TF_N_INTRA_BOARD_TOPOS];
  guint          n_families;    /* the same in every part */
  GArray       **by_order;      /* per slot (part * n_families + family): result indices in the
                                 * family's traversal order */
  Params        *params;        /* per slot */
  GHashTable    *index_of_key;  /* "topo|id" -> (slot << 20 | position in by_order) + 1 */
  /* The sampler's designs made so far (sample ()), by their index in its space, copied out:
   * the baseline draws each of a few hundred many times, and making one (generating it and
   * measuring the family's metrics) costs more than evaluating it. Up to SAMPLES_MAX_BYTES of
   * graphs; the threads making children share it. */
  GMutex         samples_lock;
  GHashTable    *samples;       /* index + 1 -> TfCandidate */
  gsize          samples_bytes;
} FamilyState;

/* Whether @result of @part is one the generator may use: buildable, recommended unless edge
 * cases are allowed, on an allowed board, and not a board wired as an earlier part wires it
 * (docs/optimizer.md, "Stage 0"). */
gboolean     tf_family_usable (const TfSearchConfig *config, const Part *part,
                               const TfResult *result);
/* The candidate of @result in @part's context, origin @method; NULL with
 * TF_ERROR_INVALID_MUTATION when it cannot be built as the hardware stands. */
TfCandidate *tf_family_materialize (const TfSearchConfig *config, const Part *part,
                                    const TfResult *result, TfOriginMethod method,
                                    GError **error);

/* Stage 0 (family-stage-0.c): the generator's stage_0 and stage_0_build. */
void         tf_family_stage_0 (gpointer state, const TfSearchConfig *config, guint max,
                                GArray *handles, guint *n_buildable);
TfCandidate *tf_family_stage_0_build (gpointer state, const TfSearchConfig *config,
                                      guint handle, GError **error);

G_END_DECLS
