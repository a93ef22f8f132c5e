/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family.c: what every family shares: the framework's rules on top of a family's own check,
 * ids, attrs, and metrics. */
#include <stdarg.h>

#include "attachment-private.h"
#include "family-private.h"
#include "graph-private.h"
#include "intra-board-private.h"
#include "metrics-private.h"

gboolean
tf_reject (GString    *why,
           const char *format,
           ...)
{
  va_list args;

  if (why != NULL)
    {
      va_start (args, format);
      g_string_append_vprintf (why, format, args);
      va_end (args);
    }
  return FALSE;
}

const char *
tf_family_get_name (const TfFamily *family)
{
  g_return_val_if_fail (family != NULL, NULL);
  return family->name;
}

const char *
tf_family_get_description (const TfFamily *family)
{
  g_return_val_if_fail (family != NULL, NULL);
  return family->description;
}

const char *
tf_family_get_no_intra_board_reason (const TfFamily *family)
{
  g_return_val_if_fail (family != NULL, NULL);
  return family->no_intra_board_reason;
}

const char *
tf_family_get_size_rule (const TfFamily *family)
{
  g_return_val_if_fail (family != NULL, NULL);
  return family->size_rule;
}

TfTier
tf_family_get_leaf_tier (const TfFamily *family)
{
  g_return_val_if_fail (family != NULL, TF_TIER_BOARD);
  return family->leaf_tier;
}

gboolean
tf_family_applies_to_scope (const TfFamily *family,
                            TfScope         scope)
{
  g_return_val_if_fail (family != NULL, FALSE);
  return (guint) scope < 32 && (family->scopes & (1u << scope)) != 0;
}

/* Links of @type reaching @reach, from the totals by type and by reach: switch links have the
 * one reach of their type, so C2C links make up the rest of each reach. */
static guint64
kind_count (const TfMetrics *m,
            TfLinkType       type,
            TfReach          reach)
{
  TfLinkType switch_type = tf_link_type_for_reach (reach);

  if (type != TF_LINK_C2C)
    return tf_link_type_has_reach (type, reach) ? m->link_count_by_type[type] : 0;
  if (reach == TF_REACH_BOARD)
    return m->link_count_by_reach[reach];
  return m->link_count_by_reach[reach] - MIN (m->link_count_by_reach[reach],
                                               m->link_count_by_type[switch_type]);
}

/* Whether a user's per-link figures give a chip more than it has: its chip-to-chip links more
 * than its scale-up bandwidth, or a link to a switch more than its NIC port. The shares and the
 * ports never do; the figures are per reach, so the fastest reach the result's chip-to-chip
 * links have stands for all (exact where one figure covers them). */
static gboolean
over_budget (const TfContext *ctx,
             const TfResult  *result)
{
  const TfMetrics *m = &result->metrics;
  guint c2c = m->c2c_links_per_chip;
  double c2c_most = 0, nic_most = 0;

  for (guint r = 0; r < TF_N_REACHES; r++)
    if (kind_count (m, TF_LINK_C2C, r) > 0)
      c2c_most = MAX (c2c_most, tf_context_c2c_gbps (ctx, r, c2c));
  for (guint t = TF_LINK_B2B; t < TF_N_LINK_TYPES; t++)
    if (m->link_count_by_type[t] > 0)
      nic_most = MAX (nic_most, tf_context_port_gbps (ctx, t, TRUE));
  return c2c * c2c_most > ctx->chip.scale_up_gbps * (1 + 1e-9)
         || nic_most > ctx->chip.nic_gbps * (1 + 1e-9);
}

double
tf_board_power_w (const TfContext *ctx,
                  guint            chips_per_board)
{
  TfBoardTopo bt;

  if (tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, chips_per_board, NULL))
    return tf_board_topo_power_w (&bt, ctx);
  return tf_context_board_power_w (ctx, chips_per_board, 0);
}

guint
tf_boards_per_rack (const TfContext *ctx,
                    guint            chips_per_board)
{
  return tf_context_boards_per_rack (ctx, tf_board_power_w (ctx, chips_per_board));
}

void
tf_result_check_rack_power (const TfContext *ctx,
                            TfResult        *result,
                            guint64          boards)
{
  if ((double) boards * tf_board_power_w (ctx, result->chips_per_board)
      > ctx->rack.power_kw * 1000 * (1 + 1e-12))
    tf_result_add_warning (result, &tf_warning_rack_power_overflow);
}

gboolean
tf_result_low_utilization (const TfContext *ctx,
                           double           capacity,
                           double           need)
{
  /* Exact in doubles for every count the engine takes, so 150 % is the spec's 1.5 x. */
  return capacity * 100
         > (double) ctx->warning_thresholds[TF_THRESHOLD_LOW_UTILIZATION_PERCENT] * need;
}

