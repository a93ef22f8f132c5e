/* SPDX-License-Identifier: GPL-3.0-or-later */
/* context-options.c: EnumerationContext flags, parsed strictly, and shared CLI helpers. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli-private.h"

/* --threshold's help, naming the engine's thresholds; GOption keeps the text, so the options
 * own it. */
static const char *
threshold_help (TfContextOptions *options)
{
  g_autofree char *names = tf_warning_threshold_dup_names ();

  g_free (options->threshold_help);
  options->threshold_help = g_strdup_printf ("A usability warning's threshold, e.g. "
                                             "ring_max_endpoints=64 (repeatable; default: the "
                                             "spec's numbers): %s", names);
  return options->threshold_help;
}

void
tf_context_options_add (TfCliParser      *parser,
                        TfContextOptions *options)
{
  const GOptionEntry entries[] = {
    { "n-chip", 0, 0, G_OPTION_ARG_STRING, &options->n_chip,
      "Number of chips (required, 2 to 1048576)", "N" },
    { "scope", 0, 0, G_OPTION_ARG_STRING, &options->scope,
      "intra-rack or inter-rack (required)", "SCOPE" },
    { "chips-per-board-max", 0, 0, G_OPTION_ARG_STRING, &options->chips_per_board_max,
      "Most chips a board can carry before dense-pcb-impractical (1 to 1048576, default 16)",
      "M" },
    { "boards-per-rack-max", 0, 0, G_OPTION_ARG_STRING, &options->boards_per_rack_max,
      "Most boards a rack holds; more are packed into more racks (1 to 1048576, default 16)",
      "B" },
    { "racks-per-pod-max", 0, 0, G_OPTION_ARG_STRING, &options->racks_per_pod_max,
      "Most racks a pod holds (1 to 1048576, default 64)", "R" },
    { "chip-radix", 0, 0, G_OPTION_ARG_STRING, &options->chip_radix,
      "Parallel links per chip connection (1 to 64, default 1)", "R" },
    { "intra-board-topo", 0, 0, G_OPTION_ARG_STRING, &options->intra_board_topo,
      "Links among a board's chips: none, full-mesh, ring, torus or switch (scale-up "
      "switches; default none)", "TOPO" },
    { "bandwidth", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->bandwidth,
      "A fixed bandwidth in GB/s for each link of a type, or of its links reaching a rack, pod "
      "or datacenter (C2C@rack=400), instead of the chip's budgets and ports, e.g. B2B=100 "
      "(repeatable)", "TYPE[@REACH]=GBPS" },
    { "latency", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->latency,
      "Latency in ns of a link type, or of its links of one reach, e.g. R2R=800 (repeatable)",
      "TYPE[@REACH]=NS" },
    { "switch-radix", 0, 0, G_OPTION_ARG_STRING, &options->switch_radix,
      "Most ports a switch may have before radix-too-large (2 to 16777216, default 64)", "P" },
    { "switch-latency", 0, 0, G_OPTION_ARG_STRING, &options->switch_latency,
      "Port-to-port latency of a switch in ns (default 200)", "NS" },
    { "scale-up-links", 0, 0, G_OPTION_ARG_STRING, &options->scale_up_links,
      "Links each chip has into its board's scale-up switches, with --intra-board-topo switch "
      "(1 to 64, default 18)", "L" },
    { "scale-up-radix", 0, 0, G_OPTION_ARG_STRING, &options->scale_up_radix,
      "Ports of a scale-up switch (2 to 16777216, default 72)", "P" },
    { "chip", 0, 0, G_OPTION_ARG_STRING, &options->chip,
      "The chip's budgets and NIC ports from a published part: generic, h100, b200, gb200 or "
      "mi300x (default generic); the options below change one figure of it", "PRESET" },
    { "scale-up-gbps", 0, 0, G_OPTION_ARG_STRING, &options->scale_up_gbps,
      "Chip-to-chip bandwidth of a chip in GB/s each way, shared by its board, direct and "
      "scale-up links (default 900)", "GBPS" },
    { "scale-up-ports", 0, 0, G_OPTION_ARG_STRING, &options->scale_up_ports,
      "Chip-to-chip ports it comes in, each link taking whole ports; 0 shares it evenly "
      "(0 to 1024, default 0)", "N" },
    { "nic-gbps", 0, 0, G_OPTION_ARG_STRING, &options->nic_gbps,
      "Speed of each of a chip's chip-radix NIC ports in GB/s each way (default 50, "
      "400 Gb/s)", "GBPS" },
    { "chip-power", 0, 0, G_OPTION_ARG_STRING, &options->chip_power,
      "Power of one chip's package in W (default 1000)", "W" },
    { "host-power", 0, 0, G_OPTION_ARG_STRING, &options->host_power,
      "The rest of a board's power per chip in W: host CPU and memory, NICs, fans (default "
      "600)", "W" },
    { "switch-port-power", 0, 0, G_OPTION_ARG_STRING, &options->switch_port_power,
      "Power a switch draws per port in W (default 12)", "W" },
    { "rack-power", 0, 0, G_OPTION_ARG_STRING, &options->rack_power,
      "A rack's power budget in kW, or air (40) or liquid (132); boards are packed by count "
      "and by power (default air)", "KW" },
    { "switch-port-gbps", 0, 0, G_OPTION_ARG_STRING, &options->switch_port_gbps,
      "Speed of a switch port in GB/s each way; a link runs at its slower port (default: the "
      "NIC's)", "GBPS" },
    { "threshold", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->threshold,
      threshold_help (options), "NAME=VALUE" },
    { NULL }
  };

  tf_cli_parser_add (parser, entries);
}

