/* SPDX-License-Identifier: GPL-3.0-or-later */
/* columns.c: the columns of a result, one row each: what the command line calls it, what the
 * app titles it, how to read its value, and whether that value waits for the metrics.
 *
 * The engine filters and sorts by these rows (query.c), the command line parses --sort and
 * --where and writes its table and CSV from them, and the app builds its columns from them, so
 * a new metric is one row here. The order is the order of the table's and the app's columns.
 */
#include <math.h>

#include "family-private.h"

static double
get_registry_index (const TfResult *r)
{
  return tf_family_get_registry_index (r->family);
}

static double
get_status (const TfResult *r)
{
  return tf_result_get_status (r);
}

static double
get_warnings (const TfResult *r)
{
  return r->n_warnings;
}

static double
get_n_endpoint (const TfResult *r)
{
  return r->n_endpoint;
}

static double
get_chips_per_board (const TfResult *r)
{
  return r->chips_per_board;
}

static double
get_switches (const TfResult *r)
{
  return r->metrics.switch_count;
}

static double
get_links (const TfResult *r)
{
  return (double) r->metrics.link_count;
}

static double
get_diameter (const TfResult *r)
{
  return r->metrics.diameter;
}

static double
get_bisection (const TfResult *r)
{
  return (double) r->metrics.bisection_links;
}

static double
get_bisection_bandwidth (const TfResult *r)
{
  return r->metrics.bisection_bandwidth;
}

static double
get_paths (const TfResult *r)
{
  return r->metrics.path_diversity;
}

static double
get_switch_radix (const TfResult *r)
{
  return r->metrics.switch_radix;
}

static double
get_links_per_chip_min (const TfResult *r)
{
  return r->metrics.links_per_chip_min;
}

static double
get_links_per_chip_max (const TfResult *r)
{
  return r->metrics.links_per_chip_max;
}