TfCheck
tf_family_check (const TfFamily  *family,
                 const TfContext *ctx,
                 TfResult        *result,
                 GString         *why)
{
  TfBoardTopo bt;
  guint64 total = 0, board_links, radix;
  guint n_board;

  result->family = family;
  result->n_warnings = 0;
  memset (&result->metrics, 0, sizeof result->metrics);

  if (!family->check (ctx, result, why))
    return TF_CHECK_ILLEGAL;
  g_assert (result->chips_per_board >= 1 && ctx->n_chip % result->chips_per_board == 0);

  if (ctx->intra_board_topo != TF_INTRA_BOARD_NONE && family->no_intra_board_reason != NULL)
    {
      if (why)
        g_string_append_printf (why, "intra_board_topo = %s does not apply to %s: %s",
                                tf_intra_board_topo_to_string (ctx->intra_board_topo),
                                family->name, family->no_intra_board_reason);
      return TF_CHECK_INTRA_BOARD;
    }
  if (!tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, why))
    return TF_CHECK_INTRA_BOARD;

  family->count (ctx, result, &result->metrics);
  /* A family without switches links its chips directly (C2C); the others' chip links go to
   * switches. Every family result is regular: each chip drives the same links. */
  result->metrics.c2c_links_per_chip = (result->metrics.switch_count == 0
                                        ? result->metrics.links_per_chip_max : 0)
                                       + tf_board_topo_chip_links (&bt);
  n_board = ctx->n_chip / result->chips_per_board;
  board_links = (guint64) n_board * tf_board_topo_n_links (&bt);
  tf_metrics_add_links (&result->metrics, TF_LINK_C2C, TF_REACH_BOARD, board_links);
  result->metrics.links_per_chip_min += tf_board_topo_chip_links (&bt);
  result->metrics.links_per_chip_max += tf_board_topo_chip_links (&bt);
  result->metrics.switch_count += tf_board_topo_n_switches (&bt, n_board);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    total += result->metrics.link_count_by_type[t];
  result->metrics.link_count = total;
  result->metrics.counts_method = TF_METHOD_CLOSED_FORM;
  if (total > TF_LINK_COUNT_MAX)
    {
      if (why)
        g_string_append_printf (why,
                                "the graph would hold %" G_GUINT64_FORMAT " links, more than "
                                "the engine's limit of %" G_GUINT64_FORMAT,
                                total, (guint64) TF_LINK_COUNT_MAX);
      return TF_CHECK_OVERSIZE;
    }

  /* Radix on the physical ports: a board port of C chips is C x chip_radix links, and so is
   * every port of the switches above it (tf_result_lanes). */
  radix = family->switch_ports (ctx, result) * tf_result_lanes (ctx, result);
  result->metrics.switch_radix = (guint) MIN (radix, G_MAXUINT);
  if (radix > ctx->switch_defaults.radix)
    tf_result_add_warning (result, &tf_warning_radix_too_large);
  if (!tf_family_applies_to_scope (family, ctx->scope))
    tf_result_add_warning (result, &tf_warning_non_standard_scope);
  if (result->chips_per_board > ctx->chips_per_board_max)
    tf_result_add_warning (result, &tf_warning_dense_pcb_impractical);
  if (over_budget (ctx, result))
    tf_result_add_warning (result, &tf_warning_bandwidth_over_budget);
  /* Packing by power leaves a board alone in its rack at worst; the families check the boards
   * they must keep together. */
  tf_result_check_rack_power (ctx, result, 1);
  return TF_CHECK_OK;
}

/* The spec's bandwidth is "min cut x link bandwidth"; when every link in the graph has the same
 * bandwidth the weighted minimum is the unweighted one times that bandwidth, so it is as exact
 * as the link count. Otherwise the family's weighted cut stands as an upper bound. */
static void
settle_bisection_bandwidth (const TfContext *ctx,
                            const TfResult  *result,
                            TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  double bw = -1;
  gboolean uniform = TRUE;

  tf_result_link_speeds (ctx, result, &speeds);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    for (guint r = 0; r < TF_N_REACHES; r++)
      if (kind_count (m, t, r) > 0)
        {
          /* Chip-to-switch and switch-to-switch links of one type differ only where the
           * switch's port outruns the chip's NIC. */
          double b = tf_link_speed (&speeds, t, r, TRUE);

          if (bw >= 0 && b != bw)
            uniform = FALSE;
          if (t != TF_LINK_C2C && tf_link_speed (&speeds, t, r, FALSE) != b)
            uniform = FALSE;
          bw = b;
        }
  if (uniform && bw >= 0 && m->bisection_links_method != TF_METHOD_UPPER_BOUND
      && m->bisection_links_method != TF_METHOD_NONE)
    {
      m->bisection_bandwidth = (double) m->bisection_links * bw;
      m->bisection_bandwidth_method = m->bisection_links_method;
    }
  else if (m->bisection_bandwidth_method != TF_METHOD_NONE)
    m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;
}