/* The engine's ranges of the context's numbers (check_field in engine/model/context.c). */
static const TfCliRange n_chip_range = { "n_chip", 2, TF_N_CHIP_MAX };
static const TfCliRange chips_per_board_max_range = { "chips_per_board_max", 1, TF_N_CHIP_MAX };
static const TfCliRange boards_per_rack_max_range = { "boards_per_rack_max", 1, TF_N_CHIP_MAX };
static const TfCliRange racks_per_pod_max_range = { "racks_per_pod_max", 1, TF_N_CHIP_MAX };
static const TfCliRange chip_radix_range = { "chip_radix", 1, TF_CHIP_RADIX_MAX };
static const TfCliRange switch_radix_range = { "defaults.switch.radix", 2, 1u << 24 };
static const TfCliRange scale_up_links_range = { "defaults.scale_up.links_per_chip", 1,
                                                 TF_CHIP_RADIX_MAX };
static const TfCliRange scale_up_radix_range = { "defaults.scale_up.switch_radix", 2, 1u << 24 };
static const TfCliRange scale_up_ports_range = { "defaults.chip.scale_up_ports", 0, 1024 };

/* A number of the context. tf_context_validate judges every value a guint holds, with the
 * messages the app's form shows too; a number too large for a guint is refused here, in the
 * same terms: the second parse fails again, now naming the engine's range. */
static gboolean
parse_context_uint (const char        *option,
                    const char        *text,
                    const TfCliRange  *range,
                    guint             *out,
                    GError           **error)
{
  const TfCliRange any = { range->field, 0, G_MAXUINT };

  return tf_cli_parse_uint (option, text, &any, out, NULL)
         || tf_cli_parse_uint (option, text, range, out, error);
}

static gboolean
parse_real (const char  *option,
            const char  *text,
            double      *out,
            GError     **error)
{
  char *end;
  double v;

  v = g_ascii_strtod (text, &end);
  /* nan would read as "keep the type's number" in a per-reach override. */
  if (end == text || *end != '\0' || !isfinite (v))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "--%s: '%s' is not a number", option, text);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

/* TYPE=VALUE or TYPE@REACH=VALUE items: a type's number, or its links of one reach. */
static gboolean
apply_link_defaults (const char  *option,
                     char       **items,
                     TfContext   *ctx,
                     gboolean     bandwidth,
                     GError     **error)
{
  gboolean seen[TF_N_LINK_TYPES][TF_N_REACHES + 1] = { { FALSE } };

  for (guint i = 0; items && items[i]; i++)
    {
      const char *eq = strchr (items[i], '=');
      g_autofree char *name = NULL;
      char *at;
      TfLinkType type;
      TfReach reach = TF_N_REACHES;  /* the whole type */
      TfLinkDefaults *d;
      double value;

      if (eq == NULL)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "--%s: '%s' must be TYPE=VALUE or TYPE@REACH=VALUE with TYPE one of "
                       "C2C, B2B, R2R, P2P", option, items[i]);
          return FALSE;
        }
      name = g_strndup (items[i], (gsize) (eq - items[i]));
      if ((at = strchr (name, '@')) != NULL)
        *at++ = '\0';
      if (!tf_link_type_from_string (name, &type))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "--%s: unknown link type '%s': must be C2C, B2B, R2R or P2P",
                       option, name);
          return FALSE;
        }
      if (at != NULL && !tf_reach_from_string (at, &reach))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "--%s: unknown reach '%s': must be board, rack, pod or datacenter",
                       option, at);
          return FALSE;
        }
      /* Repeatable for different types and reaches; the same one twice leaves a value unused. */
      if (seen[type][reach])
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "--%s: %s%s%s is given twice",
                       option, name, at ? "@" : "", at ? at : "");
          return FALSE;
        }
      seen[type][reach] = TRUE;
      if (!parse_real (option, eq + 1, &value, error))
        return FALSE;
      d = reach == TF_N_REACHES ? &ctx->defaults[type] : &ctx->by_reach[type][reach];
      if (bandwidth)
        d->bandwidth_gbps = value;
      else
        d->latency_ns = value;
    }
  return TRUE;
}

