/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-element-info.c: describing a picked element (see tf-element-info.h). */
#include <glib/gi18n.h>

#include "tf-element-info.h"

struct _TfElementInfo
{
  const TfNetworkGraph *graph;
  guint32              *chip_board;
  guint32              *scale_up_on_board;   /* per board, its scale-up switches */
  /* Per kind: links at a node, or crossing the boundary of a container; and per link type. */
  guint64              *degree[TF_SCENE_N_KINDS];
  guint64              *by_type[TF_SCENE_N_KINDS];
};

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

TfElementInfo *
tf_element_info_new (const TfNetworkGraph *graph)
{
  TfElementInfo *info = g_new0 (TfElementInfo, 1);
  const TfNetworkGraph *g = graph;

  g_return_val_if_fail (graph != NULL, NULL);

  info->graph = graph;
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
    }
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
        g_string_append_printf (text, "\n");
        g_string_append_printf (text, _("On board %u, rack %u, pod %u"), board, rack,
                                g->rack_pod[rack]);
        g_string_append_printf (text, "\n");
        g_string_append_printf (text, _("Degree %llu"), (unsigned long long) info->degree[kind][index]);
      }
      break;

    case TF_SCENE_SWITCH:
      {
        const TfSwitch *sw = &g->switches[index];

        g_string_append_printf (text, _("Switch %s"), sw->id);
        /* Translators: the tier of an NVSwitch-class switch standing on a board */
        g_string_append_printf (text, "\n%s",
                                is_scale_up (g, sw) ? _("Tier 7, board: scale-up switch")
                                                    : tier_name (sw->tier));
        g_string_append_printf (text, "\n");
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
        g_string_append_printf (text, "\n");
        g_string_append_printf (text, _("Degree %llu of %u ports"),
                                (unsigned long long) info->degree[kind][index], sw->port_count);
      }
      break;

    case TF_SCENE_BOARD:
      {
        guint rack = g->board_rack[index];

        g_string_append_printf (text, _("Board %u"), index);
        g_string_append_printf (text, "\n%s", tier_name (TF_TIER_BOARD));
        g_string_append_printf (text, "\n");
        g_string_append_printf (text, g_dngettext (NULL, "%u chip, in rack %u, pod %u",
                                                   "%u chips, in rack %u, pod %u",
                                                   g->chips_per_board),
                                g->chips_per_board, rack, g->rack_pod[rack]);
        if (info->scale_up_on_board[index] > 0)
          {
            g_string_append_printf (text, "\n");
            g_string_append_printf (text, g_dngettext (NULL, "Joined by %u scale-up switch",
                                                       "Joined by %u scale-up switches",
                                                       info->scale_up_on_board[index]),
                                    info->scale_up_on_board[index]);
          }
        g_string_append_printf (text, "\n");
        g_string_append_printf (text, _("%llu links leave the board"),
                                (unsigned long long)
                                info->degree[kind][index]);
      }
      break;

    case TF_SCENE_RACK:
      for (guint b = 0; b < g->n_board; b++)
        count += g->board_rack[b] == index;
      g_string_append_printf (text, _("Rack %u"), index);
      g_string_append_printf (text, "\n%s", tier_name (TF_TIER_RACK));
      g_string_append_printf (text, "\n");
      g_string_append_printf (text, g_dngettext (NULL, "%u board, in pod %u",
                                                 "%u boards, in pod %u", count),
                              count, g->rack_pod[index]);
      g_string_append_printf (text, "\n");
      g_string_append_printf (text, _("%llu links leave the rack"),
                                (unsigned long long)
                              info->degree[kind][index]);
      break;

    case TF_SCENE_POD:
      for (guint r = 0; r < g->n_rack; r++)
        count += g->rack_pod[r] == index;
      g_string_append_printf (text, _("Pod %u"), index);
      g_string_append_printf (text, "\n%s", tier_name (TF_TIER_POD));
      g_string_append_printf (text, "\n");
      g_string_append_printf (text, g_dngettext (NULL, "%u rack", "%u racks", count), count);
      g_string_append_printf (text, "\n");
      g_string_append_printf (text, _("%llu links leave the pod"),
                                (unsigned long long)
                              info->degree[kind][index]);
      break;

    case TF_SCENE_N_KINDS:
    default:
      g_assert_not_reached ();
    }
  append_types (text, info, kind, index);
  return g_string_free (text, FALSE);
}