gboolean
tf_family_layout_measured (const TfFamily *family,
                           const TfResult *result)
{
  return family->metrics_need_build || result->metrics.link_count <= TF_LAYOUT_MAX_LINKS;
}

/* Points @build at @own, the family's build of @result, when none is given and one is
 * @needed; @own is initialised either way, for the caller to clear. */
static gboolean
build_unless_given (const TfFamily   *family,
                    const TfContext  *ctx,
                    const TfResult   *result,
                    gboolean          needed,
                    TfBuild          *own,
                    const TfBuild   **build,
                    GError          **error)
{
  tf_build_init (own);
  if (*build != NULL || !needed)
    return TRUE;
  if (!tf_family_build (ctx, result, own, error))
    return FALSE;
  *build = own;
  return TRUE;
}

gboolean
tf_family_build (const TfContext  *ctx,
                 const TfResult   *result,
                 TfBuild          *build,
                 GError          **error)
{
  if (!result->family->build (ctx, result, build, error))
    return FALSE;
  tf_result_get_lanes (ctx, result, &build->chip_lanes, &build->port_lanes);
  return TRUE;
}

gboolean
tf_family_compute_layout (const TfFamily  *family,
                          const TfContext *ctx,
                          TfResult        *result,
                          const TfBuild   *build,
                          GError         **error)
{
  TfBuild own;
  gboolean ok;

  if (!tf_family_layout_measured (family, result))
    return TRUE;
  ok = build_unless_given (family, ctx, result, TRUE, &own, &build, error);
  if (ok)
    tf_build_measure_layout (ctx, result, build, &result->metrics);
  tf_build_clear (&own);
  return ok;
}

gboolean
tf_family_compute_metrics (const TfFamily  *family,
                           const TfContext *ctx,
                           TfResult        *result,
                           const TfBuild   *build,
                           GError         **error)
{
  TfBuild own;
  /* The layout needs the build whatever the family's metrics need; a result measured for its
   * layout first (a query on cost) keeps that. */
  gboolean layout = result->metrics.layout_method == TF_METHOD_NONE
                    && tf_family_layout_measured (family, result);

  if (!build_unless_given (family, ctx, result, family->metrics_need_build || layout, &own,
                           &build, error))
    {
      tf_build_clear (&own);
      return FALSE;
    }
  if (layout)
    tf_build_measure_layout (ctx, result, build, &result->metrics);
  family->metrics (ctx, result, family->metrics_need_build ? build : NULL, &result->metrics);
  settle_bisection_bandwidth (ctx, result, &result->metrics);
  tf_metrics_set_bisection_per_chip (&result->metrics, ctx->n_chip);
  tf_build_clear (&own);
  return TRUE;
}

char *
tf_result_dup_id (const TfResult *result)
{
  GString *id;

  g_return_val_if_fail (result != NULL && result->family != NULL, NULL);

  id = g_string_new (result->family->name);
  g_string_append_c (id, ':');
  tf_family_format_id (result, id);
  return g_string_free (id, FALSE);
}

void
tf_result_get_attrs (const TfResult *result,
                     TfAttrs        *attrs)
{
  g_return_if_fail (result != NULL && attrs != NULL);

  memset (attrs, 0, sizeof *attrs);
  if (result->family->attrs != NULL)
    {
      result->family->attrs (result, attrs);
      return;
    }
  for (guint i = 0; i < result->family->n_id_keys; i++)
    {
      const TfIdKey *key = &result->family->id_keys[i];
      const guint32 *values = (const guint32 *) ((const guint8 *) result->params.words
                                                 + key->offset);

      if (!(key->flags & TF_ID_ATTR) || !tf_id_key_applies (key, result->params.words))
        continue;
      if (key->kind == TF_ID_LIST)
        tf_attrs_add_list (attrs, key->key, values,
                           tf_id_key_length (result->family->id_keys,
                                             result->family->n_id_keys, key,
                                             result->params.words));
      else
        tf_attrs_add_int (attrs, key->key, values[0]);
    }
  if (result->family->attachment != NULL)
    {
      TfAttachment at;

      tf_result_get_attachment (result, &at);
      tf_attachment_attrs (&at, result->chips_per_board, attrs);
    }
}

void
tf_family_format_id (const TfResult *result,
                     GString        *out)
{
  tf_id_keys_format (result->family->id_keys, result->family->n_id_keys, result->params.words,
                     out);
}

