/* SPDX-License-Identifier: GPL-3.0-or-later */
/* invariants.c: every invariant of @tbl-spec-topo-20a, checked at the end of generation (and on
 * anything loaded). A violation is an error naming the invariant, never a silent pass. */
#include "graph-private.h"

/* Fails naming the element that breaks the invariant in *where. */
#define FAIL_AT(place_, index_, ...) \
  G_STMT_START { \
    if (where != NULL) \
      *where = (TfViolation) { (place_), (index_) }; \
    g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT, __VA_ARGS__); \
    return FALSE; \
  } G_STMT_END
#define FAIL(...) FAIL_AT (TF_AT_NONE, 0, __VA_ARGS__)

static void
name_nodes (const TfNetworkGraph *graph,
            guint32               a,
            guint32               b,
            GString              *a_name,
            GString              *b_name)
{
  g_string_truncate (a_name, 0);
  g_string_truncate (b_name, 0);
  tf_network_graph_append_node_name (graph, a, a_name);
  tf_network_graph_append_node_name (graph, b, b_name);
}

static gboolean
check_grouping (const TfNetworkGraph  *graph,
                guint32               *chip_board,
                TfViolation           *where,
                GError               **error)
{
  guint c = graph->chips_per_board;
  g_autofree guint32 *boards_in_rack = NULL;
  g_autofree guint32 *racks_in_pod = NULL;

  if (c < 1 || graph->n_board < 1 || graph->n_rack < 1 || graph->n_pod < 1)
    FAIL ("grouping: needs at least one board, rack and pod with at least one chip per board");
  /* Racks and pods are never empty, so there are no more of them than boards and racks: said
   * before their counts size anything (a damaged count would ask for gigabytes). */
  if (graph->n_rack > graph->n_board)
    FAIL ("rack non-empty: %u racks for %u boards", graph->n_rack, graph->n_board);
  if (graph->n_pod > graph->n_rack)
    FAIL ("pod non-empty: %u pods for %u racks", graph->n_pod, graph->n_rack);
  boards_in_rack = g_new0 (guint32, graph->n_rack);
  racks_in_pod = g_new0 (guint32, graph->n_pod);
  /* Board size consistency holds by layout (C entries per board); coverage makes them chips. */
  if ((guint64) graph->n_board * c != graph->n_chip)
    FAIL ("board size: %u boards of chips_per_board = %u hold %" G_GUINT64_FORMAT
          " chips, not n_chip = %u", graph->n_board, c, (guint64) graph->n_board * c,
          graph->n_chip);
  for (guint i = 0; i < graph->n_chip; i++)
    chip_board[i] = G_MAXUINT32;
  for (guint64 i = 0; i < (guint64) graph->n_board * c; i++)
    {
      guint32 chip = graph->board_chips[i];
      guint board = (guint) (i / c);

      if (chip >= graph->n_chip)
        FAIL_AT (TF_AT_BOARD, board, "chip coverage: board %u lists chip %u, beyond n_chip = %u",
                 board, chip, graph->n_chip);
      if (chip_board[chip] != G_MAXUINT32)
        FAIL_AT (TF_AT_BOARD, board, "chip coverage: chip %u is in board %u and board %u", chip,
                 chip_board[chip], board);
      chip_board[chip] = board;
    }
  for (guint i = 0; i < graph->n_chip; i++)
    if (chip_board[i] == G_MAXUINT32)
      FAIL_AT (TF_AT_CHIP, i, "chip coverage: chip %u is in no board", i);

  for (guint b = 0; b < graph->n_board; b++)
    {
      if (graph->board_rack[b] >= graph->n_rack)
        FAIL_AT (TF_AT_BOARD, b, "grouping: board %u is in rack %u, beyond %u racks", b,
                 graph->board_rack[b], graph->n_rack);
      boards_in_rack[graph->board_rack[b]]++;
    }
  for (guint r = 0; r < graph->n_rack; r++)
    {
      if (boards_in_rack[r] == 0)
        FAIL_AT (TF_AT_RACK, r, "rack non-empty: rack %u holds no board", r);
      if (graph->rack_pod[r] >= graph->n_pod)
        FAIL_AT (TF_AT_RACK, r, "grouping: rack %u is in pod %u, beyond %u pods", r,
                 graph->rack_pod[r], graph->n_pod);
      racks_in_pod[graph->rack_pod[r]]++;
    }
  for (guint p = 0; p < graph->n_pod; p++)
    if (racks_in_pod[p] == 0)
      FAIL_AT (TF_AT_POD, p, "pod non-empty: pod %u holds no rack", p);
  return TRUE;
}

