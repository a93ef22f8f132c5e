/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-element-info.c: describing a picked element (see tf-element-info.h). */
#include <glib/gi18n.h>
#include <math.h>

#include "tf-element-info.h"
#include "tf-format.h"

/* Some links at a chip: how many (parallel ones counted), what they carry in all and what the
 * slowest and fastest physical one carries, GB/s each way. */
typedef struct
{
  guint64 links;
  double  gbps;
  double  least, most;
} LinkSum;

struct _TfElementInfo
{
  const TfNetworkGraph *graph;
  TfContext             ctx;
  guint32              *chip_board;
  guint32              *scale_up_on_board;   /* per board, its scale-up switches */
  /* Per kind: links at a node, or crossing the boundary of a container; and per link type. */
  guint64              *degree[TF_SCENE_N_KINDS];
  guint64              *by_type[TF_SCENE_N_KINDS];
  /* Per chip, its chip-to-chip links (the scale-up budget's) and its links to switches (NIC
   * ports). */
  LinkSum              *c2c, *nic;
  double               *switch_gbps;          /* per switch, its links in all */
  double               *power_w[TF_SCENE_N_KINDS];   /* boards, racks and switches */
};

static void
link_sum_add (LinkSum *sum,
              guint32  multiplicity,
              double   gbps)
{
  double one = gbps / MAX (multiplicity, 1u);

  if (sum->links == 0)
    sum->least = sum->most = one;
  sum->least = MIN (sum->least, one);
  sum->most = MAX (sum->most, one);
  sum->links += multiplicity;
  sum->gbps += gbps;
}

static guint
count_of (const TfNetworkGraph *g,
          TfSceneKind           kind)
{
  switch (kind)
    {
    case TF_SCENE_POD:
      return g->n_pod;
    case TF_SCENE_RACK:
      return g->n_rack;
    case TF_SCENE_BOARD:
      return g->n_board;
    case TF_SCENE_CHIP:
      return g->n_chip;
    case TF_SCENE_SWITCH:
      return g->n_switch;
    case TF_SCENE_GROUP:
    case TF_SCENE_N_KINDS:
    default:
      return 0;
    }
}

/* Whether switch @s is a scale-up switch standing on its board (intra_board_topo = switch). */
static gboolean
is_scale_up (const TfNetworkGraph *g,
             const TfSwitch       *sw)
{
  return sw->tier == TF_TIER_BOARD && sw->container < g->n_board;
}

/* The board, rack and pod a node sits in; switches sit on their board, in their rack or pod,
 * or nowhere. */
static void
place (const TfElementInfo *info,
       guint32              node,
       gint64               where[TF_SCENE_N_KINDS])
{
  const TfNetworkGraph *g = info->graph;

  where[TF_SCENE_BOARD] = where[TF_SCENE_RACK] = where[TF_SCENE_POD] = -1;
  if (node < g->n_chip)
    {
      where[TF_SCENE_BOARD] = info->chip_board[node];
      where[TF_SCENE_RACK] = g->board_rack[where[TF_SCENE_BOARD]];
      where[TF_SCENE_POD] = g->rack_pod[where[TF_SCENE_RACK]];
      return;
    }
  {
    const TfSwitch *sw = &g->switches[node - g->n_chip];

    if (is_scale_up (g, sw))
      {
        where[TF_SCENE_BOARD] = sw->container;
        where[TF_SCENE_RACK] = g->board_rack[sw->container];
        where[TF_SCENE_POD] = g->rack_pod[where[TF_SCENE_RACK]];
      }
    else if (sw->tier == TF_TIER_RACK)
      {
        where[TF_SCENE_RACK] = sw->container;
        where[TF_SCENE_POD] = g->rack_pod[sw->container];
      }
    else if (sw->tier == TF_TIER_POD)
      where[TF_SCENE_POD] = sw->container;
  }
}

/* What each switch, board and rack draws, by the engine's one rule. */
static void
count_power (TfElementInfo *info)
{
  tf_network_graph_power_w (&info->ctx, info->graph, info->power_w[TF_SCENE_BOARD],
                            info->power_w[TF_SCENE_RACK], info->power_w[TF_SCENE_SWITCH]);
}

