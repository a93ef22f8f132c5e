/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topology-loader-graph.c: builds the NetworkGraph from the records the reading kept, once
 * n_chip is known, and points each fault at the record that caused it.
 */
#include "topology-loader-private.h"

/* Assembly: everything below runs once the whole file has been read. */

static char *
pod_path (TfLoader *l,
          guint32   pod)
{
  return g_strdup_printf ("boardGrouping.pods[%u]", VEC_AT (l->pods, GroupRecord, pod).index);
}

static char *
rack_path (TfLoader *l,
           guint32   rack)
{
  const GroupRecord *r = &VEC_AT (l->racks, GroupRecord, rack);
  g_autofree char *parent = pod_path (l, r->parent);

  return g_strdup_printf ("%s.racks[%u]", parent, r->index);
}

static char *
board_path (TfLoader *l,
            guint32   board)
{
  const BoardRecord *b = &VEC_AT (l->boards, BoardRecord, board);
  g_autofree char *parent = rack_path (l, b->rack);

  return g_strdup_printf ("%s.boards[%u]", parent, b->index);
}

/* Fails at a record; takes @path and @message. */
static gboolean
fail_record (TfLoader *l,
             char     *path,
             TfMark    mark,
             char     *message)
{
  tf_yaml_reader_fail_field (&l->r, mark, path, "%s", message);
  g_free (path);
  g_free (message);
  return FALSE;
}

/* Ids of pods, racks or boards must be 0 .. n-1, each once. */
static gboolean
check_ids (TfLoader   *l,
           const char *what,
           guint       n,
           guint32   (*id_of) (TfLoader *, guint),
           TfMark    (*mark_of) (TfLoader *, guint),
           char     *(*path_of) (TfLoader *, guint32))
{
  g_autofree guint8 *seen = tf_loader_alloc0 (l, n, 1);

  if (seen == NULL)
    return tf_loader_out_of_memory (l);
  for (guint i = 0; i < n; i++)
    {
      guint32 id = id_of (l, i);
      g_autofree char *message = NULL;
      g_autofree char *base = NULL;

      if (id < n && !seen[id])
        {
          seen[id] = 1;
          continue;
        }
      base = path_of (l, i);

      message = id >= n ? g_strdup_printf ("%s id %u: with %u %ss the ids are 0 to %u", what, id,
                                           n, what, n - 1)
                        : g_strdup_printf ("%s id %u appears twice", what, id);
      return fail_record (l, g_strdup_printf ("%s.id", base), mark_of (l, i),
                          g_steal_pointer (&message));
    }
  return TRUE;
}

static guint32 pod_id (TfLoader *l, guint i) { return VEC_AT (l->pods, GroupRecord, i).id; }
static guint32 rack_id (TfLoader *l, guint i) { return VEC_AT (l->racks, GroupRecord, i).id; }
static guint32 board_id (TfLoader *l, guint i) { return VEC_AT (l->boards, BoardRecord, i).id; }
static TfMark pod_mark (TfLoader *l, guint i) { return VEC_AT (l->pods, GroupRecord, i).mark; }
static TfMark rack_mark (TfLoader *l, guint i) { return VEC_AT (l->racks, GroupRecord, i).mark; }
static TfMark board_mark (TfLoader *l, guint i) { return VEC_AT (l->boards, BoardRecord, i).mark; }