static gboolean
check_switches (const TfNetworkGraph  *graph,
                TfViolation           *where,
                GError               **error)
{
  for (guint i = 0; i < graph->n_switch; i++)
    {
      const TfSwitch *sw = &graph->switches[i];

      switch (sw->tier)
        {
        case TF_TIER_RACK:
          if (sw->container >= graph->n_rack)
            FAIL_AT (TF_AT_SWITCH, i, "switch tier: rack switch %s is in rack %u, beyond %u racks",
                     sw->id, sw->container, graph->n_rack);
          break;
        case TF_TIER_POD:
          if (sw->container >= graph->n_pod)
            FAIL_AT (TF_AT_SWITCH, i, "switch tier: pod switch %s is in pod %u, beyond %u pods",
                     sw->id, sw->container, graph->n_pod);
          break;
        case TF_TIER_DATACENTER:
          break;
        case TF_TIER_BOARD:
          if (sw->container >= graph->n_board)
            FAIL_AT (TF_AT_SWITCH, i, "switch tier: scale-up switch %s is on board %u, beyond "
                     "%u boards", sw->id, sw->container, graph->n_board);
          break;
        case TF_TIER_CHIP:
        default:
          FAIL_AT (TF_AT_SWITCH, i, "switch tier: switch %s is at tier %s; a switch must be at "
                   "board (scale-up), rack, pod or datacenter", sw->id,
                   tf_tier_to_string (sw->tier));
        }
    }
  return TRUE;
}

/* @near (NULL: all): only the links with an end near and the port counts of the switches near
 * (every link of such a switch has an end near). */
static gboolean
check_links (const TfNetworkGraph  *graph,
             const guint32         *chip_board,
             const guint8          *near,
             TfViolation           *where,
             GError               **error)
{
  guint n_nodes = tf_network_graph_get_n_nodes (graph);
  g_autofree guint64 *ports = g_new0 (guint64, MAX (graph->n_switch, 1));
  g_autoptr(GString) a_name = g_string_new (NULL);
  g_autoptr(GString) b_name = g_string_new (NULL);

  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      gboolean a_chip, b_chip;
      guint ba, ra, pa, bb, rb, pb;
      TfLinkType type;
      TfReach reach;

      if (l->a >= n_nodes || l->b >= n_nodes)
        FAIL_AT (TF_AT_LINK, i, "links: link %u joins node %u, beyond %u nodes", i,
                 MAX (l->a, l->b), n_nodes);
      if (l->a == l->b)
        FAIL_AT (TF_AT_LINK, i, "links: link %u joins a node to itself", i);
      if (l->multiplicity < 1)
        FAIL_AT (TF_AT_LINK, i, "links: link %u has multiplicity 0", i);
      if (near != NULL && !near[l->a] && !near[l->b])
        continue;
      /* tf_network_graph_link_kind_with_boards (), the ends located once for both checks. */
      a_chip = l->a < graph->n_chip;
      b_chip = l->b < graph->n_chip;
      tf_network_graph_locate (graph, chip_board, l->a, &ba, &ra, &pa);
      tf_network_graph_locate (graph, chip_board, l->b, &bb, &rb, &pb);
      reach = tf_reach_between (ba, ra, pa, bb, rb, pb);
      type = a_chip && b_chip ? TF_LINK_C2C : tf_link_type_for_reach (reach);
      if (l->reach != reach)
        {
          name_nodes (graph, l->a, l->b, a_name, b_name);
          FAIL_AT (TF_AT_LINK, i, "link reach: link %s - %s has reach %s, but the smallest "
                   "container holding both ends is the %s", a_name->str, b_name->str,
                   tf_reach_to_string (l->reach), tf_reach_to_string (reach));
        }
      if (l->type != type)
        {
          name_nodes (graph, l->a, l->b, a_name, b_name);
          FAIL_AT (TF_AT_LINK, i, "link type: link %s - %s is %s, but a link %s is %s", a_name->str,
                   b_name->str, tf_link_type_to_string (l->type),
                   type == TF_LINK_C2C ? "between two chips"
                   : reach == TF_REACH_RACK ? "from a switch inside a rack"
                   : reach == TF_REACH_POD ? "from a switch inside a pod" : "between pods",
                   tf_link_type_to_string (type));
        }

      for (guint side = 0; side < 2; side++)
        {
          guint32 s = side ? l->b : l->a;
          gboolean o_chip = side ? a_chip : b_chip;
          guint ro = side ? ra : rb, po = side ? pa : pb;
          const TfSwitch *sw;

          if (s < graph->n_chip)
            continue;
          sw = &graph->switches[s - graph->n_chip];
          ports[s - graph->n_chip] += l->multiplicity;
          /* Scale-up containment: a scale-up switch joins the chips of its own board only. */
          if (sw->tier == TF_TIER_BOARD && (!o_chip || (side ? ba : bb) != sw->container))
            {
              name_nodes (graph, l->a, l->b, a_name, b_name);
              FAIL_AT (TF_AT_LINK, i, "scale-up containment: scale-up switch %s of board %u "
                       "links to %s, not a chip of its board", sw->id, sw->container,
                       side ? a_name->str : b_name->str);
            }
          /* Rack switch containment: a chip on a rack switch sits in that rack. */
          if (sw->tier == TF_TIER_RACK && o_chip && ro != sw->container)
            {
              name_nodes (graph, l->a, l->b, a_name, b_name);
              FAIL_AT (TF_AT_LINK, i, "rack switch containment: %s is in rack %u but links to "
                       "rack switch %s of rack %u", side ? a_name->str : b_name->str, ro, sw->id,
                       sw->container);
            }
          /* Pod switch containment: a rack switch (or chip) on a pod switch sits in that pod. */
          if (sw->tier == TF_TIER_POD && ro != G_MAXUINT && po != sw->container)
            {
              name_nodes (graph, l->a, l->b, a_name, b_name);
              FAIL_AT (TF_AT_LINK, i, "pod switch containment: %s is in pod %u but links to "
                       "pod switch %s of pod %u", side ? a_name->str : b_name->str, po, sw->id,
                       sw->container);
            }
        }
    }

  for (guint s = 0; s < graph->n_switch; s++)
    if ((near == NULL || near[graph->n_chip + s]) && ports[s] != graph->switches[s].port_count)
      FAIL_AT (TF_AT_SWITCH, s, "switch ports: switch %s declares port_count %u but has %"
               G_GUINT64_FORMAT " links", graph->switches[s].id, graph->switches[s].port_count,
               ports[s]);
  return TRUE;
}

