/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-private.h: what a topology family implements, and the helpers it may use.
 *
 * A family works at the endpoint level (@tbl-spec-topo-04): it walks its parameter space, checks
 * one parameter set against the context (the hard constraints, "正确性约束"), adds its own soft
 * warnings, and builds the endpoint-level network (a TfBuild) with switches, links and the
 * physical grouping. The framework (generate.c) expands endpoints into chips, adds the
 * IntraBoardTopo links and checks the invariants. Adding a family is one family-<name>.c that
 * defines tf_family_<name>, plus one line in engine/families/meson.build's `families`.
 */
#pragma once

#include <string.h>

#include <glib/gi18n-lib.h>

#include "topoforge.h"
#include "build-private.h"
#include "group-rotation-private.h"
#include "id-private.h"

G_BEGIN_DECLS

/* How a switched family's chips attach to its fabric (attachment-private.h). */
typedef enum
{
  TF_ATTACH_BOARD,   /* a leaf port takes a board */
  TF_ATTACH_RAIL,    /* rail-optimized: a leaf port takes one chip of a board */
  TF_N_ATTACH
} TfAttach;

typedef struct
{
  guint32 attach;  /* TfAttach */
  guint32 planes;  /* copies of the switched fabric: 1 .. chip_radix, dividing it */
} TfAttachment;

typedef gboolean (*TfParamsVisitor) (const TfParams *params, gpointer user_data);

struct _TfFamily
{
  const char *name;
  const char *description;
  TfTier      leaf_tier;
  guint       scopes;                 /* bits (1 << TfScope) */
  gboolean    direct;                 /* endpoints link to endpoints, no switches */
  const char *no_intra_board_reason;  /* non-NULL: intra_board_topo must be none, and why */
  const char *size_rule;              /* non-NULL: the chip counts it has results for, said
                                       * where it has none (marked for translation) */

  /* Visits candidate parameter sets; the framework checks each with check(). Returns FALSE when
   * the visitor asked to stop. */
  gboolean (*walk) (const TfContext *ctx, TfParamsVisitor visit, gpointer user_data);
  /* The id's keys (id-private.h), in the order an id lists them: parsed, formatted and (those
   * marked TF_ID_ATTR) listed as family_attrs by the framework from this one table. */
  const TfIdKey *id_keys;
  guint          n_id_keys;
  /* Hard constraints: fills n_endpoint, chips_per_board and the family's own warnings, or
   * returns FALSE with the broken rule in @why. */
  gboolean (*check) (const TfContext *ctx, TfResult *result, GString *why);
  /* family_attrs, when they are not the TF_ID_ATTR keys (then the attachment's): NULL. */
  void     (*attrs) (const TfResult *result, TfAttrs *attrs);
  /* Closed-form counts of the generated graph: links by type and reach (tf_metrics_add_links),
   * switches, and the links at a chip from the family (the framework adds the board's). */
  void     (*count) (const TfContext *ctx, const TfResult *result, TfMetrics *metrics);
  /* The most family-level ports any one switch uses (0 without switches); times the lanes this
   * is the physical radix the radix-too-large warning judges. */
  guint64  (*switch_ports) (const TfContext *ctx, const TfResult *result);
  gboolean (*build) (const TfContext *ctx, const TfResult *result, TfBuild *build,
                     GError **error);
  /* Diameter, bisection and path diversity; @build is the family's build of @result when
   * metrics_need_build is set, else NULL. */
  void     (*metrics) (const TfContext *ctx, const TfResult *result, const TfBuild *build,
                       TfMetrics *metrics);
  gboolean    metrics_need_build;
  /* Optional, switched families: how @result's chips attach (rails, planes); without it,
   * whole boards to one fabric. */
  void     (*attachment) (const TfResult *result, TfAttachment *at);
  /* Optional, families whose groups rotate onto groups: the rotation of @result's graph, its
   * last group perhaps partly filled (group-rotation-private.h; the build's n_group and
   * group_switches are the same), which Layer 1 checks before using. FALSE: none. */
  gboolean (*group_rotation) (const TfContext *ctx, const TfResult *result,
                              TfGroupRotation *rotation);
};