/* The context's numbers, each an option's text read into a field: a whole number in its
 * range, or a real (range NULL). Applied in this order, after the chip preset, so each changes
 * one figure of it. */
typedef struct
{
  const char       *option;
  gsize             text;    /* of the option's text (char *) in TfContextOptions */
  gsize             field;   /* of the guint or double in TfContext */
  const TfCliRange *range;
} NumberOption;

#define WHOLE(option, text, field, range) \
  { option, G_STRUCT_OFFSET (TfContextOptions, text), G_STRUCT_OFFSET (TfContext, field), \
    &range }
#define REAL(option, text, field) \
  { option, G_STRUCT_OFFSET (TfContextOptions, text), G_STRUCT_OFFSET (TfContext, field), NULL }

static const NumberOption number_options[] = {
  WHOLE ("chips-per-board-max", chips_per_board_max, chips_per_board_max,
         chips_per_board_max_range),
  WHOLE ("boards-per-rack-max", boards_per_rack_max, boards_per_rack_max,
         boards_per_rack_max_range),
  WHOLE ("racks-per-pod-max", racks_per_pod_max, racks_per_pod_max, racks_per_pod_max_range),
  WHOLE ("chip-radix", chip_radix, chip_radix, chip_radix_range),
  REAL ("scale-up-gbps", scale_up_gbps, chip.scale_up_gbps),
  WHOLE ("scale-up-ports", scale_up_ports, chip.scale_up_ports, scale_up_ports_range),
  REAL ("nic-gbps", nic_gbps, chip.nic_gbps),
  REAL ("chip-power", chip_power, chip.power_w),
  REAL ("host-power", host_power, chip.host_w),
  REAL ("switch-port-gbps", switch_port_gbps, switch_defaults.port_gbps),
  REAL ("switch-port-power", switch_port_power, switch_defaults.power_w_per_port),
  WHOLE ("switch-radix", switch_radix, switch_defaults.radix, switch_radix_range),
  REAL ("switch-latency", switch_latency, switch_defaults.latency_ns),
  WHOLE ("scale-up-links", scale_up_links, scale_up.links_per_chip, scale_up_links_range),
  WHOLE ("scale-up-radix", scale_up_radix, scale_up.switch_radix, scale_up_radix_range),
};

#undef WHOLE
#undef REAL

