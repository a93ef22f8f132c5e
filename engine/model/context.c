/* SPDX-License-Identifier: GPL-3.0-or-later */
/* context.c: the EnumerationContext (@tbl-spec-topo-21a) and its validation ("阶段一"). */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "context-private.h"

/* Links take their bandwidth from the chip's budgets and the ports (docs/spec-notes.md,
 * "Budgets"), so no type has a per-link figure unless the user sets one. The spec gives no
 * latencies; these are typical per-hop figures for each technology (docs/spec-notes.md). */
static const TfLinkDefaults default_links[TF_N_LINK_TYPES] = {
  [TF_LINK_C2C] = { NAN, 100.0 },
  [TF_LINK_B2B] = { NAN, 500.0 },
  [TF_LINK_R2R] = { NAN, 1000.0 },
  [TF_LINK_P2P] = { NAN, 2000.0 },
};

/* Published parts, figures each way (docs/spec-notes.md, "Budgets", gives the sources). The
 * generic chip reads the spec's tier table as a chip's totals: Tier 6's ~900 GB/s is its
 * chip-to-chip bandwidth, Tier 8-9's ~50 GB/s (400 Gb/s InfiniBand or RoCE) its NIC port. */
static const TfChipPreset chip_presets[] = {
  { "generic", N_("Generic accelerator (the spec's tiers)"), { 900.0, 0, 50.0, 1000.0, 600.0 },
    1 },
  { "h100", N_("NVIDIA H100 SXM5"), { 450.0, 18, 50.0, 700.0, 575.0 }, 1 },
  { "b200", N_("NVIDIA B200 (HGX)"), { 900.0, 18, 50.0, 1000.0, 790.0 }, 1 },
  { "gb200", N_("NVIDIA GB200 (NVL72)"), { 900.0, 18, 50.0, 1200.0, 250.0 }, 1 },
  { "mi300x", N_("AMD Instinct MI300X"), { 448.0, 7, 50.0, 750.0, 600.0 }, 1 },
};

/* Rack budgets by cooling (docs/spec-notes.md, "Rack power"). */
static const TfRackPreset rack_presets[] = {
  { "air", N_("Air-cooled rack (40 kW)"), 40.0 },
  { "liquid", N_("Liquid-cooled rack (132 kW, GB200 NVL72 class)"), 132.0 },
};

const TfRackPreset *
tf_rack_presets_get (guint index)
{
  return index < G_N_ELEMENTS (rack_presets) ? &rack_presets[index] : NULL;
}

const TfRackPreset *
tf_rack_preset_lookup (const char *name)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (rack_presets); i++)
    if (strcmp (rack_presets[i].name, name) == 0)
      return &rack_presets[i];
  return NULL;
}

double
tf_context_board_power_w (const TfContext *ctx,
                          guint            chips,
                          guint64          scale_up_ports)
{
  return chips * (ctx->chip.power_w + ctx->chip.host_w)
         + (double) scale_up_ports * ctx->switch_defaults.power_w_per_port;
}

guint
tf_context_boards_per_rack (const TfContext *ctx,
                            double           board_power_w)
{
  double fit = floor (ctx->rack.power_kw * 1000 / board_power_w * (1 + 1e-12));

  if (!(fit >= 1))
    return 1;
  return fit < ctx->boards_per_rack_max ? (guint) fit : ctx->boards_per_rack_max;
}

const TfChipPreset *
tf_chip_presets_get (guint index)
{
  return index < G_N_ELEMENTS (chip_presets) ? &chip_presets[index] : NULL;
}

const TfChipPreset *
tf_chip_preset_lookup (const char *name)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (chip_presets); i++)
    if (strcmp (chip_presets[i].name, name) == 0)
      return &chip_presets[i];
  return NULL;
}

void
tf_context_set_chip_preset (TfContext          *ctx,
                            const TfChipPreset *preset)
{
  g_return_if_fail (ctx != NULL && preset != NULL);

  ctx->chip = preset->chip;
  ctx->chip_radix = preset->chip_radix;
}

