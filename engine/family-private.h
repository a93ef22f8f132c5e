/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-private.h: what a topology family implements, and the helpers it may use.
 *
 * A family works at the endpoint level (@tbl-spec-topo-04): it walks its parameter space, checks
 * one parameter set against the context (the hard constraints, "正确性约束"), adds its own soft
 * warnings, and builds the endpoint-level network (a TfBuild) with switches, links and the
 * physical grouping. The framework (generate.c) expands endpoints into chips, adds the
 * IntraBoardTopo links and checks the invariants. Adding a family is one family-<name>.c that
 * defines tf_family_<name>, plus one line in engine/meson.build's `families`.
 */
#pragma once

#include <string.h>

#include <glib/gi18n-lib.h>

#include "topoforge.h"
#include "id-private.h"

G_BEGIN_DECLS

/* The endpoint-level network a family builds. Nodes: endpoint e is node e, switch i is node
 * n_endpoint + i. For Tier-7 leaf families an endpoint is a board; for Tier-6 leaf families it is
 * a chip and endpoint_board says which board holds it. */
typedef struct
{
  guint32 a;
  guint32 b;
  guint32 multiplicity;
} TfBuildLink;

typedef struct
{
  guint     n_endpoint;
  guint     chips_per_board;
  guint     n_board;
  guint32  *endpoint_board;   /* Tier-6 families only: board of each chip; NULL otherwise */
  guint     n_rack;
  guint     n_pod;
  guint32  *board_rack;
  guint32  *rack_pod;
  GArray   *switches;         /* TfSwitch; ids owned */
  GArray   *links;            /* TfBuildLink */
  gboolean  chip_transitive;  /* the chip-level graph is vertex-transitive on chips */
} TfBuild;

void   tf_build_init (TfBuild *build);
void   tf_build_clear (TfBuild *build);
/* Sets n_endpoint, boards and grouping arrays (zeroed) for the family to fill. */
void   tf_build_set_shape (TfBuild *build, guint n_endpoint, guint chips_per_board,
                           guint n_board, guint n_rack, guint n_pod);
guint  tf_build_add_switch (TfBuild *build, TfTier tier, guint container, const char *format,
                            ...) G_GNUC_PRINTF (4, 5);
void   tf_build_add_link (TfBuild *build, guint32 a, guint32 b, guint32 multiplicity);
static inline guint32
tf_build_switch_node (const TfBuild *build, guint switch_index)
{
  return build->n_endpoint + switch_index;
}
TfLinkType tf_build_link_type (const TfBuild *build, guint32 a, guint32 b);

typedef gboolean (*TfParamsVisitor) (const TfParams *params, gpointer user_data);

struct _TfFamily
{
  const char *name;
  const char *description;
  TfTier      leaf_tier;
  guint       scopes;                 /* bits (1 << TfScope) */
  gboolean    direct;                 /* endpoints link to endpoints, no switches */
  const char *no_intra_board_reason;  /* non-NULL: intra_board_topo must be none, and why */

  /* Visits candidate parameter sets; the framework checks each with check(). Returns FALSE when
   * the visitor asked to stop. */
  gboolean (*walk) (const TfContext *ctx, TfParamsVisitor visit, gpointer user_data);
  gboolean (*parse_id) (TfIdArgs *args, TfParams *params, GError **error);
  void     (*format_id) (const TfParams *params, GString *out);
  /* Hard constraints: fills n_endpoint, chips_per_board and the family's own warnings, or
   * returns FALSE with the broken rule in @why. */
  gboolean (*check) (const TfContext *ctx, TfResult *result, GString *why);
  void     (*attrs) (const TfResult *result, TfAttrs *attrs);
  /* Closed-form link and switch counts of the generated graph. */
  void     (*count) (const TfContext *ctx, const TfResult *result, TfMetrics *metrics);
  gboolean (*build) (const TfContext *ctx, const TfResult *result, TfBuild *build,
                     GError **error);
  /* Diameter, bisection and path diversity; @build is the family's build of @result when
   * metrics_need_build is set, else NULL. */
  void     (*metrics) (const TfContext *ctx, const TfResult *result, const TfBuild *build,
                       TfMetrics *metrics);
  gboolean    metrics_need_build;
};

/* Warnings shared by several families (warning.c) */
extern const TfWarning tf_warning_dense_pcb_impractical;
extern const TfWarning tf_warning_non_standard_scope;
extern const TfWarning tf_warning_low_utilization;
extern const TfWarning tf_warning_over_engineered;
extern const TfWarning tf_warning_degenerate;
extern const TfWarning tf_warning_non_balanced_global_link;
extern const TfWarning tf_warning_radix_too_large;
extern const TfWarning tf_warning_high_dimension;
extern const TfWarning tf_warning_asymmetric;

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
/* Fills the remaining metrics of a checked result from the family's closed forms, using
 * @build, or building the family graph when the family needs one and @build is NULL. */
gboolean tf_family_compute_metrics (const TfFamily *family, const TfContext *ctx,
                                    TfResult *result, const TfBuild *build, GError **error);

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

G_END_DECLS