/* What each chip's and switch's links carry, by the engine's one rule. */
static void
count_gbps (TfElementInfo *info)
{
  const TfNetworkGraph *g = info->graph;
  g_autofree double *gbps = g_new (double, MAX (g->n_links, 1));

  info->c2c = g_new0 (LinkSum, MAX (g->n_chip, 1));
  info->nic = g_new0 (LinkSum, MAX (g->n_chip, 1));
  info->switch_gbps = g_new0 (double, MAX (g->n_switch, 1));
  tf_network_graph_link_gbps (g, &info->ctx, gbps);
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      const guint32 ends[2] = { l->a, l->b };

      for (guint e = 0; e < 2; e++)
        if (ends[e] < g->n_chip)
          link_sum_add (l->type == TF_LINK_C2C ? &info->c2c[ends[e]] : &info->nic[ends[e]],
                        l->multiplicity, gbps[i]);
        else
          info->switch_gbps[ends[e] - g->n_chip] += gbps[i];
    }
}

TfElementInfo *
tf_element_info_new (const TfNetworkGraph *graph,
                     const TfContext      *ctx)
{
  TfElementInfo *info;
  const TfNetworkGraph *g = graph;

  g_return_val_if_fail (graph != NULL, NULL);
  g_return_val_if_fail (ctx != NULL, NULL);

  info = g_new0 (TfElementInfo, 1);
  info->graph = graph;
  info->ctx = *ctx;
  info->chip_board = g_new0 (guint32, MAX (g->n_chip, 1));
  for (guint b = 0; b < g->n_board; b++)
    for (guint k = 0; k < g->chips_per_board; k++)
      info->chip_board[g->board_chips[(gsize) b * g->chips_per_board + k]] = b;
  info->scale_up_on_board = g_new0 (guint32, MAX (g->n_board, 1));
  for (guint s = 0; s < g->n_switch; s++)
    if (is_scale_up (g, &g->switches[s]))
      info->scale_up_on_board[g->switches[s].container]++;
  for (guint k = 0; k < TF_SCENE_N_KINDS; k++)
    {
      info->degree[k] = g_new0 (guint64, MAX (count_of (g, k), 1));
      info->by_type[k] = g_new0 (guint64, (gsize) MAX (count_of (g, k), 1) * TF_N_LINK_TYPES);
      info->power_w[k] = g_new0 (double, MAX (count_of (g, k), 1));
    }

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      gint64 wa[TF_SCENE_N_KINDS], wb[TF_SCENE_N_KINDS];
      const guint32 ends[2] = { l->a, l->b };

      for (guint e = 0; e < 2; e++)
        {
          TfSceneKind kind = ends[e] < g->n_chip ? TF_SCENE_CHIP : TF_SCENE_SWITCH;
          guint index = ends[e] < g->n_chip ? ends[e] : ends[e] - g->n_chip;

          info->degree[kind][index] += l->multiplicity;
          info->by_type[kind][(gsize) index * TF_N_LINK_TYPES + l->type] += l->multiplicity;
        }
      place (info, l->a, wa);
      place (info, l->b, wb);
      for (TfSceneKind k = TF_SCENE_POD; k <= TF_SCENE_BOARD; k++)
        if (wa[k] != wb[k])
          for (guint e = 0; e < 2; e++)
            {
              gint64 c = e == 0 ? wa[k] : wb[k];

              if (c >= 0)
                {
                  info->degree[k][c] += l->multiplicity;
                  info->by_type[k][(gsize) c * TF_N_LINK_TYPES + l->type] += l->multiplicity;
                }
            }
    }
  count_gbps (info);
  count_power (info);
  return info;
}

void
tf_element_info_free (TfElementInfo *info)
{
  if (info == NULL)
    return;
  for (guint k = 0; k < TF_SCENE_N_KINDS; k++)
    {
      g_free (info->degree[k]);
      g_free (info->by_type[k]);
      g_free (info->power_w[k]);
    }
  g_free (info->c2c);
  g_free (info->nic);
  g_free (info->switch_gbps);
  g_free (info->chip_board);
  g_free (info->scale_up_on_board);
  g_free (info);
}

guint64
tf_element_info_get_degree (const TfElementInfo *info,
                            TfSceneKind          kind,
                            guint                index)
{
  g_return_val_if_fail (info != NULL, 0);
  g_return_val_if_fail (kind < TF_SCENE_N_KINDS, 0);
  g_return_val_if_fail (index < count_of (info->graph, kind), 0);

  return info->degree[kind][index];
}

double
tf_element_info_get_gbps (const TfElementInfo *info,
                          TfSceneKind          kind,
                          guint                index)
{
  g_return_val_if_fail (info != NULL, 0);
  g_return_val_if_fail (kind < TF_SCENE_N_KINDS, 0);
  g_return_val_if_fail (index < count_of (info->graph, kind), 0);

  if (kind == TF_SCENE_CHIP)
    return info->c2c[index].gbps + info->nic[index].gbps;
  if (kind == TF_SCENE_SWITCH)
    return info->switch_gbps[index];
  return 0;
}