/* NAME=VALUE items: a warning threshold each, by the engine's table, within its range. */
static gboolean
apply_thresholds (char      **items,
                  TfContext  *ctx,
                  GError    **error)
{
  gboolean seen[TF_N_WARNING_THRESHOLDS] = { FALSE };

  for (guint i = 0; items && items[i]; i++)
    {
      const char *eq = strchr (items[i], '=');
      g_autofree char *name = NULL;
      g_autofree char *names = NULL;
      const TfWarningThresholdInfo *t;
      TfWarningThreshold threshold;
      TfCliRange range;

      name = eq != NULL ? g_strndup (items[i], (gsize) (eq - items[i])) : g_strdup (items[i]);
      if (eq == NULL || !tf_warning_threshold_lookup (name, &threshold))
        {
          names = tf_warning_threshold_dup_names ();
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       eq == NULL ? "--threshold: '%s' must be NAME=VALUE with NAME one of %s"
                                  : "--threshold: unknown threshold '%s': must be one of %s",
                       eq == NULL ? items[i] : name, names);
          return FALSE;
        }
      t = tf_warning_threshold_get (threshold);
      if (seen[threshold])
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "--threshold: %s is given twice", t->name);
          return FALSE;
        }
      seen[threshold] = TRUE;
      range = (TfCliRange) { t->field, t->min, t->max };
      if (!parse_context_uint ("threshold", eq + 1, &range, &ctx->warning_thresholds[threshold],
                               error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
apply_chip_preset (const char  *name,
                   TfContext   *ctx,
                   GError     **error)
{
  const TfChipPreset *preset = tf_chip_preset_lookup (name);
  g_autoptr(GString) names = g_string_new (NULL);

  if (preset != NULL)
    {
      tf_context_set_chip_preset (ctx, preset);
      return TRUE;
    }
  for (guint i = 0; tf_chip_presets_get (i) != NULL; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", tf_chip_presets_get (i)->name);
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
               "--chip: '%s' is not a chip preset (%s)", name, names->str);
  return FALSE;
}

gboolean
tf_context_options_apply (TfContextOptions  *options,
                          TfContext         *ctx,
                          GError           **error)
{
  tf_context_init (ctx);

  if (options->n_chip == NULL)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "--n-chip is required");
      return FALSE;
    }
  if (!parse_context_uint ("n-chip", options->n_chip, &n_chip_range, &ctx->n_chip, error))
    return FALSE;
  if (options->scope == NULL)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "--scope is required: intra-rack or inter-rack");
      return FALSE;
    }
  if (!tf_scope_from_string (options->scope, &ctx->scope, error))
    return FALSE;
  if (options->chip != NULL && !apply_chip_preset (options->chip, ctx, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (number_options); i++)
    {
      const NumberOption *o = &number_options[i];
      const char *text = G_STRUCT_MEMBER (const char *, options, o->text);
      gpointer field = G_STRUCT_MEMBER_P (ctx, o->field);

      if (text != NULL
          && !(o->range != NULL ? parse_context_uint (o->option, text, o->range, field, error)
                                : parse_real (o->option, text, field, error)))
        return FALSE;
    }
  if (options->rack_power != NULL)
    {
      const TfRackPreset *preset = tf_rack_preset_lookup (options->rack_power);

      if (preset != NULL)
        ctx->rack.power_kw = preset->power_kw;
      else if (!parse_real ("rack-power", options->rack_power, &ctx->rack.power_kw, error))
        return FALSE;
    }
  if (options->intra_board_topo != NULL
      && !tf_intra_board_topo_from_string (options->intra_board_topo, &ctx->intra_board_topo,
                                           error))
    return FALSE;
  if (!apply_link_defaults ("bandwidth", options->bandwidth, ctx, TRUE, error)
      || !apply_link_defaults ("latency", options->latency, ctx, FALSE, error)
      || !apply_thresholds (options->threshold, ctx, error))
    return FALSE;
  return tf_context_validate (ctx, error);
}

void
tf_context_options_clear (TfContextOptions *options)
{
  g_free (options->n_chip);
  g_free (options->scope);
  for (guint i = 0; i < G_N_ELEMENTS (number_options); i++)
    g_free (G_STRUCT_MEMBER (char *, options, number_options[i].text));
  g_free (options->intra_board_topo);
  g_strfreev (options->bandwidth);
  g_strfreev (options->latency);
  g_strfreev (options->threshold);
  g_free (options->threshold_help);
  g_free (options->chip);
  g_free (options->rack_power);
  memset (options, 0, sizeof *options);
}

void
tf_cli_print_line (FILE       *stream,
                   const char *format,
                   ...)
{
  g_autofree char *line = NULL;
  g_autofree char *safe = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  /* Messages quote what the user typed (an id, a file name, an unknown option) and the
   * engine's messages; a newline or another control character in them would break the
   * one-line promise, so it shows as an escape, as in the loader's messages. */
  safe = tf_escape_control (line);
  fprintf (stream, "%s\n", safe);
}

void
tf_cli_error (const char *command,
              const char *message)
{
  tf_cli_print_line (stderr, "topoforge-cli %s: %s", command, message);
}

gboolean
tf_cli_output (const char     *path,
               const GString  *text,
               GError        **error)
{
  if (path != NULL)
    return tf_write_file_atomic (path, text->str, text->len, error);
  if (fwrite (text->str, 1, text->len, stdout) != text->len || fflush (stdout) != 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "writing to standard output failed");
      return FALSE;
    }
  return TRUE;
}

gboolean
tf_cli_check_format (const char  *format,
                     GError     **error)
{
  TfExportFormat f;
  g_autofree char *names = NULL;

  if (tf_export_format_from_name (format, &f))
    return TRUE;
  names = tf_export_format_dup_names ();
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "--format: '%s' must be %s", format,
               names);
  return FALSE;
}

gboolean
tf_cli_write_topology (const TfTopology  *topology,
                       const char        *format,
                       GString           *out,
                       GError           **error)
{
  TfExportFormat f = TF_EXPORT_YAML;

  if (format != NULL && !tf_export_format_from_name (format, &f))
    return tf_cli_check_format (format, error);
  return tf_export_format_write (topology, f, out, error);
}