/* The spec's own radix ceiling (fat-tree k <= 64, single-switch N_endpoint <= 64) and a typical
 * port-to-port latency of a current InfiniBand or Ethernet switch ASIC (docs/spec-notes.md). */
#define DEFAULT_SWITCH_RADIX      64u
/* A rack of 16 boards and a pod of 64 racks: a TPU v4 rack holds 16 boards of 4 chips (a 4x4x4
 * cube) and its pod 64 racks (docs/spec-notes.md). */
#define DEFAULT_BOARDS_PER_RACK   16u
#define DEFAULT_RACKS_PER_POD     64u
#define DEFAULT_SWITCH_LATENCY_NS 200.0
#define SWITCH_RADIX_MAX          (1u << 24)
#define DEFAULT_SCALE_UP_LINKS    18u
#define DEFAULT_SCALE_UP_RADIX    72u
#define CHIP_PORTS_MAX            1024u
/* NVIDIA Quantum-2 QM9700, 64 ports of 400 Gb/s: 747 W typical with passive cables. */
#define DEFAULT_SWITCH_W_PER_PORT 12.0

void
tf_context_init (TfContext *ctx)
{
  g_return_if_fail (ctx != NULL);

  memset (ctx, 0, sizeof *ctx);
  ctx->n_chip = 0;
  ctx->scope = TF_SCOPE_UNSET;
  ctx->chips_per_board_max = 16;
  ctx->boards_per_rack_max = DEFAULT_BOARDS_PER_RACK;
  ctx->racks_per_pod_max = DEFAULT_RACKS_PER_POD;
  ctx->intra_board_topo = TF_INTRA_BOARD_NONE;
  memcpy (ctx->defaults, default_links, sizeof default_links);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    for (guint r = 0; r < TF_N_REACHES; r++)
      ctx->by_reach[t][r] = (TfLinkDefaults) { NAN, NAN };
  ctx->switch_defaults.radix = DEFAULT_SWITCH_RADIX;
  ctx->switch_defaults.latency_ns = DEFAULT_SWITCH_LATENCY_NS;
  ctx->switch_defaults.port_gbps = 0;
  ctx->switch_defaults.power_w_per_port = DEFAULT_SWITCH_W_PER_PORT;
  ctx->rack.power_kw = rack_presets[0].power_kw;
  tf_context_set_chip_preset (ctx, &chip_presets[0]);
  /* NVLink 5: 18 links a GPU, switch chips of 72 ports (GB200 NVL72, HGX B200). */
  ctx->scale_up.links_per_chip = DEFAULT_SCALE_UP_LINKS;
  ctx->scale_up.switch_radix = DEFAULT_SCALE_UP_RADIX;
  tf_context_init_warning_thresholds (ctx);
}

TfLinkDefaults
tf_context_link_defaults (const TfContext *ctx,
                          TfLinkType       type,
                          TfReach          reach)
{
  TfLinkDefaults d;
  const TfLinkDefaults *o;

  g_return_val_if_fail (ctx != NULL && (guint) type < TF_N_LINK_TYPES
                        && (guint) reach < TF_N_REACHES, (TfLinkDefaults) { 0 });

  d = ctx->defaults[type];
  o = &ctx->by_reach[type][reach];
  if (!isnan (o->bandwidth_gbps))
    d.bandwidth_gbps = o->bandwidth_gbps;
  if (!isnan (o->latency_ns))
    d.latency_ns = o->latency_ns;
  return d;
}

double
tf_context_c2c_gbps (const TfContext *ctx,
                     TfReach          reach,
                     guint            links)
{
  double set = tf_context_link_defaults (ctx, TF_LINK_C2C, reach).bandwidth_gbps;
  guint ports = ctx->chip.scale_up_ports;

  if (!isnan (set))
    return set;
  if (links == 0)
    return ctx->chip.scale_up_gbps;
  /* Whole ports a link where the chip has enough (the spare ones bundle, the rest idle), else
   * the ports' lanes split evenly. */
  if (ports >= links)
    return (double) (ports / links) * (ctx->chip.scale_up_gbps / ports);
  return ctx->chip.scale_up_gbps / links;
}