double
tf_element_info_get_power_w (const TfElementInfo *info,
                             TfSceneKind          kind,
                             guint                index)
{
  g_return_val_if_fail (info != NULL, 0);
  g_return_val_if_fail (kind < TF_SCENE_N_KINDS, 0);
  g_return_val_if_fail (index < count_of (info->graph, kind), 0);

  return info->power_w[kind][index];
}

static void
append_types (GString             *text,
              const TfElementInfo *info,
              TfSceneKind          kind,
              guint                index)
{
  gboolean any = FALSE;

  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      guint64 n = info->by_type[kind][(gsize) index * TF_N_LINK_TYPES + t];

      if (n == 0)
        continue;
      g_string_append_printf (text, "%s%s %" G_GUINT64_FORMAT, any ? ", " : " (",
                              tf_link_type_to_string (t), n);
      any = TRUE;
    }
  if (any)
    g_string_append (text, ")");
}

static const char *
tier_name (TfTier tier)
{
  switch (tier)
    {
    case TF_TIER_CHIP:
      return _("Tier 6, chip");
    case TF_TIER_BOARD:
      return _("Tier 7, board");
    case TF_TIER_RACK:
      return _("Tier 8, rack");
    case TF_TIER_POD:
      return _("Tier 9, pod");
    case TF_TIER_DATACENTER:
    default:
      return _("Tier 9+, datacenter");
    }
}

/* "128.6 GB/s", each way, never split (tf_format_quantity). */
static char *
format_gbps (double gbps)
{
  return tf_format_quantity (gbps, 1, "GB/s");
}

/* What a switch or board draws: watts below a kilowatt, kilowatts from there. */
static char *
format_power (double w)
{
  if (fabs (w) < 1000)
    return tf_format_quantity (w, 1, "W");
  return tf_format_quantity (w / 1000, 1, "kW");
}

/* Whether every physical link of @sum carries the same. */
static gboolean
same_speed (const LinkSum *sum)
{
  return sum->most - sum->least <= 1e-9 * fabs (sum->most);
}

static void
new_line (GString *text)
{
  g_string_append_c (text, '\n');
}

/* What a chip's chip-to-chip links carry of its scale-up bandwidth, and what its links to
 * switches carry: a line for each kind it has. */
static void
append_chip_links (GString             *text,
                   const TfElementInfo *info,
                   guint                chip)
{
  const LinkSum *c2c = &info->c2c[chip], *nic = &info->nic[chip];
  const TfChipDefaults *budget = &info->ctx.chip;

  if (c2c->links > 0)
    {
      g_autofree char *links = tf_format_things (c2c->links, "%s link", "%s links");
      g_autofree char *each = format_gbps (c2c->most);
      g_autofree char *total = tf_format_real (c2c->gbps, 1);
      g_autofree char *all = format_gbps (budget->scale_up_gbps);

      new_line (text);
      if (c2c->links == 1)
        /* Translators: a chip's only chip-to-chip link, what it carries of the chip's
         * chip-to-chip bandwidth in all: "Chip-to-chip 1 link, 450 of 900 GB/s" */
        g_string_append_printf (text, _("Chip-to-chip %s, %s of %s"), links, total, all);
      else if (same_speed (c2c))
        /* Translators: a chip's chip-to-chip links, what each carries, and what they carry
         * together of the chip's chip-to-chip bandwidth in all: "Chip-to-chip 6 links,
         * 150 GB/s each, 900 of 900 GB/s" */
        g_string_append_printf (text, _("Chip-to-chip %s, %s each, %s of %s"), links, each,
                                total, all);
      else
        /* Translators: as "Chip-to-chip %s, %s each, %s of %s" where the links carry different
         * amounts: "Chip-to-chip 2 links, 750 of 900 GB/s in all" */
        g_string_append_printf (text, _("Chip-to-chip %s, %s of %s in all"), links, total,
                                all);
      if (c2c->gbps > budget->scale_up_gbps * (1 + 1e-9))
        {
          new_line (text);
          /* Translators: only per-link bandwidths a user set can give a chip's chip-to-chip
           * links more than its budget; %s is the budget, "900 GB/s" */
          g_string_append_printf (text, _("Over the chip's %s: bandwidth set per link"), all);
        }
    }
  if (nic->links > 0)
    {
      g_autofree char *links = tf_format_things (nic->links, "%s link", "%s links");
      g_autofree char *each = format_gbps (nic->most);
      g_autofree char *total = format_gbps (nic->gbps);

      new_line (text);
      if (nic->links == 1)
        /* Translators: a chip's only link to a switch, through its network card (NIC), and
         * what it carries: "NIC 1 link, 50 GB/s" */
        g_string_append_printf (text, _("NIC %s, %s"), links, total);
      else if (same_speed (nic))
        /* Translators: a chip's links to switches, what each carries and what they carry
         * together: "NIC 2 links, 50 GB/s each, 100 GB/s in all" */
        g_string_append_printf (text, _("NIC %s, %s each, %s in all"), links, each, total);
      else
        /* Translators: as "NIC %s, %s each, %s in all" where the links carry different
         * amounts */
        g_string_append_printf (text, _("NIC %s, %s in all"), links, total);
      if (nic->most > budget->nic_gbps * (1 + 1e-9))
        {
          g_autofree char *port = format_gbps (budget->nic_gbps);

          new_line (text);
          /* Translators: only per-link bandwidths a user set can make a link faster than the
           * chip's NIC port; %s is the port's speed, "50 GB/s" */
          g_string_append_printf (text, _("Faster than its %s NIC port: bandwidth set per "
                                          "link"), port);
        }
    }
}