gboolean
tf_loader_assemble_grouping (TfLoader       *l,
                             TfNetworkGraph *g)
{
  guint n_chip = l->ctx.n_chip;
  guint c = VEC_AT (l->boards, BoardRecord, 0).n_chips;
  g_autofree guint32 *chip_board = NULL;

  if (!check_ids (l, "pod", l->pods.len, pod_id, pod_mark, pod_path)
      || !check_ids (l, "rack", l->racks.len, rack_id, rack_mark, rack_path)
      || !check_ids (l, "board", l->boards.len, board_id, board_mark, board_path))
    return FALSE;

  if (l->has_chips_per_board && l->chips_per_board != c)
    return tf_yaml_reader_fail_field (&l->r, l->chips_per_board_mark, "chips_per_board",
                                      "chips_per_board = %" G_GUINT64_FORMAT " but board %u "
                                      "holds %u chips", l->chips_per_board,
                                      VEC_AT (l->boards, BoardRecord, 0).id, c);
  chip_board = tf_loader_alloc0 (l, n_chip, sizeof (guint32));
  if (chip_board == NULL)
    return tf_loader_out_of_memory (l);
  for (guint i = 0; i < n_chip; i++)
    chip_board[i] = G_MAXUINT32;
  for (guint b = 0; b < l->boards.len; b++)
    {
      const BoardRecord *board = &VEC_AT (l->boards, BoardRecord, b);

      g_autofree char *base = board_path (l, b);

      if (board->n_chips != c)
        return fail_record (l, g_strdup_printf ("%s.chips", base), board->chips_mark,
                            g_strdup_printf ("board %u holds %u chips but board %u holds %u; "
                                             "every board holds the same number (board size)",
                                             board->id, board->n_chips,
                                             VEC_AT (l->boards, BoardRecord, 0).id, c));
      for (guint k = 0; k < board->n_chips; k++)
        {
          const ChipRecord *chip = &VEC_AT (l->chips, ChipRecord, board->first_chip + k);
          g_autofree char *message = NULL;

          if (chip->chip < n_chip && chip_board[chip->chip] == G_MAXUINT32)
            {
              chip_board[chip->chip] = board->id;
              continue;
            }
          message = chip->chip >= n_chip
                    ? g_strdup_printf ("chip %u is beyond n_chip = %u (chip coverage)",
                                       chip->chip, n_chip)
                    : g_strdup_printf ("chip %u is already in board %u (chip coverage)",
                                       chip->chip, chip_board[chip->chip]);
          return fail_record (l, g_strdup_printf ("%s.chips[%u]", base, k), chip->mark,
                              g_steal_pointer (&message));
        }
    }
  for (guint i = 0; i < n_chip; i++)
    if (chip_board[i] == G_MAXUINT32)
      return tf_yaml_reader_fail_field (&l->r, l->grouping_mark, "boardGrouping",
                                        "chip %u is in no board (chip coverage)", i);

  g->n_chip = n_chip;
  g->chips_per_board = c;
  g->n_board = l->boards.len;
  g->n_rack = l->racks.len;
  g->n_pod = l->pods.len;
  g->board_chips = tf_loader_alloc0 (l, (gsize) g->n_board * c, sizeof (guint32));
  g->board_rack = tf_loader_alloc0 (l, g->n_board, sizeof (guint32));
  g->rack_pod = tf_loader_alloc0 (l, g->n_rack, sizeof (guint32));
  if (g->board_chips == NULL || g->board_rack == NULL || g->rack_pod == NULL)
    return tf_loader_out_of_memory (l);
  for (guint b = 0; b < l->boards.len; b++)
    {
      const BoardRecord *board = &VEC_AT (l->boards, BoardRecord, b);

      g->board_rack[board->id] = VEC_AT (l->racks, GroupRecord, board->rack).id;
      for (guint k = 0; k < c; k++)
        g->board_chips[(gsize) board->id * c + k] =
          VEC_AT (l->chips, ChipRecord, board->first_chip + k).chip;
    }
  for (guint r = 0; r < l->racks.len; r++)
    {
      const GroupRecord *rack = &VEC_AT (l->racks, GroupRecord, r);

      g->rack_pod[rack->id] = VEC_AT (l->pods, GroupRecord, rack->parent).id;
    }
  return TRUE;
}

/* Whether @node's board, rack and pod (or its switch's container) are all in range. */
static gboolean
is_placed (const TfNetworkGraph *g,
           const guint32        *chip_board,
           guint32               node)
{
  guint rack;

  if (node < g->n_chip)
    {
      if (chip_board[node] >= g->n_board)
        return FALSE;
      rack = g->board_rack[chip_board[node]];
    }
  else
    {
      const TfSwitch *sw = &g->switches[node - g->n_chip];

      if (sw->tier == TF_TIER_BOARD)
        {
          if (sw->container >= g->n_board)
            return FALSE;
          rack = g->board_rack[sw->container];
          return rack < g->n_rack && g->rack_pod[rack] < g->n_pod;
        }
      if (sw->tier == TF_TIER_POD)
        return sw->container < g->n_pod;
      if (sw->tier != TF_TIER_RACK)
        return sw->tier == TF_TIER_DATACENTER;
      rack = sw->container;
    }
  return rack < g->n_rack && g->rack_pod[rack] < g->n_pod;
}

/* Which end of link record @i, 'a' or 'b', names @node (graph links put their lower node first,
 * records as the file has them). */
static char
record_end (TfLoader             *l,
            const TfNetworkGraph *g,
            guint                 i,
            guint32               node)
{
  guint32 a = VEC_AT (l->links, LinkRecord, i).a;

  if (a & SWITCH_REF)
    a = g->n_chip + l->name_switch[a & ~SWITCH_REF] - 1;
  return a == node ? 'a' : 'b';
}