double
tf_context_port_gbps (const TfContext *ctx,
                      TfLinkType       type,
                      gboolean         from_chip)
{
  static const TfReach reach_of[TF_N_LINK_TYPES] = {
    [TF_LINK_B2B] = TF_REACH_RACK, [TF_LINK_R2R] = TF_REACH_POD,
    [TF_LINK_P2P] = TF_REACH_DATACENTER,
  };
  double set, port;

  g_return_val_if_fail (type != TF_LINK_C2C && (guint) type < TF_N_LINK_TYPES, 0);

  set = tf_context_link_defaults (ctx, type, reach_of[type]).bandwidth_gbps;
  if (!isnan (set))
    return set;
  port = ctx->switch_defaults.port_gbps > 0 ? ctx->switch_defaults.port_gbps
                                            : ctx->chip.nic_gbps;
  return from_chip ? MIN (port, ctx->chip.nic_gbps) : port;
}

static gboolean
check_bandwidth (const char  *name,
                 double       v,
                 GError     **error)
{
  if (isfinite (v) && v > 0 && v <= 1e9)
    return TRUE;
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
               _("%s = %g: must be a positive number of GB/s up to 1e9"), name, v);
  return FALSE;
}

static gboolean
check_latency (const char  *name,
               double       v,
               GError     **error)
{
  if (isfinite (v) && v >= 0 && v <= 1e12)
    return TRUE;
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
               _("%s = %g: must be a number of nanoseconds from 0 to 1e12"), name, v);
  return FALSE;
}

/* The per-reach overrides: only where a link of the type can reach, and each number set valid. */
static gboolean
check_by_reach (const TfContext  *ctx,
                GError          **error)
{
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    for (guint r = 0; r < TF_N_REACHES; r++)
      {
        const TfLinkDefaults *o = &ctx->by_reach[t][r];
        char name[96];

        if (isnan (o->bandwidth_gbps) && isnan (o->latency_ns))
          continue;
        if (!tf_link_type_has_reach (t, r))
          {
            g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                         _("defaults.%s.by_reach.%s: a %s link never reaches %s"),
                         tf_link_type_to_string (t), tf_reach_to_string (r),
                         tf_link_type_to_string (t), tf_reach_to_string (r));
            return FALSE;
          }
        g_snprintf (name, sizeof name, "defaults.%s.by_reach.%s.bandwidth_gbps",
                    tf_link_type_to_string (t), tf_reach_to_string (r));
        if (!isnan (o->bandwidth_gbps) && !check_bandwidth (name, o->bandwidth_gbps, error))
          return FALSE;
        g_snprintf (name, sizeof name, "defaults.%s.by_reach.%s.latency_ns",
                    tf_link_type_to_string (t), tf_reach_to_string (r));
        if (!isnan (o->latency_ns) && !check_latency (name, o->latency_ns, error))
          return FALSE;
      }
  return TRUE;
}

/* Each rule of @tbl-spec-topo-21a, by the field it constrains. The messages are translated
 * (the app shows them on the form's fields). */