/* The rotation @result's family declares of its graph, when it declares one. */
gboolean tf_result_get_group_rotation (const TfContext *ctx, const TfResult *result,
                                       TfGroupRotation *rotation);

static inline void
tf_result_get_attachment (const TfResult *result,
                          TfAttachment   *at)
{
  at->attach = TF_ATTACH_BOARD;
  at->planes = 1;
  if (result->family->attachment != NULL)
    result->family->attachment (result, at);
}

/* The physical links a multiplicity of 1 stands for, on a link at a chip (chip_radix, shared by
 * the planes) and on a switch-switch link: a board port's, C_board x that, for Tier-7 families
 * with boards on their leaves; one chip's with rails; 1 for Tier-6 ones, whose endpoints are
 * chips. */
static inline void
tf_result_get_lanes (const TfContext *ctx,
                     const TfResult  *result,
                     guint64         *chip_lanes,
                     guint64         *port_lanes)
{
  TfAttachment at;

  tf_result_get_attachment (result, &at);
  *chip_lanes = ctx->chip_radix / at.planes;
  if (result->family->leaf_tier != TF_TIER_BOARD)
    *port_lanes = 1;
  else
    *port_lanes = *chip_lanes * (at.attach == TF_ATTACH_RAIL ? 1 : result->chips_per_board);
}

static inline guint64
tf_result_lanes (const TfContext *ctx,
                 const TfResult  *result)
{
  guint64 chip, port;

  tf_result_get_lanes (ctx, result, &chip, &port);
  return port;
}

/* The bandwidth of one physical link of each kind in @result (tf_family_check () set its
 * chip-to-chip links per chip). */
static inline void
tf_result_link_speeds (const TfContext *ctx,
                       const TfResult  *result,
                       TfLinkSpeeds    *speeds)
{
  tf_link_speeds_init (speeds, ctx, result->metrics.c2c_links_per_chip);
}

/* Rack power (docs/spec-notes.md, "Rack power"): what one of @result's boards draws, W; the
 * boards a rack of it holds (boards_per_rack_max, fewer by power); and the warning
 * rack-power-overflow where a rack must hold @boards of them over its budget. */
double   tf_board_power_w (const TfContext *ctx, guint chips_per_board);
guint    tf_boards_per_rack (const TfContext *ctx, guint chips_per_board);
void     tf_result_check_rack_power (const TfContext *ctx, TfResult *result, guint64 boards);
/* Whether a capacity of @capacity boards (or ports) for @need is more than the context's
 * low_utilization_percent of it: low-utilization. */
gboolean tf_result_low_utilization (const TfContext *ctx, double capacity, double need);

static inline guint
tf_result_boards_per_rack (const TfContext *ctx,
                           const TfResult  *result)
{
  return tf_boards_per_rack (ctx, result->chips_per_board);
}

/* Appends the parameters of @result's id (after "family:"). */
void     tf_family_format_id (const TfResult *result, GString *out);

/* The family's build of @result, its lanes filled in. */
gboolean tf_family_build (const TfContext *ctx, const TfResult *result, TfBuild *build,
                          GError **error);

/* Warnings shared by several families (warning.c) */
extern const TfWarning tf_warning_dense_pcb_impractical;
extern const TfWarning tf_warning_non_standard_scope;
extern const TfWarning tf_warning_low_utilization;
extern const TfWarning tf_warning_over_engineered;
extern const TfWarning tf_warning_degenerate;
extern const TfWarning tf_warning_non_balanced_global_link;
extern const TfWarning tf_warning_radix_too_large;
extern const TfWarning tf_warning_rack_overflow;
extern const TfWarning tf_warning_pod_overflow;
extern const TfWarning tf_warning_high_dimension;
extern const TfWarning tf_warning_asymmetric;
extern const TfWarning tf_warning_bandwidth_over_budget;
extern const TfWarning tf_warning_rack_power_overflow;