static gboolean
result_from_id (const TfContext  *ctx,
                const char       *id,
                TfResult         *out,
                GError          **error)
{
  g_autofree char *name = NULL;
  g_autoptr(GString) why = g_string_new (NULL);
  const char *colon;
  const TfFamily *family;
  TfIdArgs args;
  gboolean ok;

  if (!tf_context_validate (ctx, error))
    return FALSE;
  colon = strchr (id, ':');
  if (colon == NULL)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                   "id '%s': expected family:parameters, "
                   "e.g. torus:dimension_sizes=4x4,board_shape=1x1",
                   id);
      return FALSE;
    }
  name = g_strndup (id, (gsize) (colon - id));
  family = tf_family_lookup (name);
  if (family == NULL)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_UNKNOWN_FAMILY,
                   "id '%s': unknown family '%s'", id, name);
      return FALSE;
    }

  memset (out, 0, sizeof *out);
  ok = tf_id_args_parse (&args, id, colon + 1, error)
       && tf_id_keys_parse (family->id_keys, family->n_id_keys, &args, out->params.words,
                            sizeof out->params.words, error)
       && tf_id_args_finish (&args, error);
  tf_id_args_clear (&args);
  if (!ok)
    return FALSE;

  switch (tf_family_check (family, ctx, out, why))
    {
    case TF_CHECK_OK:
      return TRUE;
    case TF_CHECK_INTRA_BOARD:
      g_set_error (error, TF_ERROR, TF_ERROR_INTRA_BOARD, "id '%s': %s", id, why->str);
      return FALSE;
    case TF_CHECK_OVERSIZE:
      g_set_error (error, TF_ERROR, TF_ERROR_TOO_LARGE, "id '%s': %s", id, why->str);
      return FALSE;
    case TF_CHECK_ILLEGAL:
    default:
      g_set_error (error, TF_ERROR, TF_ERROR_NOT_IN_CONTEXT,
                   "id '%s' does not belong to n_chip = %u: %s", id, ctx->n_chip, why->str);
      return FALSE;
    }
}

gboolean
tf_result_from_id (const TfContext  *ctx,
                   const char       *id,
                   TfResult         *out,
                   GError          **error)
{
  g_autoptr(GError) local = NULL;
  char *escaped;

  g_return_val_if_fail (ctx != NULL && id != NULL && out != NULL, FALSE);

  if (result_from_id (ctx, id, out, &local))
    return TRUE;
  /* The messages quote the id, whole or in parts, and the command line and the app show them
   * as one line: a control character typed or pasted into an id shows as an escape. */
  escaped = tf_escape_control (local->message);
  g_free (local->message);
  local->message = escaped;
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

/* Attrs */

void
tf_attrs_add_int (TfAttrs    *attrs,
                  const char *key,
                  gint64      value)
{
  TfAttr *a;

  g_return_if_fail (attrs->n_attrs < TF_MAX_ATTRS);
  a = &attrs->attrs[attrs->n_attrs++];
  a->key = key;
  a->is_list = FALSE;
  a->n_values = 1;
  a->values[0] = value;
}

void
tf_attrs_add_list (TfAttrs       *attrs,
                   const char    *key,
                   const guint32 *values,
                   guint          n)
{
  TfAttr *a;

  g_return_if_fail (attrs->n_attrs < TF_MAX_ATTRS && n <= TF_MAX_DIMS);
  a = &attrs->attrs[attrs->n_attrs++];
  a->key = key;
  a->is_list = TRUE;
  a->n_values = n;
  for (guint i = 0; i < n; i++)
    a->values[i] = values[i];
}

guint64
tf_family_no_switch_ports (const TfContext *ctx,
                           const TfResult  *result)
{
  return 0;
}

/* Arithmetic */

gboolean
tf_is_power_of_two (guint64 v)
{
  return v != 0 && (v & (v - 1)) == 0;
}

guint
tf_integer_log2 (guint64 v)
{
  guint n = 0;

  while (v > 1)
    {
      v >>= 1;
      n++;
    }
  return n;
}

gboolean
tf_foreach_divisor (guint     n,
                    gboolean (*visit) (guint divisor, gpointer data),
                    gpointer  data)
{
  g_autoptr(GArray) high = g_array_new (FALSE, FALSE, sizeof (guint));
  guint64 d;

  /* Small divisors go out at once; their partners wait to come out in increasing order. */
  for (d = 1; d * d <= n; d++)
    if (n % d == 0)
      {
        guint partner = (guint) (n / d);

        if (!visit ((guint) d, data))
          return FALSE;
        if (partner != d)
          g_array_append_val (high, partner);
      }
  for (guint i = high->len; i > 0; i--)
    if (!visit (g_array_index (high, guint, i - 1), data))
      return FALSE;
  return TRUE;
}

gboolean
tf_result_get_group_rotation (const TfContext *ctx,
                              const TfResult  *result,
                              TfGroupRotation *rotation)
{
  return result->family != NULL && result->family->group_rotation != NULL
         && result->family->group_rotation (ctx, result, rotation);
}