/* Link multiplicity: parallel links between one pair, summed over every record joining it, stay
 * within chip_radix at a chip and within the port count at a switch. A chip's links to a
 * scale-up switch use its scale-up ports (defaults.scale_up), not its chip_radix ones: the
 * switch's port count bounds them (docs/spec-notes.md). */
static guint64
multiplicity_limit (const TfNetworkGraph *graph,
                    guint32               v,
                    guint32               t,
                    guint                 chip_radix)
{
  const TfSwitch *sv = v < graph->n_chip ? NULL : &graph->switches[v - graph->n_chip];
  const TfSwitch *st = t < graph->n_chip ? NULL : &graph->switches[t - graph->n_chip];
  gboolean scale_up = (sv && sv->tier == TF_TIER_BOARD) || (st && st->tier == TF_TIER_BOARD);
  guint64 lv = sv ? sv->port_count : scale_up ? G_MAXUINT64 : chip_radix;
  guint64 lt = st ? st->port_count : scale_up ? G_MAXUINT64 : chip_radix;

  return MIN (lv, lt);
}

/* @near (NULL: all): the pairs with an end near (both ends of a changed pair are). */
static gboolean
check_multiplicity (const TfNetworkGraph  *graph,
                    const TfAdjacency     *adj,
                    guint                  chip_radix,
                    const guint8          *near,
                    TfViolation           *where,
                    GError               **error)
{
  guint n_nodes = adj->n_nodes;
  g_autofree guint32 *stamp = g_new0 (guint32, n_nodes);
  g_autofree guint64 *sum = g_new0 (guint64, n_nodes);

  for (guint v = 0; v < n_nodes; v++)
    {
      if (near != NULL && !near[v])
        continue;
      for (guint e = adj->offset[v]; e < adj->offset[v + 1]; e++)
        {
          guint32 t = adj->target[e];

          if (stamp[t] != v + 1)
            {
              stamp[t] = v + 1;
              sum[t] = 0;
            }
          sum[t] += graph->links[adj->link[e]].multiplicity;
        }
      for (guint e = adj->offset[v]; e < adj->offset[v + 1]; e++)
        {
          guint32 t = adj->target[e];
          guint64 limit = multiplicity_limit (graph, v, t, chip_radix);

          if (sum[t] > limit)
            {
              g_autoptr(GString) a = g_string_new (NULL);
              g_autoptr(GString) b = g_string_new (NULL);

              name_nodes (graph, v, t, a, b);
              FAIL_AT (TF_AT_LINK, adj->link[e], "link multiplicity: %s - %s carries %"
                       G_GUINT64_FORMAT " parallel links, more than min (chip_radix, port_count) "
                       "= %" G_GUINT64_FORMAT, a->str, b->str, sum[t], limit);
            }
        }
    }
  return TRUE;
}

