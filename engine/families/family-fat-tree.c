/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-fat-tree.c: Fat-Tree as a PGFT (@tbl-spec-topo-12, -13): the spec's k-ary n-tree and
 * the variants built in practice (docs/spec-notes.md, "PGFT variants").
 *
 * Ports: a leaf (ToR) splits its k ports d (osr + 1) = k osr, u = k - d; a 3-layer tree's
 * aggregation switches split theirs d_agg:u_agg = agg_osr, osr in the k-ary n-tree.
 * w_levels[i] is a level-i switch's uplinks and p_levels[i] its parallel links to each parent
 * (level 0: the leaves; the top level repeats w and has p = 1, as the spec's [u] * layers does).
 * 2 layers: N_leaf = N_endpoint / d leaves and u / p spines, each linked to every leaf by
 * p = p_levels[0] links (the k-ary n-tree: p = 1, u spines).
 * 3 layers: fat-tree groups of d_agg ToRs (d boards each) and u aggregation switches, each ToR
 * linked once to each; plane j (aggregation switch j of every group) has u_agg / p cores, each
 * linked to every switch of the plane by p = p_levels[1] links. The k-ary n-tree (p = 1) builds
 * u u_agg cores, the core layer of the tree's full capacity; a core sized to need takes the
 * largest p that its k ports hold, so its cores are as many as the groups' uplinks fill.
 * Every result is the k-ary n-tree or, with p_levels and agg_osr in its id, a variant whose
 * spines or cores are as full as an even split allows.
 * An endpoint is a board; each ToR/leaf and its boards make one rack (rack-overflow when its d
 * boards are more than a rack holds). Racks share one pod, the spec's default, while they fit
 * racks_per_pod_max: spines and aggregation switches at pod level, cores at datacenter level.
 * More racks fill more pods: a 2-layer tree's leaves in runs, its spines then at datacenter
 * level; a 3-layer tree's fat-tree groups whole, each group's aggregation switches in its pod
 * (pod-overflow when one group's racks are more than a pod holds). Every port is a bundle of
 * C_board x chip_radix lanes, so a leaf's down:up split stays d:u = osr at chip level
 * (family-private.h).
 * attach=rail: a leaf's ports take chips: chip j of each of a rail group's d boards on leaf j
 * of the group's C_board leaves, the group and its leaves one rack while its d boards fit one;
 * beyond, as in the published rail-optimized designs, its boards fill racks of
 * boards_per_rack_max in order and its leaves stand in the pod (a row's network racks), so a
 * chip's links reach the pod. The endpoints of the build are chips and a port is one chip's
 * link. planes=P: P copies of the switched fabric, switch
 * ids prefixed "p<plane>.", each chip's chip_radix links split evenly among them.
 */
#include "attachment-private.h"
#include "family-private.h"
#include "metrics-private.h"

typedef struct
{
  guint32 layers;
  guint32 k;
  guint32 osr;
  guint32 n_endpoint;
  guint32 agg_osr;      /* 3 layers; 0 with 2 */
  guint32 p_levels[3];  /* per layer; 0 past the top */
  TfAttachment at;      /* rails and planes (attachment-private.h) */
} FatTreeParams;

static const TfWarning warning_aggressive_oversubscription = {
  "aggressive-oversubscription",
  N_("aggressive oversubscription"),
  N_("Oversubscription of warning_thresholds.fat_tree_aggressive_osr:1 (2:1 by default) or "
      "more; AllReduce in AI training is sensitive to bandwidth.")
};

/* Hard constraint ranges (@tbl-spec-topo-12) */
#define K_MIN 4
#define K_MAX 64     /* the spec's mainstream radix: always walked */
#define K_LIMIT 512  /* the largest k walked when defaults.switch.radix is set above 64 */

/* The radixes walked: the spec's 4 .. 64, and up to the context's switch radix when that is
 * larger (144-port Quantum-X800 fabrics; docs/spec-notes.md). */
static guint
k_max (const TfContext *ctx)
{
  return CLAMP (ctx->switch_defaults.radix, K_MAX, K_LIMIT) & ~1u;
}
#define OSR_MAX 3

typedef struct
{
  guint c;                /* chips a board */
  guint rails;            /* leaves a rack (a rail group): C rail-optimized, else 1 */
  guint d, u;             /* a leaf's (ToR's) ports down and up */
  guint d_agg, u_agg;     /* 3 layers: an aggregation switch's */
  guint p;                /* parallel links to each spine (2 layers) or core (3 layers) */
  guint n_leaf;           /* 2 layers: leaves; 3 layers: ToRs (of one plane) */
  guint n_unit;           /* a leaf and its d boards, or a rail group (d boards, C leaves) */
  guint per_rack;         /* boards a rack holds, by count and by power */
  guint unit_racks;       /* racks a unit's boards fill: 1, or with rails as many as its d
                           * boards need when a rack holds fewer (its leaves then in the pod) */
  guint n_rack;           /* n_unit x unit_racks */
  guint n_spine;          /* 2 layers */
  guint n_group;          /* 3 layers: fat-tree groups of d_agg ToRs and u aggregation switches */
  guint cores_per_plane;  /* 3 layers */
  guint64 capacity;       /* leaf ports (boards or chips) the switches could serve */
  guint64 n_port;         /* leaf ports used: boards, or chips with rails */
} Shape;

/* Pods: leaves (2 layers) or whole fat-tree groups of d_agg racks (3 layers) per pod. */
typedef struct
{
  guint n_pod;
  guint units_per_pod;   /* 2 layers */
  guint groups_per_pod;  /* 3 layers */
} Pods;

/* A fat-tree group's racks: its d_agg ToRs' units' (a 3-layer group holds whole rail groups;
 * 2 layers have one group). */
static guint
group_racks (const Shape *s)
{
  return MAX (1, s->d_agg / s->rails) * s->unit_racks;
}

static void
get_pods (const TfContext     *ctx,
          const FatTreeParams *p,
          const Shape         *s,
          Pods                *pods)
{
  if (s->n_rack <= ctx->racks_per_pod_max)
    {
      *pods = (Pods) { 1, s->n_unit, s->n_group };
      return;
    }
  pods->units_per_pod = MAX (1, ctx->racks_per_pod_max / s->unit_racks);
  pods->groups_per_pod = MAX (1, ctx->racks_per_pod_max / group_racks (s));
  pods->n_pod = p->layers == 2 ? tf_pack_count (s->n_unit, pods->units_per_pod)
                               : tf_pack_count (s->n_group, pods->groups_per_pod);
}

static gboolean
port_split (guint  k,
            guint  osr,
            guint *d,
            guint *u)
{
  *d = *u = 0;
  if ((k * osr) % (osr + 1) != 0)
    return FALSE;
  *d = k * osr / (osr + 1);
  *u = k - *d;
  return TRUE;
}

/* The most parallel links, dividing @uplinks, with which @children each fit a parent's @k
 * ports, leaving two parents or more in all (@planes of uplinks / p each): the spine or core
 * sized to need. One spine would be one switch whose failure splits the tree. */
static guint
filling_p (guint uplinks,
           guint children,
           guint planes,
           guint k)
{
  guint best = 1;

  for (guint p = 1; p <= uplinks; p++)
    if (uplinks % p == 0 && (guint64) children * p <= k && (guint64) planes * (uplinks / p) >= 2)
      best = p;
  return best;
}

static void
get_shape (const TfContext     *ctx,
           const FatTreeParams *p,
           Shape               *s)
{
  memset (s, 0, sizeof *s);
  s->c = p->n_endpoint > 0 ? ctx->n_chip / p->n_endpoint : 0;
  s->rails = p->at.attach == TF_ATTACH_RAIL ? s->c : 1;
  port_split (p->k, p->osr, &s->d, &s->u);
  s->n_port = (guint64) p->n_endpoint * s->rails;
  s->n_unit = s->d > 0 ? p->n_endpoint / s->d : 0;
  s->unit_racks = 1;
  /* A rail group's boards fill racks as count and power allow; a leaf's stay in its rack. */
  s->per_rack = s->c > 0 ? tf_boards_per_rack (ctx, s->c) : 1;
  if (p->at.attach == TF_ATTACH_RAIL && s->d > s->per_rack)
    s->unit_racks = tf_pack_count (s->d, s->per_rack);
  s->n_rack = s->n_unit * s->unit_racks;
  s->n_leaf = s->n_unit * s->rails;
  if (p->layers == 2)
    {
      s->p = MAX (1, p->p_levels[0]);
      s->d_agg = s->d;
      s->n_group = 1;
      s->n_spine = s->u / s->p;
      s->capacity = (guint64) s->d * (p->k / s->p);
    }
  else
    {
      port_split (p->k, p->agg_osr, &s->d_agg, &s->u_agg);
      s->p = MAX (1, p->p_levels[1]);
      s->n_group = s->d_agg > 0 ? (s->n_leaf + s->d_agg - 1) / s->d_agg : 0;
      s->cores_per_plane = s->u_agg / s->p;
      s->capacity = (guint64) s->d * s->d_agg * (p->k / s->p);
    }
}

static gboolean
check_parallel_links (const FatTreeParams *p,
                      const Shape         *s,
                      guint                uplinks,
                      guint                children,
                      guint                planes,
                      const char          *parent,
                      GString             *why)
{
  guint fill = filling_p (uplinks, children, planes, p->k);

  if (s->p != 1 && s->p != fill)
    return tf_reject (why, "p_levels: %u links to each %s; a variant's %ss are as full as an "
                           "even split of the %u uplinks allows, keeping two or more (p = %u); "
                           "the k-ary n-tree's have p = 1", s->p, parent, parent, uplinks,
                           fill);
  return TRUE;
}

static gboolean
fat_tree_check (const TfContext *ctx,
                TfResult        *result,
                GString         *why)
{
  FatTreeParams p;
  guint d, u;
  Shape s;
  guint aggressive = ctx->warning_thresholds[TF_THRESHOLD_FAT_TREE_AGGRESSIVE_OSR];

  TF_PARAMS_GET (&result->params, FatTreeParams, &p);
  if (p.layers != 2 && p.layers != 3)
    return tf_reject (why, "layers = %u: layers must be 2 or 3", p.layers);
  if (p.k < K_MIN || p.k > k_max (ctx) || p.k % 2 != 0)
    return tf_reject (why, "k = %u: k must be even, from %u to %u (up to "
                           "defaults.switch.radix when it is above %u)",
                           p.k, K_MIN, k_max (ctx), K_MAX);
  if (p.osr < 1 || p.osr > OSR_MAX)
    return tf_reject (why, "osr = %u: osr must be from 1 to %u",
                           p.osr, OSR_MAX);
  if (!port_split (p.k, p.osr, &d, &u))
    return tf_reject (why, "k = %u, osr = %u: d (osr + 1) = k osr has no integer "
                           "solution", p.k, p.osr);
  if (p.layers == 3 && (p.agg_osr < 1 || p.agg_osr > OSR_MAX))
    return tf_reject (why, "agg_osr = %u: agg_osr must be from 1 to %u", p.agg_osr, OSR_MAX);
  if (p.layers == 3 && !port_split (p.k, p.agg_osr, &d, &u))
    return tf_reject (why, "k = %u, agg_osr = %u: d (osr + 1) = k osr has no integer "
                           "solution", p.k, p.agg_osr);
  if (p.n_endpoint < 1 || ctx->n_chip % p.n_endpoint != 0)
    return tf_reject (why, "n_endpoint = %u must divide n_chip = %u",
                           p.n_endpoint, ctx->n_chip);
  get_shape (ctx, &p, &s);
  if (!tf_attachment_check (&p.at, ctx, s.c, why))
    return FALSE;
  if (p.n_endpoint % s.d != 0)
    return tf_reject (why, "d = %u must divide n_endpoint = %u (full racks)",
                           s.d, p.n_endpoint);
  if (p.at.attach == TF_ATTACH_RAIL && p.layers == 3 && s.d_agg % s.c != 0)
    return tf_reject (why, "attach = rail: C_board = %u must divide d_agg = %u, so a fat-tree "
                           "group holds whole rail groups", s.c, s.d_agg);
  if (p.p_levels[p.layers - 1] != 1 || (p.layers == 3 && p.p_levels[0] != 1))
    return tf_reject (why, "p_levels: a %s has parallel links to its parents only at the %s "
                           "level", p.layers == 2 ? "2-layer tree" : "3-layer tree",
                           p.layers == 2 ? "leaf" : "aggregation");
  if (p.layers == 2)
    {
      /* With two leaves every spine only relays between them: dead hardware (two leaves
       * linked directly do the same), never generated (docs/optimizer.md). */
      if (s.n_leaf < 3)
        return tf_reject (why, "n_endpoint = %u fills %u lea%s of d = %u; spines need three "
                               "leaves to join, or each only relays between two",
                          p.n_endpoint, s.n_leaf, s.n_leaf == 1 ? "f" : "ves", s.d);
      if (s.u % s.p != 0)
        return tf_reject (why, "p_levels: p = %u must divide the leaf's u = %u uplinks",
                               s.p, s.u);
      if (s.n_spine > s.n_leaf)
        return tf_reject (why, "N_spine = u / p = %u exceeds N_leaf = %u", s.n_spine,
                               s.n_leaf);
      if ((guint64) s.n_leaf * s.p > p.k)
        return tf_reject (why, "N_leaf = %u leaves of %u links each exceed the k = %u ports "
                               "of a spine", s.n_leaf, s.p, p.k);
      if (!check_parallel_links (&p, &s, s.u, s.n_leaf, 1, "spine", why))
        return FALSE;
    }
  else
    {
      if (s.u_agg % s.p != 0)
        return tf_reject (why, "p_levels: p = %u must divide an aggregation switch's "
                               "u_agg = %u uplinks", s.p, s.u_agg);
      if (s.n_port > s.capacity)
        return tf_reject (why, "%" G_GUINT64_FORMAT " %s exceed the 3-layer capacity "
                               "d d_agg floor (k / p) = %" G_GUINT64_FORMAT, s.n_port,
                               p.at.attach == TF_ATTACH_RAIL ? "chips" : "boards", s.capacity);
      if (s.n_group < 3)
        return tf_reject (why, "n_endpoint = %u fills %u fat-tree group%s of "
                               "d d_agg = %u; a core layer needs three, or each core only "
                               "relays between two", p.n_endpoint, s.n_group,
                          s.n_group == 1 ? "" : "s", s.d * s.d_agg);
      /* An aggregation switch joins its group's ToRs and its cores: the last group, partly
       * filled, must give it three neighbours or it only relays. */
      if (s.n_leaf - (s.n_group - 1) * s.d_agg + s.cores_per_plane < 3)
        return tf_reject (why, "the last fat-tree group holds %u ToR%s and an aggregation "
                               "switch %u core%s: it would only relay between them",
                          s.n_leaf - (s.n_group - 1) * s.d_agg,
                          s.n_leaf - (s.n_group - 1) * s.d_agg == 1 ? "" : "s",
                          s.cores_per_plane, s.cores_per_plane == 1 ? "" : "s");
      if (!check_parallel_links (&p, &s, s.u_agg, s.n_group, s.u, "core", why))
        return FALSE;
    }

  result->n_endpoint = p.n_endpoint;
  result->chips_per_board = ctx->n_chip / p.n_endpoint;

  if (p.layers == 3
      && p.n_endpoint < ctx->warning_thresholds[TF_THRESHOLD_FAT_TREE_3_LAYER_MIN_ENDPOINTS])
    tf_result_add_warning (result, &tf_warning_over_engineered);
  if (p.osr >= aggressive || (p.layers == 3 && p.agg_osr >= aggressive))
    tf_result_add_warning (result, &warning_aggressive_oversubscription);
  if (s.unit_racks == 1 && s.d > ctx->boards_per_rack_max)
    tf_result_add_warning (result, &tf_warning_rack_overflow);
  tf_result_check_rack_power (ctx, result, s.unit_racks == 1 ? s.d : s.per_rack);
  if (s.n_rack > ctx->racks_per_pod_max
      && (p.layers == 3 ? group_racks (&s) : s.unit_racks) > ctx->racks_per_pod_max)
    tf_result_add_warning (result, &tf_warning_pod_overflow);
  if (tf_result_low_utilization (ctx, (double) s.capacity, (double) s.n_port))
    tf_result_add_warning (result, &tf_warning_low_utilization);
  return TRUE;
}

typedef struct
{
  const TfContext *ctx;
  TfParamsVisitor  visit;
  gpointer         data;
  FatTreeParams    p;
} Walk;

/* The k-ary n-tree (p = 1) and, when it differs, the variant sized to need. */
static gboolean
walk_attachment (guint               n_endpoint,
                 const TfAttachment *at,
                 gpointer            data)
{
  Walk *w = data;
  FatTreeParams p = w->p;
  guint level = p.layers - 2;  /* the level with parallel links */
  TfParams params;
  Shape s;
  guint fill;

  p.n_endpoint = n_endpoint;
  p.at = *at;
  get_shape (w->ctx, &p, &s);
  if (s.d == 0 || p.n_endpoint % s.d != 0)
    return TRUE;
  fill = p.layers == 2 ? filling_p (s.u, s.n_leaf, 1, p.k)
                       : filling_p (s.u_agg, s.n_group, s.u, p.k);
  for (guint i = 0; i < 2; i++)
    {
      p.p_levels[level] = i == 0 ? 1 : fill;
      if (i == 1 && fill == 1)
        break;
      TF_PARAMS_SET (&params, FatTreeParams, &p);
      if (!w->visit (&params, w->data))
        return FALSE;
    }
  return TRUE;
}

static gboolean
fat_tree_walk (const TfContext *ctx,
               TfParamsVisitor  visit,
               gpointer         data)
{
  Walk w = { ctx, visit, data };

  for (guint layers = 2; layers <= 3; layers++)
    for (guint k = K_MIN; k <= k_max (ctx); k += 2)
      for (guint osr = 1; osr <= OSR_MAX; osr++)
        for (guint agg_osr = layers == 3 ? 1 : 0; agg_osr <= (layers == 3 ? OSR_MAX : 0);
             agg_osr++)
          {
            guint d, u;

            if (!port_split (k, osr, &d, &u)
                || (layers == 3 && !port_split (k, agg_osr, &d, &u)))
              continue;
            w.p = (FatTreeParams) { layers, k, osr, 0, agg_osr, { 1, 1, layers == 3 } };
            if (!tf_attachment_foreach_boards (ctx, walk_attachment, &w))
              return FALSE;
          }
  return TRUE;
}

static gboolean
three_layers (gconstpointer params)
{
  const FatTreeParams *p = params;

  return p->layers == 3;
}

/* The id's keys. The variants' parameters are left out when they are the k-ary n-tree's, so a
 * result has one id: the aggregation's oversubscription (a 3-layer tree's, the leaves' by
 * default) and the planes per level (1 each). family_attrs are the spec's, in its order
 * (fat_tree_attrs). */
static const TfIdKey fat_tree_id_keys[] = {
  TF_ID_KEY_UINT ("layers", FatTreeParams, layers, 2, 3, 0),
  TF_ID_KEY_UINT ("k", FatTreeParams, k, K_MIN, K_LIMIT, 0),
  TF_ID_KEY_UINT ("osr", FatTreeParams, osr, 1, OSR_MAX, 0),
  TF_ID_KEY_UINT ("n_endpoint", FatTreeParams, n_endpoint, 1, TF_N_CHIP_MAX, 0),
  { .key = "agg_osr", .kind = TF_ID_UINT, .offset = G_STRUCT_OFFSET (FatTreeParams, agg_osr),
    .min = 1, .max = OSR_MAX, .flags = TF_ID_OPTIONAL, .default_key = "osr",
    .applies = three_layers, .only = "only a 3-layer tree has aggregation switches" },
  { .key = "p_levels", .kind = TF_ID_LIST, .offset = G_STRUCT_OFFSET (FatTreeParams, p_levels),
    .min = 1, .max = K_LIMIT, .min_len = 2, .max_len = 3, .len_key = "layers",
    .flags = TF_ID_OPTIONAL, .default_value = 1 },
  TF_ATTACHMENT_ID_KEYS (FatTreeParams, at),
};

static void
fat_tree_attrs (const TfResult *result,
                TfAttrs        *attrs)
{
  FatTreeParams p;
  guint d, u, d_agg, u_agg;
  guint32 w[3];

  TF_PARAMS_GET (&result->params, FatTreeParams, &p);
  port_split (p.k, p.osr, &d, &u);
  w[0] = w[1] = u;
  if (p.layers == 3)
    {
      port_split (p.k, p.agg_osr, &d_agg, &u_agg);
      w[1] = w[2] = u_agg;
    }
  tf_attrs_add_int (attrs, "k", p.k);
  tf_attrs_add_int (attrs, "layers", p.layers);
  tf_attrs_add_int (attrs, "osr", p.osr);
  tf_attrs_add_list (attrs, "w_levels", w, p.layers);
  tf_attrs_add_list (attrs, "p_levels", p.p_levels, p.layers);
  /* Beyond the spec's keys, only where they differ from its tree: leaves a rail group (C_board
   * rail-optimized) and copies of the fabric. */
  tf_attachment_attrs (&p.at, result->chips_per_board, attrs);
}

static void
fat_tree_attachment (const TfResult *result,
                     TfAttachment   *at)
{
  FatTreeParams p;

  TF_PARAMS_GET (&result->params, FatTreeParams, &p);
  *at = p.at;
}

/* Switches of one plane. */
static guint
plane_switches (const FatTreeParams *p,
                const Shape         *s)
{
  return p->layers == 2 ? s->n_leaf + s->n_spine
                        : s->n_leaf + s->n_group * s->u + s->u * s->cores_per_plane;
}

static void
fat_tree_count (const TfContext *ctx,
                const TfResult  *result,
                TfMetrics       *m)
{
  FatTreeParams p;
  Shape s;
  Pods pods;
  guint64 lanes = tf_result_lanes (ctx, result);
  guint64 uplinks;

  TF_PARAMS_GET (&result->params, FatTreeParams, &p);
  get_shape (ctx, &p, &s);
  get_pods (ctx, &p, &s, &pods);
  uplinks = (guint64) s.n_leaf * s.u * lanes * p.at.planes;
  /* A chip's links stay in its rack, or reach its unit's leaves in the pod. */
  if (s.unit_racks == 1)
    tf_metrics_add_links (m, TF_LINK_B2B, TF_REACH_RACK, (guint64) ctx->n_chip * ctx->chip_radix);
  else
    tf_metrics_add_links (m, TF_LINK_R2R, TF_REACH_POD, (guint64) ctx->n_chip * ctx->chip_radix);
  /* A ToR's aggregation switches share its pod; spines share it only within one pod. */
  if (p.layers == 2 && pods.n_pod > 1)
    tf_metrics_add_links (m, TF_LINK_P2P, TF_REACH_DATACENTER, uplinks);
  else
    tf_metrics_add_links (m, TF_LINK_R2R, TF_REACH_POD, uplinks);
  if (p.layers == 3)
    tf_metrics_add_links (m, TF_LINK_P2P, TF_REACH_DATACENTER,
                          (guint64) s.n_group * s.u * s.u_agg * lanes * p.at.planes);
  m->switch_count = plane_switches (&p, &s) * p.at.planes;
  m->links_per_chip_min = m->links_per_chip_max = ctx->chip_radix;
}

/* A leaf (ToR) uses all k ports, d boards and u uplinks; spines, aggregation and core switches
 * use no more (N_leaf p <= k; d_agg ToRs + u_agg cores; N_group p <= k). */
static guint64
fat_tree_switch_ports (const TfContext *ctx,
                       const TfResult  *result)
{
  FatTreeParams p;

  TF_PARAMS_GET (&result->params, FatTreeParams, &p);
  return p.k;
}

/* The leaf of endpoint @e: its board's (e / d), or, with rails, leaf j of its board's rail
 * group for chip j. */
static guint
endpoint_leaf (const FatTreeParams *p,
               const Shape         *s,
               guint                e)
{
  return tf_attachment_leaf (&p->at, e, s->d, s->c);
}

/* One plane's switches and links; @first is its first switch. */
static void
build_plane (TfBuild             *b,
             const FatTreeParams *p,
             const Shape         *s,
             const Pods          *pods,
             guint                plane,
             guint                first)
{
  char pre[16];
  guint n_ep = b->n_endpoint;

  tf_attachment_plane_prefix (&p->at, plane, pre);
#define NODE(i) tf_build_switch_node (b, first + (i))
  if (p->layers == 2)
    {
      for (guint i = 0; i < s->n_leaf; i++)
        if (s->unit_racks == 1)
          tf_build_add_switch (b, TF_TIER_RACK, i / s->rails, "%sleaf%u", pre, i);
        else
          tf_build_add_switch (b, TF_TIER_POD, i / s->rails / pods->units_per_pod,
                               "%sleaf%u", pre, i);
      /* Spines join every leaf: pod switches while the leaves share a pod. */
      for (guint j = 0; j < s->n_spine; j++)
        tf_build_add_switch (b, pods->n_pod == 1 ? TF_TIER_POD : TF_TIER_DATACENTER, 0,
                             "%sspine%u", pre, j);
      for (guint e = 0; e < n_ep; e++)
        tf_build_add_link (b, e, NODE (endpoint_leaf (p, s, e)), 1);
      for (guint i = 0; i < s->n_leaf; i++)
        for (guint j = 0; j < s->n_spine; j++)
          tf_build_add_link (b, NODE (i), NODE (s->n_leaf + j), s->p);
    }
  else
    {
      guint first_agg = s->n_leaf, first_core = s->n_leaf + s->n_group * s->u;

      for (guint t = 0; t < s->n_leaf; t++)
        if (s->unit_racks == 1)
          tf_build_add_switch (b, TF_TIER_RACK, t / s->rails, "%stor%u", pre, t);
        else
          tf_build_add_switch (b, TF_TIER_POD, t / s->d_agg / pods->groups_per_pod,
                               "%stor%u", pre, t);
      for (guint g = 0; g < s->n_group; g++)
        for (guint j = 0; j < s->u; j++)
          tf_build_add_switch (b, TF_TIER_POD, g / pods->groups_per_pod, "%sagg%u", pre,
                               g * s->u + j);
      for (guint c = 0; c < s->u * s->cores_per_plane; c++)
        tf_build_add_switch (b, TF_TIER_DATACENTER, 0, "%score%u", pre, c);

      for (guint e = 0; e < n_ep; e++)
        tf_build_add_link (b, e, NODE (endpoint_leaf (p, s, e)), 1);
      for (guint t = 0; t < s->n_leaf; t++)
        for (guint j = 0; j < s->u; j++)
          tf_build_add_link (b, NODE (t), NODE (first_agg + (t / s->d_agg) * s->u + j), 1);
      /* Plane j of the cores (not of the fabric): aggregation switch j of every group and
       * cores j c .. j c + c - 1. */
      for (guint g = 0; g < s->n_group; g++)
        for (guint j = 0; j < s->u; j++)
          for (guint c = j * s->cores_per_plane; c < (j + 1) * s->cores_per_plane; c++)
            tf_build_add_link (b, NODE (first_agg + g * s->u + j), NODE (first_core + c), s->p);
    }
#undef NODE
}

static gboolean
fat_tree_build (const TfContext *ctx,
                const TfResult  *result,
                TfBuild         *b,
                GError         **error)
{
  FatTreeParams p;
  Shape s;
  Pods pods;

  TF_PARAMS_GET (&result->params, FatTreeParams, &p);
  get_shape (ctx, &p, &s);
  get_pods (ctx, &p, &s, &pods);
  /* With rails the endpoints are chips, board by board, each board's C chips on the C leaves
   * of its rail group. */
  tf_build_set_shape (b, tf_attachment_n_endpoint (&p.at, p.n_endpoint, s.c), s.c,
                      p.n_endpoint, s.n_rack, pods.n_pod);
  tf_attachment_set_endpoint_boards (&p.at, b);
  /* A unit's racks filled in order, per_rack boards each when it needs several. */
  for (guint e = 0; e < p.n_endpoint; e++)
    b->board_rack[e] = (e / s.d) * s.unit_racks
                       + (s.unit_racks == 1 ? 0 : (e % s.d) / s.per_rack);
  for (guint r = 0; r < s.n_rack; r++)
    b->rack_pod[r] = p.layers == 2 ? r / s.unit_racks / pods.units_per_pod
                                   : r / group_racks (&s) / pods.groups_per_pod;
  for (guint q = 0; q < p.at.planes; q++)
    build_plane (b, &p, &s, &pods, q, q * plane_switches (&p, &s));
  return TRUE;
}

static void
fat_tree_metrics (const TfContext *ctx,
                  const TfResult  *result,
                  const TfBuild   *build,
                  TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  FatTreeParams p;
  TfBoardTopo bt;
  Shape s;

  tf_result_link_speeds (ctx, result, &speeds);

  TF_PARAMS_GET (&result->params, FatTreeParams, &p);
  get_shape (ctx, &p, &s);
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);

  /* Leaves are 2 hops apart through a spine (2 layers) and 4 through a core (3 layers, two or
   * more groups by the hard constraints); a board's chips on different rails are too. */
  m->diameter = tf_switch_chip_diameter (&bt, p.n_endpoint, s.n_leaf, p.layers == 2 ? 2 : 4);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  /* One rail group: chips i and j of two boards are 2 apart through leaf j and the board's
   * own path from i to j, or 4 through a spine; the farthest pair is the board's farthest. */
  if (p.at.attach == TF_ATTACH_RAIL && s.n_unit == 1 && bt.topo != TF_INTRA_BOARD_NONE)
    m->diameter = MIN (m->diameter, 2 + tf_board_topo_diameter (&bt));
  /* Boards (two or more) hang off one leaf of each plane, which separate them: one path a
   * plane. With rails a chip's board neighbours reach other leaves, and the chip's own
   * neighbours, its leaves and those, are a cut: an upper bound. */
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, p.n_endpoint) * p.at.planes;
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  if (p.at.attach == TF_ATTACH_RAIL && bt.topo != TF_INTRA_BOARD_NONE)
    {
      m->path_diversity = p.at.planes + (guint) tf_board_topo_degree (&bt);
      m->path_diversity_method = TF_METHOD_UPPER_BOUND;
    }
  tf_bisection_switch_family (ctx, &speeds, build, NULL, &bt, m);
}

const TfFamily tf_family_fat_tree = {
  .name = "fat-tree",
  .description = N_("PGFT of 2 or 3 switch layers: the k-ary n-tree and the variants built in "
                     "practice; leaves take boards, or their chips rail by rail"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = (1u << TF_SCOPE_INTRA_RACK) | (1u << TF_SCOPE_INTER_RACK),
  .direct = FALSE,
  .walk = fat_tree_walk,
  .id_keys = fat_tree_id_keys,
  .n_id_keys = G_N_ELEMENTS (fat_tree_id_keys),
  .check = fat_tree_check,
  .attrs = fat_tree_attrs,
  .count = fat_tree_count,
  .switch_ports = fat_tree_switch_ports,
  .build = fat_tree_build,
  .metrics = fat_tree_metrics,
  .metrics_need_build = TRUE,
  .attachment = fat_tree_attachment,
};