void tf_result_add_warning (TfResult *result, const TfWarning *warning);
/* Writes why a check failed into @why when there is one, and returns FALSE. */
gboolean tf_reject (GString *why, const char *format, ...) G_GNUC_PRINTF (2, 3);

typedef enum
{
  TF_CHECK_OK,
  TF_CHECK_ILLEGAL,      /* breaks a hard constraint in this context */
  TF_CHECK_INTRA_BOARD,  /* intra_board_topo cannot apply to this result */
  TF_CHECK_OVERSIZE,   /* legal, but beyond TF_LINK_COUNT_MAX */
} TfCheck;

/* The family's check plus the framework's rules: intra_board_topo against the derived C_board,
 * connectivity of board lanes, the size limit, and the shared warnings. Fills
 * result->metrics.link_count and switch_count. */
TfCheck tf_family_check (const TfFamily *family, const TfContext *ctx, TfResult *result,
                         GString *why);
/* Fills the layout figures of a checked result (cost, cables, injection bandwidth, racks,
 * pods) from @build, or from the family's build made for it when @build is NULL; nothing when
 * the layout is not measured. */
gboolean tf_family_compute_layout (const TfFamily *family, const TfContext *ctx,
                                   TfResult *result, const TfBuild *build, GError **error);
/* Physical links up to which a family whose metrics need no build has its layout measured:
 * beyond, building one costs far more than its closed forms (a 720,720-chip torus), and the
 * layout is left unmeasured, the same whoever asks (docs/metrics.md). */
#define TF_LAYOUT_MAX_LINKS (G_GUINT64_CONSTANT (1) << 20)
/* Whether enumerate and generate measure the layout of a checked result. */
gboolean tf_family_layout_measured (const TfFamily *family, const TfResult *result);
/* Fills the remaining metrics of a checked result from the family's closed forms, using
 * @build, or building the family graph when the family needs one and @build is NULL; the
 * layout figures too, unless they are there already, when the build is at hand or small. */
gboolean tf_family_compute_metrics (const TfFamily *family, const TfContext *ctx,
                                    TfResult *result, const TfBuild *build, GError **error);

/* The family's place in the registry (engine/families/meson.build's `families`), which orders
 * families wherever they meet: the enumeration, and ties of a query's sort. */
guint tf_family_get_registry_index (const TfFamily *family);

/* switch_ports for families without switches */
guint64 tf_family_no_switch_ports (const TfContext *ctx, const TfResult *result);

/* Small arithmetic helpers for families */
gboolean tf_is_power_of_two (guint64 v);
guint    tf_integer_log2 (guint64 v);
/* Calls @visit for each divisor of @n in increasing order; stops when it returns FALSE. */
gboolean tf_foreach_divisor (guint n, gboolean (*visit) (guint divisor, gpointer data),
                             gpointer data);

/* Parameter blobs: a family keeps its own struct inside TfParams. */
#define TF_PARAMS_GET(params, type, out) \
  G_STMT_START { \
    G_STATIC_ASSERT (sizeof (type) <= sizeof (TfParams)); \
    memcpy ((out), (params)->words, sizeof (type)); \
  } G_STMT_END
#define TF_PARAMS_SET(params, type, in) \
  G_STMT_START { \
    G_STATIC_ASSERT (sizeof (type) <= sizeof (TfParams)); \
    memset ((params), 0, sizeof (TfParams)); \
    memcpy ((params)->words, (in), sizeof (type)); \
  } G_STMT_END

void tf_attrs_add_int (TfAttrs *attrs, const char *key, gint64 value);
void tf_attrs_add_list (TfAttrs *attrs, const char *key, const guint32 *values, guint n);

/* Fills every metric of @result, measuring on @graph; @build is the family's build of the
 * result, or NULL for a graph no family describes (result->family NULL). */
gboolean tf_measure (const TfContext *ctx, TfResult *result, const TfBuild *build,
                     TfNetworkGraph *graph, TfProgressFunc progress, gpointer progress_data,
                     GError **error);

G_END_DECLS