/* Scale-up containment, checked here rather than left to the invariants: a link from a
 * scale-up switch to another board's chip would first fail their reach check, which names the
 * symptom, not the fault. */
static gboolean
check_scale_up_links (TfLoader             *l,
                      const TfNetworkGraph *g,
                      const guint32        *chip_board)
{
  for (guint i = 0; i < g->n_links; i++)
    for (guint e = 0; e < 2; e++)
      {
        guint32 s = e ? g->links[i].a : g->links[i].b, other = e ? g->links[i].b : g->links[i].a;
        const TfSwitch *sw;
        g_autoptr(GString) name = NULL;
        char *path;

        if (s < g->n_chip || g->switches[s - g->n_chip].tier != TF_TIER_BOARD)
          continue;
        sw = &g->switches[s - g->n_chip];
        if (other < g->n_chip && chip_board[other] == sw->container)
          continue;
        name = g_string_new (NULL);
        tf_network_graph_append_node_name (g, other, name);
        path = g_strdup_printf ("network.links[%u].%c", i, record_end (l, g, i, other));
        if (other >= g->n_chip)
          return fail_record (l, path, VEC_AT (l->links, LinkRecord, i).mark,
                              g_strdup_printf ("scale-up switch %s links to switch %s; a "
                                               "scale-up switch joins the chips of its own "
                                               "board only (scale-up containment)", sw->id,
                                               name->str));
        return fail_record (l, path, VEC_AT (l->links, LinkRecord, i).mark,
                            g_strdup_printf ("%s is on board %u, but scale-up switch %s joins "
                                             "the chips of board %u only (scale-up "
                                             "containment)", name->str, chip_board[other],
                                             sw->id, sw->container));
      }
  return TRUE;
}