/* What rack @rack draws against the rack's budget, and what of that its switches draw. */
static void
append_rack_power (GString             *text,
                   const TfElementInfo *info,
                   guint                rack)
{
  const TfNetworkGraph *g = info->graph;
  double w = info->power_w[TF_SCENE_RACK][rack], budget = info->ctx.rack.power_kw;
  double switches_w = 0, boards_w = 0;
  gboolean over = w / 1000 > budget * (1 + 1e-12);
  /* Over the budget by less than the rounding shows watts: never "40 kW, over its 40 kW". */
  guint digits = over && round (w / 100) / 10 <= budget ? 3 : 1;
  g_autofree char *number = tf_format_real (w / 1000, digits);
  g_autofree char *with_unit = tf_format_quantity (w / 1000, digits, "kW");
  g_autofree char *limit = tf_format_quantity (budget, 1, "kW");

  new_line (text);
  if (budget >= TF_RACK_POWER_KW_MAX)
    g_string_append_printf (text, _("Power %s"), with_unit);
  else if (over)
    /* Translators: what a rack draws, more than the rack's power budget: "Power 45.2 kW, over
     * its 40 kW budget" */
    g_string_append_printf (text, _("Power %s, over its %s budget"), with_unit, limit);
  else
    /* Translators: what a rack draws of the rack's power budget: "Power 25.8 of 40 kW" */
    g_string_append_printf (text, _("Power %s of %s"), number, limit);

  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_RACK && g->switches[s].container == rack)
      switches_w += info->power_w[TF_SCENE_SWITCH][s];
  for (guint b = 0; b < g->n_board; b++)
    if (g->board_rack[b] == rack)
      boards_w += info->power_w[TF_SCENE_BOARD][b];
  if (switches_w > 0)
    {
      g_autofree char *boards = format_power (boards_w);
      g_autofree char *switches = format_power (switches_w);

      new_line (text);
      /* Translators: what a rack's boards draw (chips, the rest of the board, scale-up
       * switches) and what the switches standing in the rack draw: "Boards 25.6 kW,
       * switches 384 W" */
      g_string_append_printf (text, _("Boards %s, switches %s"), boards, switches);
    }
}