#define BY_TYPE(t, T) \
  static double get_##t##_links (const TfResult *r) \
  { return (double) r->metrics.link_count_by_type[TF_LINK_##T]; }
#define BY_REACH(r_, R) \
  static double get_##r_##_links (const TfResult *r) \
  { return (double) r->metrics.link_count_by_reach[TF_REACH_##R]; }

BY_TYPE (c2c, C2C)
BY_TYPE (b2b, B2B)
BY_TYPE (r2r, R2R)
BY_TYPE (p2p, P2P)
BY_REACH (board, BOARD)
BY_REACH (rack, RACK)
BY_REACH (pod, POD)
BY_REACH (datacenter, DATACENTER)

/* A layout not measured (a large direct network) is NaN: it passes no condition and sorts
 * after every number. */
#define LAYOUT(r, value) ((r)->metrics.layout_method != TF_METHOD_NONE ? (value) : NAN)

/* Whole dollars: cents of fibre say nothing, and a table reads whole numbers. A real column
 * all the same, so that --where takes 'cost<=2e6'. */
static double
get_cost (const TfResult *r)
{
  return LAYOUT (r, round (r->metrics.network_cost));
}

static double
get_bisection_bandwidth_per_chip (const TfResult *r)
{
  return r->metrics.bisection_bandwidth_per_chip;
}

/* Injection over bisection per chip: 1 is full bisection, 2 a 2:1 oversubscribed network. */
static double
get_oversubscription (const TfResult *r)
{
  double bisection = r->metrics.bisection_bandwidth_per_chip;

  if (r->metrics.layout_method == TF_METHOD_NONE
      || r->metrics.bisection_bandwidth_method == TF_METHOD_NONE || !(bisection > 0))
    return NAN;
  return r->metrics.injection_bandwidth / bisection;
}

static TfMethod
oversubscription_method (const TfResult *r)
{
  TfMethod m = r->metrics.bisection_bandwidth_method;

  if (r->metrics.layout_method == TF_METHOD_NONE)
    return TF_METHOD_NONE;
  /* A cut found, not proven least: the ratio over it can only grow. */
  return m == TF_METHOD_UPPER_BOUND ? TF_METHOD_LOWER_BOUND : m;
}

static double
get_injection_bandwidth (const TfResult *r)
{
  return LAYOUT (r, r->metrics.injection_bandwidth);
}

static double
get_rack_power (const TfResult *r)
{
  /* Watts, as kW: a milliwatt says nothing. */
  return LAYOUT (r, round (r->metrics.rack_power_kw * 1000) / 1000);
}

static double
get_racks (const TfResult *r)
{
  return LAYOUT (r, r->metrics.rack_count);
}

static double
get_pods (const TfResult *r)
{
  return LAYOUT (r, r->metrics.pod_count);
}

#define BY_CABLE(c, C) \
  static double get_##c##_cables (const TfResult *r) \
  { return LAYOUT (r, (double) r->metrics.cables_by_class[TF_CABLE_##C]); }

BY_CABLE (pcb, PCB)
BY_CABLE (copper, COPPER)
BY_CABLE (optical, OPTICAL)

static TfMethod
cost_method (const TfResult *r)
{
  return r->metrics.cost_method;
}

static TfMethod
layout_method (const TfResult *r)
{
  return r->metrics.layout_method;
}

static TfMethod
counts_method (const TfResult *r)
{
  return r->metrics.counts_method;
}

static TfMethod
diameter_method (const TfResult *r)
{
  return r->metrics.diameter_method;
}

static TfMethod
bisection_method (const TfResult *r)
{
  return r->metrics.bisection_links_method;
}

static TfMethod
bisection_bandwidth_method (const TfResult *r)
{
  return r->metrics.bisection_bandwidth_method;
}

static TfMethod
paths_method (const TfResult *r)
{
  return r->metrics.path_diversity_method;
}

/* Counts the check fills (tf_family_check) are known before any metrics; the layout figures
 * wait for tf_family_compute_layout (one pass over the family's build), the rest for
 * tf_family_compute_metrics. The order is the app's and the command line's: what an
 * architect decides on (size, cost, racks, optics) first, the warnings, which vary in width,
 * last of the shown ones. */
static const TfColumn columns[] = {
  { "id", N_("Family and parameters"), N_("The result's id, which generate --id takes"),
    TF_COLUMN_ID, TF_NEEDS_CHECK, TRUE, get_registry_index, NULL },
  { "family", N_("Family"), N_("The topology family"),
    TF_COLUMN_FAMILY, TF_NEEDS_CHECK, FALSE, get_registry_index, NULL },
  { "status", N_("Status"), N_("Recommended, or an edge case with warnings"),
    TF_COLUMN_STATUS, TF_NEEDS_CHECK, TRUE, get_status, NULL },
  { "n_endpoint", N_("Endpoints"),
    N_("Endpoints of the family's structure (boards or chips at its leaves)"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, TRUE, get_n_endpoint, NULL },
  { "chips_per_board", N_("Chips/board"), N_("Chips per board, derived from the topology"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, TRUE, get_chips_per_board, NULL },
  { "switches", N_("Switches"), N_("Switches in the network"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, TRUE, get_switches, counts_method },
  { "links", N_("Links"), N_("Physical links, parallel links counted"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, TRUE, get_links, counts_method },
  { "cost", N_("Cost (USD)"),
    N_("Network cost in USD: switches, cables and NICs at the built-in price table"),
    TF_COLUMN_REAL, TF_NEEDS_LAYOUT, TRUE, get_cost, cost_method },
  { "racks", N_("Racks"), N_("Racks the boards are packed into, by count and by power"),
    TF_COLUMN_COUNT, TF_NEEDS_LAYOUT, TRUE, get_racks, layout_method },
  { "optical_cables", N_("Optical cables"),
    N_("Physical links on optical cables: too long for copper"),
    TF_COLUMN_COUNT, TF_NEEDS_LAYOUT, TRUE, get_optical_cables, layout_method },
  { "diameter", N_("Diameter"), N_("Hops between the two farthest chips"),
    TF_COLUMN_COUNT, TF_NEEDS_METRICS, TRUE, get_diameter, diameter_method },
  { "bisection", N_("Bisection"), N_("Fewest physical links cut by a balanced split of the chips"),
    TF_COLUMN_COUNT, TF_NEEDS_METRICS, TRUE, get_bisection, bisection_method },
  { "paths", N_("Paths"), N_("Fewest vertex-disjoint paths between two chips"),
    TF_COLUMN_COUNT, TF_NEEDS_METRICS, TRUE, get_paths, paths_method },
  { "warnings", N_("Warnings"), N_("The spec's warnings; an edge case has at least one"),
    TF_COLUMN_WARNINGS, TF_NEEDS_CHECK, TRUE, get_warnings, NULL },
  { "pods", N_("Pods"), N_("Pods the racks are grouped into"),
    TF_COLUMN_COUNT, TF_NEEDS_LAYOUT, FALSE, get_pods, layout_method },
  { "rack_power_kw", N_("Rack kW"),
    N_("Power the fullest rack draws in kW: its boards and the switches standing in it"),
    TF_COLUMN_REAL, TF_NEEDS_LAYOUT, FALSE, get_rack_power, layout_method },
  { "copper_cables", N_("Copper cables"), N_("Physical links on copper cables between boards"),
    TF_COLUMN_COUNT, TF_NEEDS_LAYOUT, FALSE, get_copper_cables, layout_method },
  { "board_traces", N_("Board traces"), N_("Physical links on a board's traces"),
    TF_COLUMN_COUNT, TF_NEEDS_LAYOUT, FALSE, get_pcb_cables, layout_method },
  { "injection_bandwidth_per_chip", N_("Injection GB/s per chip"),
    N_("Bandwidth in GB/s of a chip's links, the least over chips"),
    TF_COLUMN_REAL, TF_NEEDS_LAYOUT, FALSE, get_injection_bandwidth, layout_method },
  { "bisection_bandwidth_per_chip", N_("Bisection GB/s per chip"),
    N_("Bisection bandwidth in GB/s over half the chips: what each can send across at once"),
    TF_COLUMN_REAL, TF_NEEDS_METRICS, FALSE, get_bisection_bandwidth_per_chip,
    bisection_bandwidth_method },
  { "bisection_bandwidth", N_("Bisection GB/s"),
    N_("Least bandwidth in GB/s cut by a balanced split of the chips"),
    TF_COLUMN_REAL, TF_NEEDS_METRICS, FALSE, get_bisection_bandwidth, bisection_bandwidth_method },
  { "oversubscription", N_("Oversubscription"),
    N_("Injection over bisection bandwidth per chip: 1 is full bisection, 2 is 2:1"),
    TF_COLUMN_REAL, TF_NEEDS_METRICS, FALSE, get_oversubscription, oversubscription_method },
  { "switch_radix", N_("Switch radix"), N_("Physical links at the busiest switch"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_switch_radix, counts_method },
  { "links_per_chip_min", N_("Links per chip, fewest"), N_("Physical links the least linked chip drives"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_links_per_chip_min, counts_method },
  { "links_per_chip_max", N_("Links per chip, most"), N_("Physical links the most linked chip drives"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_links_per_chip_max, counts_method },
  { "c2c_links", N_("C2C links"), N_("Links between two chips"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_c2c_links, counts_method },
  { "b2b_links", N_("B2B links"), N_("Switch links inside a rack"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_b2b_links, counts_method },
  { "r2r_links", N_("R2R links"), N_("Switch links between racks of a pod"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_r2r_links, counts_method },
  { "p2p_links", N_("P2P links"), N_("Switch links between pods"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_p2p_links, counts_method },
  { "board_links", N_("Links on a board"), N_("Links whose ends share a board"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_board_links, counts_method },
  { "rack_links", N_("Links in a rack"), N_("Links whose ends share a rack, not a board"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_rack_links, counts_method },
  { "pod_links", N_("Links in a pod"), N_("Links whose ends share a pod, not a rack"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_pod_links, counts_method },
  { "datacenter_links", N_("Links between pods"), N_("Links whose ends are in different pods"),
    TF_COLUMN_COUNT, TF_NEEDS_CHECK, FALSE, get_datacenter_links, counts_method },
};

guint
tf_columns_get_count (void)
{
  return G_N_ELEMENTS (columns);
}

const TfColumn *
tf_columns_get (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (columns), NULL);
  return &columns[index];
}

const TfColumn *
tf_column_lookup (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    if (g_strcmp0 (columns[i].name, name) == 0)
      return &columns[i];
  return NULL;
}

gboolean
tf_column_is_numeric (const TfColumn *column)
{
  g_return_val_if_fail (column != NULL, FALSE);
  return column->kind == TF_COLUMN_COUNT || column->kind == TF_COLUMN_REAL
         || column->kind == TF_COLUMN_WARNINGS;
}

void
tf_column_append_value (const TfColumn *column,
                        const TfResult *result,
                        GString        *out)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_if_fail (column != NULL && result != NULL && out != NULL);

  /* A value not measured (a large direct network's layout that no query read) is blank. */
  if (column->needs_metrics != TF_NEEDS_CHECK && column->get_method != NULL
      && column->get_method (result) == TF_METHOD_NONE)
    return;
  switch (column->kind)
    {
    case TF_COLUMN_ID:
      g_string_append_printf (out, "%s:", result->family->name);
      tf_family_format_id (result, out);
      break;
    case TF_COLUMN_FAMILY:
      g_string_append (out, result->family->name);
      break;
    case TF_COLUMN_STATUS:
      g_string_append (out, tf_status_to_string (tf_result_get_status (result)));
      break;
    case TF_COLUMN_WARNINGS:
      for (guint w = 0; w < result->n_warnings; w++)
        g_string_append_printf (out, "%s%s", w ? "," : "", result->warnings[w]->name);
      break;
    case TF_COLUMN_COUNT:
      g_string_append_printf (out, "%" G_GUINT64_FORMAT, (guint64) column->get (result));
      break;
    case TF_COLUMN_REAL:
    default:
      {
        double v = column->get (result);

        /* The shortest text that reads back as the value: 831.392, not 831.39200000000005. */
        g_ascii_formatd (buffer, sizeof buffer, "%.15g", v);
        if (g_ascii_strtod (buffer, NULL) != v)
          g_ascii_dtostr (buffer, sizeof buffer, v);
        g_string_append (out, buffer);
      }
      break;
    }
}