gboolean
tf_loader_assemble_network (TfLoader       *l,
                            TfNetworkGraph *g)
{
  guint n_chip = l->ctx.n_chip, n_switch = l->switches.len;
  g_autofree guint64 *ports = NULL;
  g_autofree guint32 *chip_board = NULL;
  guint64 bytes;

  l->name_switch = tf_loader_alloc0 (l, MAX (l->names->len, 1), sizeof (guint32));
  if (l->name_switch == NULL)
    return tf_loader_out_of_memory (l);
  for (guint s = 0; s < n_switch; s++)
    {
      const SwitchRecord *sw = &VEC_AT (l->switches, SwitchRecord, s);

      if (l->name_switch[sw->name] != 0)
        return fail_record (l, g_strdup_printf ("network.switches[%u].id", s), sw->mark,
                            g_strdup_printf ("a duplicate switch id '%s' (switches[%u] has it)",
                                             (const char *) g_ptr_array_index (l->names, sw->name),
                                             l->name_switch[sw->name] - 1));
      l->name_switch[sw->name] = s + 1;
    }
  for (guint i = 0; i < l->names->len; i++)
    if (l->name_switch[i] == 0)
      {
        const NameUse *use = &VEC_AT (l->name_first_use, NameUse, i);

        return fail_record (l, g_strdup_printf ("network.links[%u].%c", use->link, use->end),
                            use->mark,
                            g_strdup_printf ("unknown node '%s': no chip or switch has this name",
                                             (const char *) g_ptr_array_index (l->names, i)));
      }

  /* A memory estimate before the graph's arrays (the records are already in memory). */
  if (!g_uint64_checked_mul (&bytes, l->links.len, sizeof (TfLink))
      || !g_uint64_checked_add (&bytes, bytes, (guint64) n_switch * sizeof (TfSwitch))
      || bytes > MAX_MEMORY)
    return tf_yaml_reader_fail_field (&l->r, l->network_mark, "network",
                                      "the network would need more than %" G_GUINT64_FORMAT
                                      " bytes", MAX_MEMORY);

  g->switches = tf_loader_alloc0 (l, MAX (n_switch, 1), sizeof (TfSwitch));
  if (g->switches == NULL)
    return tf_loader_out_of_memory (l);
  g->n_switch = n_switch;
  g->links = tf_loader_alloc0 (l, MAX (l->links.len, 1), sizeof (TfLink));
  if (g->links == NULL)
    return tf_loader_out_of_memory (l);
  g->n_links = l->links.len;
  ports = tf_loader_alloc0 (l, MAX (n_switch, 1), sizeof (guint64));
  if (ports == NULL)
    return tf_loader_out_of_memory (l);
  for (guint s = 0; s < n_switch; s++)
    {
      const SwitchRecord *sw = &VEC_AT (l->switches, SwitchRecord, s);
      const char *name = g_ptr_array_index (l->names, sw->name);

      g->switches[s].id = tf_loader_realloc (l, NULL, strlen (name) + 1);
      if (g->switches[s].id == NULL)
        return tf_loader_out_of_memory (l);
      strcpy (g->switches[s].id, name);
      g->switches[s].tier = sw->tier;
      g->switches[s].container = sw->container;
      g->switches[s].port_count = (guint) sw->port_count;
      if (sw->tier == TF_TIER_BOARD && sw->container >= g->n_board)
        return fail_record (l, g_strdup_printf ("network.switches[%u].board", s),
                            sw->container_mark,
                            g_strdup_printf ("scale-up switch %s is on board %u, but the "
                                             "boardGrouping has %u boards (ids 0 to %u)", name,
                                             sw->container, g->n_board, g->n_board - 1));
    }
  for (guint i = 0; i < l->links.len; i++)
    {
      const LinkRecord *link = &VEC_AT (l->links, LinkRecord, i);
      guint32 ends[2] = { link->a, link->b };

      for (guint e = 0; e < 2; e++)
        {
          if (ends[e] & SWITCH_REF)
            {
              guint s = l->name_switch[ends[e] & ~SWITCH_REF] - 1;

              ports[s] += link->multiplicity;
              if (ports[s] > G_MAXUINT32)
                return fail_record (l, g_strdup_printf ("network.links[%u].multiplicity", i),
                                    link->mark,
                                    g_strdup_printf ("the links at switch %s add up to more "
                                                     "than %u", g->switches[s].id, G_MAXUINT32));
              ends[e] = n_chip + s;
            }
          else if (ends[e] >= n_chip)
            return fail_record (l, g_strdup_printf ("network.links[%u].%s", i, e ? "b" : "a"),
                                link->mark,
                                g_strdup_printf ("chip%u is beyond n_chip = %u", ends[e],
                                                 n_chip));
        }
      g->links[i] = (TfLink) { MIN (ends[0], ends[1]), MAX (ends[0], ends[1]),
                               link->multiplicity, link->type, link->reach };
    }

  chip_board = tf_network_graph_dup_chip_boards (g);
  if (!check_scale_up_links (l, g, chip_board))
    return FALSE;

  /* A link without reach comes from a file written before links had one: its reach is the
   * smallest container holding both ends, and its type, then named after that container, is
   * what the ends call for now (a chip-to-chip link between boards is C2C). */
  for (guint i = 0; i < l->links.len; i++)
    {
      const LinkRecord *link = &VEC_AT (l->links, LinkRecord, i);
      TfLinkType type;
      TfReach reach;

      /* An end the grouping does not place is the invariants' to report. */
      if (link->has_reach || !is_placed (g, chip_board, g->links[i].a)
          || !is_placed (g, chip_board, g->links[i].b))
        continue;
      tf_network_graph_link_kind_with_boards (g, chip_board, g->links[i].a, g->links[i].b, &type,
                                              &reach);
      g->links[i].reach = reach;
      if (link->type == tf_link_type_for_reach (reach))
        g->links[i].type = type;
    }
  return TRUE;
}

/* Points an invariant violation at the record that caused it. */
gboolean
tf_loader_fail_invariant (TfLoader          *l,
                          const TfViolation *where,
                          const GError      *error)
{
  TfMark mark = { 1, 1 };
  char *path = g_strdup ("(document)");

  switch (where->place)
    {
    case TF_AT_LINK:
      g_free (path);
      path = g_strdup_printf ("network.links[%u]", where->index);
      mark = VEC_AT (l->links, LinkRecord, where->index).mark;
      break;
    case TF_AT_SWITCH:
      g_free (path);
      path = g_strdup_printf ("network.switches[%u]", where->index);
      mark = VEC_AT (l->switches, SwitchRecord, where->index).mark;
      break;
    case TF_AT_BOARD:
    case TF_AT_RACK:
    case TF_AT_POD:
    case TF_AT_CHIP:
    case TF_AT_NONE:
    default:
      /* Grouping faults were caught while assembling; what is left concerns the whole file. */
      g_free (path);
      path = g_strdup (where->place == TF_AT_CHIP ? "network.links" : "boardGrouping");
      mark = where->place == TF_AT_CHIP ? l->network_mark : l->grouping_mark;
      break;
    }
  return fail_record (l, path, mark, g_strdup (error->message));
}