char *
tf_element_info_describe (const TfElementInfo *info,
                          TfSceneKind          kind,
                          guint                index)
{
  const TfNetworkGraph *g;
  GString *text;
  guint count = 0;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (kind < TF_SCENE_N_KINDS, NULL);
  g_return_val_if_fail (index < count_of (info->graph, kind), NULL);

  g = info->graph;
  text = g_string_new (NULL);
  switch (kind)
    {
    case TF_SCENE_CHIP:
      {
        guint board = info->chip_board[index], rack = g->board_rack[board];

        g_string_append_printf (text, _("Chip chip%u"), index);
        g_string_append_printf (text, "\n%s", tier_name (TF_TIER_CHIP));
        new_line (text);
        g_string_append_printf (text, _("On board %u, rack %u, pod %u"), board, rack,
                                g->rack_pod[rack]);
        new_line (text);
        g_string_append_printf (text, _("Degree %llu"),
                                (unsigned long long) info->degree[kind][index]);
        append_types (text, info, kind, index);
        append_chip_links (text, info, index);
      }
      break;

    case TF_SCENE_SWITCH:
      {
        const TfSwitch *sw = &g->switches[index];
        g_autofree char *gbps = format_gbps (info->switch_gbps[index]);
        g_autofree char *power = format_power (info->power_w[kind][index]);
        g_autofree char *ports = tf_format_things (sw->port_count, "%s port", "%s ports");
        g_autofree char *per_port = format_power (info->ctx.switch_defaults.power_w_per_port);

        g_string_append_printf (text, _("Switch %s"), sw->id);
        /* Translators: the tier of an NVSwitch-class switch standing on a board */
        g_string_append_printf (text, "\n%s",
                                is_scale_up (g, sw) ? _("Tier 7, board: scale-up switch")
                                                    : tier_name (sw->tier));
        new_line (text);
        if (is_scale_up (g, sw))
          g_string_append_printf (text, _("On board %u, rack %u, pod %u"), sw->container,
                                  g->board_rack[sw->container],
                                  g->rack_pod[g->board_rack[sw->container]]);
        else if (sw->tier == TF_TIER_RACK)
          g_string_append_printf (text, _("On rack %u, pod %u"), sw->container,
                                  g->rack_pod[sw->container]);
        else if (sw->tier == TF_TIER_POD)
          g_string_append_printf (text, _("In pod %u"), sw->container);
        else
          g_string_append (text, _("Above every pod"));
        new_line (text);
        g_string_append_printf (text, _("Degree %llu of %u ports"),
                                (unsigned long long) info->degree[kind][index], sw->port_count);
        append_types (text, info, kind, index);
        new_line (text);
        /* Translators: what a switch's links carry together, GB/s each way: "Bandwidth
         * 3,200 GB/s in all" */
        g_string_append_printf (text, _("Bandwidth %s in all"), gbps);
        new_line (text);
        /* Translators: what a switch draws, its ports times the power of one:
         * "Power 768 W (64 ports × 12 W)" */
        g_string_append_printf (text, _("Power %s (%s × %s)"), power, ports, per_port);
      }
      break;

    case TF_SCENE_BOARD:
      {
        guint rack = g->board_rack[index];
        g_autofree char *power = format_power (info->power_w[kind][index]);

        g_string_append_printf (text, _("Board %u"), index);
        g_string_append_printf (text, "\n%s", tier_name (TF_TIER_BOARD));
        new_line (text);
        g_string_append_printf (text, g_dngettext (NULL, "%u chip, in rack %u, pod %u",
                                                   "%u chips, in rack %u, pod %u",
                                                   g->chips_per_board),
                                g->chips_per_board, rack, g->rack_pod[rack]);
        if (info->scale_up_on_board[index] > 0)
          {
            new_line (text);
            g_string_append_printf (text, g_dngettext (NULL, "Joined by %u scale-up switch",
                                                       "Joined by %u scale-up switches",
                                                       info->scale_up_on_board[index]),
                                    info->scale_up_on_board[index]);
          }
        new_line (text);
        g_string_append_printf (text, _("%llu links leave the board"),
                                (unsigned long long)
                                info->degree[kind][index]);
        append_types (text, info, kind, index);
        new_line (text);
        /* Translators: what a board draws (its chips, the rest of the board, its scale-up
         * switches), or a rack where racks have no budget: "Power 12.8 kW" */
        g_string_append_printf (text, _("Power %s"), power);
      }
      break;

    case TF_SCENE_RACK:
      for (guint b = 0; b < g->n_board; b++)
        count += g->board_rack[b] == index;
      g_string_append_printf (text, _("Rack %u"), index);
      g_string_append_printf (text, "\n%s", tier_name (TF_TIER_RACK));
      new_line (text);
      g_string_append_printf (text, g_dngettext (NULL, "%u board, in pod %u",
                                                 "%u boards, in pod %u", count),
                              count, g->rack_pod[index]);
      new_line (text);
      g_string_append_printf (text, _("%llu links leave the rack"),
                                (unsigned long long)
                              info->degree[kind][index]);
      append_types (text, info, kind, index);
      append_rack_power (text, info, index);
      break;

    case TF_SCENE_POD:
      for (guint r = 0; r < g->n_rack; r++)
        count += g->rack_pod[r] == index;
      g_string_append_printf (text, _("Pod %u"), index);
      g_string_append_printf (text, "\n%s", tier_name (TF_TIER_POD));
      new_line (text);
      g_string_append_printf (text, g_dngettext (NULL, "%u rack", "%u racks", count), count);
      new_line (text);
      g_string_append_printf (text, _("%llu links leave the pod"),
                                (unsigned long long)
                              info->degree[kind][index]);
      append_types (text, info, kind, index);
      break;

    case TF_SCENE_N_KINDS:
    default:
      g_assert_not_reached ();
    }
  return g_string_free (text, FALSE);
}