static gboolean
check_field (const TfContext  *ctx,
             const char       *field,
             GError          **error)
{
  TfWarningThreshold threshold;

  if (g_str_has_prefix (field, "warning_thresholds.")
      && tf_warning_threshold_lookup (field + strlen ("warning_thresholds."), &threshold))
    return tf_context_check_warning_threshold (ctx, threshold, error);
  if (strcmp (field, "n_chip") == 0)
    {
      if (ctx->n_chip < 2)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("n_chip = %u: n_chip must be at least 2"), ctx->n_chip);
          return FALSE;
        }
      if (ctx->n_chip > TF_N_CHIP_MAX)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("n_chip = %u: n_chip must be at most %u (the engine's size limit)"),
                       ctx->n_chip, TF_N_CHIP_MAX);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "scope") == 0)
    {
      if (ctx->scope != TF_SCOPE_INTRA_RACK && ctx->scope != TF_SCOPE_INTER_RACK)
        {
          g_set_error_literal (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                               _("scope is required: scope must be intra-rack or inter-rack"));
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "chips_per_board_max") == 0)
    {
      if (ctx->chips_per_board_max < 1 || ctx->chips_per_board_max > TF_N_CHIP_MAX)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("chips_per_board_max = %u: chips_per_board_max must be from 1 to %u"),
                       ctx->chips_per_board_max, TF_N_CHIP_MAX);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "boards_per_rack_max") == 0 || strcmp (field, "racks_per_pod_max") == 0)
    {
      guint v = field[0] == 'b' ? ctx->boards_per_rack_max : ctx->racks_per_pod_max;

      if (v < 1 || v > TF_N_CHIP_MAX)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("%s = %u: %s must be from 1 to %u"), field, v, field, TF_N_CHIP_MAX);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "chip_radix") == 0)
    {
      if (ctx->chip_radix < 1 || ctx->chip_radix > TF_CHIP_RADIX_MAX)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("chip_radix = %u: chip_radix must be from 1 to %u"),
                       ctx->chip_radix, TF_CHIP_RADIX_MAX);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "intra_board_topo") == 0)
    {
      if ((guint) ctx->intra_board_topo >= TF_N_INTRA_BOARD_TOPOS)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("intra_board_topo = %d: intra_board_topo must be none, full-mesh, "
                         "ring, torus or switch"),
                       (int) ctx->intra_board_topo);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "defaults.switch.radix") == 0)
    {
      if (ctx->switch_defaults.radix < 2 || ctx->switch_defaults.radix > SWITCH_RADIX_MAX)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("defaults.switch.radix = %u: defaults.switch.radix must be from 2 "
                         "to %u"),
                       ctx->switch_defaults.radix, SWITCH_RADIX_MAX);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "defaults.switch.latency_ns") == 0)
    return check_latency (field, ctx->switch_defaults.latency_ns, error);
  if (strcmp (field, "defaults.scale_up.links_per_chip") == 0)
    {
      if (ctx->scale_up.links_per_chip < 1 || ctx->scale_up.links_per_chip > TF_CHIP_RADIX_MAX)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("defaults.scale_up.links_per_chip = %u: "
                         "defaults.scale_up.links_per_chip must be from 1 to %u"),
                       ctx->scale_up.links_per_chip, TF_CHIP_RADIX_MAX);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "defaults.scale_up.switch_radix") == 0)
    {
      if (ctx->scale_up.switch_radix < 2 || ctx->scale_up.switch_radix > SWITCH_RADIX_MAX)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("defaults.scale_up.switch_radix = %u: "
                         "defaults.scale_up.switch_radix must be from 2 to %u"),
                       ctx->scale_up.switch_radix, SWITCH_RADIX_MAX);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "defaults.switch.port_gbps") == 0)
    return ctx->switch_defaults.port_gbps == 0
           || check_bandwidth (field, ctx->switch_defaults.port_gbps, error);
  if (strcmp (field, "defaults.chip.scale_up_gbps") == 0)
    return check_bandwidth (field, ctx->chip.scale_up_gbps, error);
  if (strcmp (field, "defaults.chip.nic_gbps") == 0)
    return check_bandwidth (field, ctx->chip.nic_gbps, error);
  if (strcmp (field, "defaults.chip.scale_up_ports") == 0)
    {
      if (ctx->chip.scale_up_ports > CHIP_PORTS_MAX)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("defaults.chip.scale_up_ports = %u: must be from 0 (shared evenly) "
                         "to %u"),
                       ctx->chip.scale_up_ports, CHIP_PORTS_MAX);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "defaults.chip.power_w") == 0)
    {
      if (!(isfinite (ctx->chip.power_w) && ctx->chip.power_w > 0 && ctx->chip.power_w <= 1e6))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("defaults.chip.power_w = %g: must be a positive number of watts up "
                         "to 1e6"),
                       ctx->chip.power_w);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "defaults.chip.host_w") == 0
      || strcmp (field, "defaults.switch.power_w_per_port") == 0)
    {
      double v = field[9] == 'c' ? ctx->chip.host_w : ctx->switch_defaults.power_w_per_port;

      if (!(isfinite (v) && v >= 0 && v <= 1e6))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("%s = %g: must be a number of watts from 0 to 1e6"), field, v);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "defaults.rack.power_kw") == 0)
    {
      if (!(isfinite (ctx->rack.power_kw) && ctx->rack.power_kw > 0
            && ctx->rack.power_kw <= TF_RACK_POWER_KW_MAX))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       _("defaults.rack.power_kw = %g: must be a positive number of kW up to "
                         "1e6"),
                       ctx->rack.power_kw);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (field, "defaults.by_reach") == 0)
    return check_by_reach (ctx, error);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      const TfLinkDefaults *d = &ctx->defaults[t];
      char name[64];

      g_snprintf (name, sizeof name, "defaults.%s.bandwidth_gbps", tf_link_type_to_string (t));
      if (strcmp (field, name) == 0)
        return isnan (d->bandwidth_gbps) || check_bandwidth (name, d->bandwidth_gbps, error);
      g_snprintf (name, sizeof name, "defaults.%s.latency_ns", tf_link_type_to_string (t));
      if (strcmp (field, name) == 0)
        return check_latency (name, d->latency_ns, error);
    }
  g_return_val_if_reached (FALSE);
}

