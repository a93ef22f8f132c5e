/* SPDX-License-Identifier: GPL-3.0-or-later */
/* warning-thresholds.c: the usability warnings' thresholds, one row each (docs/spec-notes.md,
 * "Warning thresholds (issue 33)"). The defaults are the spec's numbers; a family reads its
 * threshold from the context, and the writer, the loader, the command line and the app walk
 * this table. */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "context-private.h"

/* The largest fat-tree osr, hypercube n and HyperX L, plus one: a threshold that never warns. */
#define OSR_NEVER 4u
#define HYPERCUBE_N_NEVER 11u
#define HYPERX_L_NEVER 5u

#define ROW(name_, warning_, default_, min_, max_, description_) \
  { .name = name_, .field = "warning_thresholds." name_, .warning = warning_, \
    .default_value = default_, .min = min_, .max = max_, .description = description_ }

static const TfWarningThresholdInfo thresholds[TF_N_WARNING_THRESHOLDS] = {
  [TF_THRESHOLD_FAT_TREE_3_LAYER_MIN_ENDPOINTS] =
    ROW ("fat_tree_3_layer_min_endpoints", "over-engineered", 256, 1, TF_N_CHIP_MAX,
         N_("A 3-layer fat-tree of fewer boards than this is over-engineered.")),
  [TF_THRESHOLD_FAT_TREE_AGGRESSIVE_OSR] =
    ROW ("fat_tree_aggressive_osr", "aggressive-oversubscription", 2, 1, OSR_NEVER,
         N_("A fat-tree oversubscribed this much or more (osr or agg_osr) is aggressive.")),
  [TF_THRESHOLD_DRAGONFLY_MIN_ENDPOINTS] =
    ROW ("dragonfly_min_endpoints", "degenerate", 64, 1, TF_N_CHIP_MAX,
         N_("A dragonfly of fewer boards than this is degenerate.")),
  [TF_THRESHOLD_DRAGONFLY_PLUS_MIN_ENDPOINTS] =
    ROW ("dragonfly_plus_min_endpoints", "over-engineered", 128, 1, TF_N_CHIP_MAX,
         N_("A Dragonfly+ of fewer boards than this is over-engineered.")),
  [TF_THRESHOLD_LOW_UTILIZATION_PERCENT] =
    ROW ("low_utilization_percent", "low-utilization", 150, 100, 100000,
         N_("A fat-tree or dragonfly whose capacity is more than this percentage of its "
            "boards has low utilization.")),
  [TF_THRESHOLD_TORUS_MAX_ASPECT] =
    ROW ("torus_max_aspect", "asymmetric", 4, 1, TF_N_CHIP_MAX,
         N_("A torus whose longest dimension is more than this many times its shortest is "
            "asymmetric.")),
  [TF_THRESHOLD_HYPERCUBE_HIGH_DIMENSION] =
    ROW ("hypercube_high_dimension", "high-dimension", 8, 1, HYPERCUBE_N_NEVER,
         N_("A hypercube of this many dimensions or more is high-dimensional.")),
  [TF_THRESHOLD_HYPERX_HIGH_DIMENSION] =
    ROW ("hyperx_high_dimension", "high-dimension", 4, 1, HYPERX_L_NEVER,
         N_("A HyperX of this many dimensions or more is high-dimensional.")),
  [TF_THRESHOLD_HYPERX_MAX_ASPECT] =
    ROW ("hyperx_max_aspect", "asymmetric", 2, 1, TF_N_CHIP_MAX,
         N_("A HyperX whose largest dimension is more than this many times its first is "
            "asymmetric.")),
  [TF_THRESHOLD_RING_MAX_ENDPOINTS] =
    ROW ("ring_max_endpoints", "high-diameter", 32, 1, TF_N_CHIP_MAX,
         N_("A ring of more boards than this has a high diameter.")),
  [TF_THRESHOLD_FULL_MESH_MAX_ENDPOINTS] =
    ROW ("full_mesh_max_endpoints", "link-explosion", 16, 1, TF_N_CHIP_MAX,
         N_("A full mesh of more boards than this has too many links.")),
  [TF_THRESHOLD_SLIMFLY_MIN_ENDPOINTS] =
    ROW ("slimfly_min_endpoints", "degenerate", 64, 1, TF_N_CHIP_MAX,
         N_("A Slim Fly of fewer boards than this is degenerate.")),
  [TF_THRESHOLD_POLARFLY_MIN_ENDPOINTS] =
    ROW ("polarfly_min_endpoints", "degenerate", 64, 1, TF_N_CHIP_MAX,
         N_("A PolarFly of fewer boards than this is degenerate.")),
};

#undef ROW

const TfWarningThresholdInfo *
tf_warning_threshold_get (guint threshold)
{
  return threshold < TF_N_WARNING_THRESHOLDS ? &thresholds[threshold] : NULL;
}

gboolean
tf_warning_threshold_lookup (const char         *name,
                             TfWarningThreshold *out)
{
  for (guint i = 0; name != NULL && i < TF_N_WARNING_THRESHOLDS; i++)
    if (strcmp (thresholds[i].name, name) == 0)
      {
        *out = (TfWarningThreshold) i;
        return TRUE;
      }
  return FALSE;
}

char *
tf_warning_threshold_dup_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", thresholds[i].name);
  return g_string_free (names, FALSE);
}

void
tf_context_init_warning_thresholds (TfContext *ctx)
{
  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    ctx->warning_thresholds[i] = thresholds[i].default_value;
}

gboolean
tf_context_check_warning_threshold (const TfContext  *ctx,
                                    guint             threshold,
                                    GError          **error)
{
  const TfWarningThresholdInfo *t;
  guint v;

  g_return_val_if_fail (threshold < TF_N_WARNING_THRESHOLDS, FALSE);

  t = &thresholds[threshold];
  v = ctx->warning_thresholds[threshold];
  if (v < t->min || v > t->max)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   _("%s = %u: %s must be from %u to %u"), t->field, v, t->field, t->min,
                   t->max);
      return FALSE;
    }
  return TRUE;
}
