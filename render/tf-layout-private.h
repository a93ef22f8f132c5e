/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-layout-private.h: what tf-layout-logical.c (the rows, the tiers, the patches of chips) and
 * tf-layout-groups.c (groups on a circle) share. */
#pragma once

#include "tf-layout-logical.h"

G_BEGIN_DECLS

/* Chips hang this far below the switch they link to. */
#define DROP 4.0f

typedef struct
{
  const TfNetworkGraph *g;
  const TfAttrs        *attrs;
  float               (*pos)[3];
  guint32              *chip_switch;   /* the first switch a chip links to, or G_MAXUINT32 */
  guint32              *chip_slot;     /* its place among that switch's chips */
  guint32              *served;        /* chips per switch */
  guint                 served_max;
  float               (*across)[2];    /* per switch, the x-z direction its patch's rows run */
  gboolean              outward;       /* patches lie on the floor, out from the switch */
  gboolean              boards;        /* boards have scale-up switches: keep them together */
  guint32              *group;         /* per node, its bar (tf_layout_logical ()), or NULL */
  guint                 n_groups;
} Layout;

static inline float *
node (Layout *l,
      guint   v)
{
  return l->pos[v];
}

static inline float *
switch_pos (Layout *l,
            guint   s)
{
  return l->pos[l->g->n_chip + s];
}

static inline void
set (float *p,
     float  x,
     float  y,
     float  z)
{
  p[0] = x;
  p[1] = y;
  p[2] = z;
}

/* tf-layout-logical.c: the first value of attribute @key, @fallback without a positive one. */
guint tf_layout_attr_int (const Layout *l, const char *key, guint fallback);
/* The room a switch needs beside its neighbours for its patch of chips. */
float tf_layout_switch_spot (const Layout *l);
/* Chips below (or, outward, beyond) the switch they serve, once the switches are placed. */
void  tf_layout_hang_chips (Layout *l);
/* The fallback: switch levels in tiers over the chips they serve. */
void  tf_layout_tiers (Layout *l);

/* tf-layout-groups.c: the families laid out as groups on a circle (the tiers when their
 * attributes do not describe the graph). */
void  tf_layout_groups (Layout *l);      /* dragonfly and dragonfly+ */
void  tf_layout_row_pairs (Layout *l);   /* Slim Fly */
void  tf_layout_clusters (Layout *l);    /* PolarFly */

G_END_DECLS