static gboolean
check_connected (const TfNetworkGraph  *graph,
                 const TfAdjacency     *adj,
                 TfViolation           *where,
                 GError               **error)
{
  guint n_nodes = adj->n_nodes;
  g_autofree guint32 *dist = g_new (guint32, n_nodes);
  g_autofree guint32 *order = g_new (guint32, n_nodes);
  guint reached;

  for (guint c = 0; c < graph->n_chip; c++)
    if (tf_adjacency_degree (adj, c) == 0)
      FAIL_AT (TF_AT_CHIP, c, "endpoint uniqueness: chip%u has no link", c);
  reached = tf_adjacency_bfs (adj, 0, dist, order, NULL, NULL);
  if (reached != n_nodes)
    {
      g_autoptr(GString) name = g_string_new (NULL);
      guint v = 0;

      while (dist[v] != TF_UNREACHED)
        v++;
      tf_network_graph_append_node_name (graph, v, name);
      FAIL_AT (v < graph->n_chip ? TF_AT_CHIP : TF_AT_SWITCH,
               v < graph->n_chip ? v : v - graph->n_chip,
               "connectivity: %s cannot be reached from chip0 (%u of %u nodes reachable)",
               name->str, reached, n_nodes);
    }
  return TRUE;
}

/* Every invariant, or (@change) what an edit of a valid graph can have broken. */
static gboolean
check (const TfNetworkGraph  *graph,
       guint                  chip_radix,
       const TfEditChange    *change,
       TfViolation           *where,
       GError               **error)
{
  g_autofree guint32 *chip_board = NULL;
  const guint8 *near = change != NULL ? change->near : NULL;
  TfAdjacency adj;
  gboolean ok;

  g_return_val_if_fail (graph != NULL, FALSE);

  if (where != NULL)
    *where = (TfViolation) { TF_AT_NONE, 0 };
  if (graph->n_chip < 1)
    FAIL ("chip coverage: the graph has no chip");
  if (change != NULL)
    chip_board = tf_network_graph_dup_chip_boards (graph);   /* the valid graph's grouping */
  else
    {
      chip_board = g_new (guint32, graph->n_chip);
      if (!check_grouping (graph, chip_board, where, error))
        return FALSE;
    }
  if (!check_switches (graph, where, error)
      || !check_links (graph, chip_board, near, where, error))
    return FALSE;
  /* Links are known to be in range from here on. */
  tf_adjacency_init (&adj, tf_network_graph_get_n_nodes (graph), graph->n_links, graph->links,
                     sizeof (TfLink));
  ok = check_multiplicity (graph, &adj, chip_radix, near, where, error)
       && ((change != NULL && !change->cut) || check_connected (graph, &adj, where, error));
  tf_adjacency_clear (&adj);
  return ok;
}

gboolean
tf_network_graph_check_invariants_where (const TfNetworkGraph  *graph,
                                         guint                  chip_radix,
                                         TfViolation           *where,
                                         GError               **error)
{
  return check (graph, chip_radix, NULL, where, error);
}

gboolean
tf_network_graph_check_edit (const TfNetworkGraph  *graph,
                             guint                  chip_radix,
                             const TfEditChange    *change,
                             GError               **error)
{
  g_return_val_if_fail (change != NULL, FALSE);
  return check (graph, chip_radix, change, NULL, error);
}

gboolean
tf_network_graph_check_invariants (const TfNetworkGraph  *graph,
                                   guint                  chip_radix,
                                   GError               **error)
{
  return tf_network_graph_check_invariants_where (graph, chip_radix, NULL, error);
}