static const char *const context_fields[] = {
  "n_chip", "scope", "chips_per_board_max", "boards_per_rack_max", "racks_per_pod_max",
  "chip_radix", "intra_board_topo",
  "defaults.C2C.bandwidth_gbps", "defaults.C2C.latency_ns",
  "defaults.B2B.bandwidth_gbps", "defaults.B2B.latency_ns",
  "defaults.R2R.bandwidth_gbps", "defaults.R2R.latency_ns",
  "defaults.P2P.bandwidth_gbps", "defaults.P2P.latency_ns",
  "defaults.by_reach", "defaults.switch.radix", "defaults.switch.latency_ns",
  "defaults.switch.port_gbps",
  "defaults.scale_up.links_per_chip", "defaults.scale_up.switch_radix",
  "defaults.chip.scale_up_gbps", "defaults.chip.scale_up_ports", "defaults.chip.nic_gbps",
  "defaults.chip.power_w", "defaults.chip.host_w", "defaults.switch.power_w_per_port",
  "defaults.rack.power_kw",
};

/* context_fields, then each warning threshold's field from its table, NULL-terminated. */
const char *const *
tf_context_get_fields (void)
{
  static const char *fields[G_N_ELEMENTS (context_fields) + TF_N_WARNING_THRESHOLDS + 1];
  static gsize done;

  if (g_once_init_enter (&done))
    {
      guint n = 0;

      for (guint i = 0; i < G_N_ELEMENTS (context_fields); i++)
        fields[n++] = context_fields[i];
      for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
        fields[n++] = tf_warning_threshold_get (i)->field;
      fields[n] = NULL;
      g_once_init_leave (&done, 1);
    }
  return fields;
}

gboolean
tf_context_validate_field (const TfContext  *ctx,
                           const char       *field,
                           GError          **error)
{
  g_return_val_if_fail (ctx != NULL, FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  return check_field (ctx, field, error);
}

gboolean
tf_context_validate (const TfContext  *ctx,
                     GError          **error)
{
  const char *const *fields = tf_context_get_fields ();

  g_return_val_if_fail (ctx != NULL, FALSE);

  for (guint i = 0; fields[i] != NULL; i++)
    if (!check_field (ctx, fields[i], error))
      return FALSE;
  return TRUE;
}

/* Names */

TF_DEFINE_NAMES (tf_scope_names, TF_N_SCOPE_NAMES, "intra-rack", "inter-rack");
TF_DEFINE_NAMES (tf_intra_board_topo_names, TF_N_INTRA_BOARD_TOPOS,
  "none", "full-mesh", "ring", "torus", "switch",
);
TF_DEFINE_NAMES (tf_link_type_names, TF_N_LINK_TYPES, "C2C", "B2B", "R2R", "P2P");
TF_DEFINE_NAMES (tf_reach_names, TF_N_REACHES, "board", "rack", "pod", "datacenter");
TF_DEFINE_NAMES (tf_cable_names, TF_N_CABLES, "pcb", "copper", "optical");
TF_DEFINE_NAMES (tf_method_names, TF_N_METHODS,
  "none", "exact", "closed-form", "upper-bound", "estimate", "lower-bound",
);

const char *
tf_scope_to_string (TfScope scope)
{
  return scope >= TF_SCOPE_INTRA_RACK && scope <= TF_SCOPE_INTER_RACK
         ? tf_scope_names.names[scope - TF_SCOPE_INTRA_RACK] : "unset";
}

gboolean
tf_scope_from_string (const char  *str,
                      TfScope     *out,
                      GError     **error)
{
  guint i;

  if (tf_names_find (tf_scope_names, str, &i))
    {
      *out = (TfScope) (TF_SCOPE_INTRA_RACK + i);
      return TRUE;
    }
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
               "scope = '%s': scope must be intra-rack or inter-rack", str ? str : "");
  return FALSE;
}

const char *
tf_intra_board_topo_to_string (TfIntraBoardTopo topo)
{
  return (guint) topo < TF_N_INTRA_BOARD_TOPOS ? tf_intra_board_topo_names.names[topo] : "invalid";
}

gboolean
tf_intra_board_topo_from_string (const char        *str,
                                 TfIntraBoardTopo  *out,
                                 GError           **error)
{
  guint i;

  if (tf_names_find (tf_intra_board_topo_names, str, &i))
    {
      *out = (TfIntraBoardTopo) i;
      return TRUE;
    }
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
               "intra_board_topo = '%s': intra_board_topo must be none, full-mesh, ring, torus or "
               "switch",
               str ? str : "");
  return FALSE;
}

const char *
tf_link_type_to_string (TfLinkType type)
{
  return (guint) type < TF_N_LINK_TYPES ? tf_link_type_names.names[type] : "invalid";
}

gboolean
tf_link_type_from_string (const char *str,
                          TfLinkType *out)
{
  guint i;

  if (!tf_names_find (tf_link_type_names, str, &i))
    return FALSE;
  *out = (TfLinkType) i;
  return TRUE;
}

const char *
tf_reach_to_string (TfReach reach)
{
  return (guint) reach < TF_N_REACHES ? tf_reach_names.names[reach] : "invalid";
}

gboolean
tf_reach_from_string (const char *str,
                      TfReach    *out)
{
  guint i;

  if (!tf_names_find (tf_reach_names, str, &i))
    return FALSE;
  *out = (TfReach) i;
  return TRUE;
}

gboolean
tf_link_type_has_reach (TfLinkType type,
                        TfReach    reach)
{
  switch (type)
    {
    case TF_LINK_C2C: return (guint) reach < TF_N_REACHES;
    case TF_LINK_B2B: return reach == TF_REACH_RACK;
    case TF_LINK_R2R: return reach == TF_REACH_POD;
    case TF_LINK_P2P: return reach == TF_REACH_DATACENTER;
    case TF_N_LINK_TYPES:
    default: return FALSE;
    }
}

const char *
tf_tier_to_string (TfTier tier)
{
  switch (tier)
    {
    case TF_TIER_CHIP: return "chip";
    case TF_TIER_BOARD: return "board";
    case TF_TIER_RACK: return "rack";
    case TF_TIER_POD: return "pod";
    case TF_TIER_DATACENTER: return "datacenter";
    default: return "invalid";
    }
}

const char *
tf_status_to_string (TfStatus status)
{
  return status == TF_STATUS_RECOMMENDED ? "recommended" : "edge-case";
}

const char *
tf_method_to_string (TfMethod method)
{
  return (guint) method < TF_N_METHODS ? tf_method_names.names[method] : "none";
}

const char *
tf_cable_to_string (TfCable cable)
{
  return (guint) cable < TF_N_CABLES ? tf_cable_names.names[cable] : "invalid";
}
