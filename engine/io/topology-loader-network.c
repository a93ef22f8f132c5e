/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topology-loader-network.c: reads a topology file's boardGrouping and network into records.
 *
 * Switch names resolve later (topology-loader-graph.c): a link may name a switch before the
 * switch list defines it, so each name is interned on first sight with where it came up.
 */
#include "names-private.h"
#include "topology-loader-private.h"

/* Names */

/* "chip<N>" with N in decimal and no leading zero; FALSE for anything else. */
static gboolean
parse_chip_name (const char *name,
                 guint64    *chip)
{
  const char *digits;

  if (!g_str_has_prefix (name, "chip"))
    return FALSE;
  digits = name + 4;
  if (*digits == '\0' || strspn (digits, "0123456789") != strlen (digits)
      || (digits[0] == '0' && digits[1] != '\0'))
    return FALSE;
  return g_ascii_string_to_unsigned (digits, 10, 0, TF_N_CHIP_MAX, chip, NULL);
}

/* The index of switch name @name, added on first sight. */
static gboolean
intern_name (TfLoader   *l,
             const char *name,
             TfMark      mark,
             char        end,
             guint32    *index)
{
  gpointer found = g_hash_table_lookup (l->name_index, name);
  char *copy;

  if (found != NULL)
    {
      *index = GPOINTER_TO_UINT (found) - 1;
      return TRUE;
    }
  if (l->names->len >= MAX_SWITCHES)
    return tf_yaml_reader_fail (&l->r, "more than %u switch names", MAX_SWITCHES);
  copy = tf_loader_realloc (l, NULL, strlen (name) + 1);
  if (copy == NULL)
    return tf_loader_out_of_memory (l);
  strcpy (copy, name);
  {
    NameUse use = { mark, l->links.len, end };

    if (!tf_loader_vec_push (l, &l->name_first_use, &use))
      {
        g_free (copy);
        return FALSE;
      }
  }
  g_ptr_array_add (l->names, copy);
  *index = l->names->len - 1;
  g_hash_table_insert (l->name_index, copy, GUINT_TO_POINTER (*index + 1));
  return TRUE;
}

static gboolean
read_node_ref (TfLoader *l,
               char      end,
               guint32  *ref)
{
  g_autofree char *name = NULL;
  TfMark mark = tf_yaml_reader_mark (&l->r);
  guint64 chip;
  guint32 index;

  if (!tf_yaml_read_string (&l->r, MAX_NAME, &name))
    return FALSE;
  if (parse_chip_name (name, &chip))
    {
      *ref = (guint32) chip;
      return TRUE;
    }
  if (g_str_has_prefix (name, "chip"))
    return tf_yaml_reader_fail_at (&l->r, mark, "'%s' is not a node name: chips are chip0, "
                                   "chip1, ... up to chip%u", name, TF_N_CHIP_MAX - 1);
  if (!intern_name (l, name, mark, end, &index))
    return FALSE;
  *ref = index | SWITCH_REF;
  return TRUE;
}

/* boardGrouping */

static gboolean
read_id (TfYamlReader      *r,
         const TfYamlKeyAt *at)
{
  return tf_yaml_read_guint (r, 0, TF_N_CHIP_MAX - 1, at->field);
}

static gboolean
read_chips (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  BoardRecord *b = at->field;
  TfYamlSequence s;
  gboolean more;

  b->chips_mark = tf_yaml_reader_mark (r);
  b->first_chip = l->chips.len;
  if (!tf_yaml_reader_begin_sequence (r, &s, TF_N_CHIP_MAX))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      ChipRecord c = { 0, tf_yaml_reader_mark (r) };

      if (tf_yaml_read_guint (r, 0, TF_N_CHIP_MAX - 1, &c.chip))
        tf_loader_vec_push (l, &l->chips, &c);
    }
  b->n_chips = l->chips.len - b->first_chip;
  return r->error == NULL;
}

static const TfYamlKey board_keys[] = {
  TF_YAML_KEY_CALL_AT ("id", read_id, BoardRecord, id),
  TF_YAML_KEY_CALL ("chips", read_chips),
};

static gboolean
read_board (TfLoader *l,
            guint32   rack,
            guint32   index)
{
  BoardRecord b = { G_MAXUINT32, rack, index, tf_yaml_reader_mark (&l->r), l->chips.len, 0 };
  guint64 have;

  if (!tf_yaml_read_keys (&l->r, board_keys, G_N_ELEMENTS (board_keys), &b, l, NULL, &have,
                          NULL))
    return FALSE;
  if (b.id == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, b.mark, "a board needs an id");
  if (!(have & 2) || b.n_chips == 0)
    return tf_yaml_reader_fail_at (&l->r, b.mark, "board %u holds no chip", b.id);
  return tf_loader_vec_push (l, &l->boards, &b);
}

typedef gboolean (*ChildReader) (TfLoader *l, guint32 parent, guint32 index);

/* A pod or a rack as its keys are read: its id and how many children it lists. */
typedef struct
{
  guint32      id;
  guint        n_children;
  TfLoader    *l;
  guint32      record;
  ChildReader  read_child;
} Group;

static gboolean
read_children (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  Group *g = at->field;
  TfYamlSequence s;
  gboolean more;

  if (!tf_yaml_reader_begin_sequence (r, &s, TF_N_CHIP_MAX))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    g->read_child (g->l, g->record, s.count - 1);
  g->n_children = s.count;
  return r->error == NULL;
}

static const TfYamlKey rack_keys[] = {
  TF_YAML_KEY_CALL_AT ("id", read_id, Group, id),
  TF_YAML_KEY_CALL ("boards", read_children),
};

static const TfYamlKey pod_keys[] = {
  TF_YAML_KEY_CALL_AT ("id", read_id, Group, id),
  TF_YAML_KEY_CALL ("racks", read_children),
};

/* A pod or a rack: its id and the list of its racks or boards (@keys), read by @read_child. */
static gboolean
read_group (TfLoader        *l,
            TfLoaderVec     *groups,
            guint32          parent,
            guint32          index,
            const char      *kind,
            const TfYamlKey *keys,
            const char      *child_kind,
            ChildReader      read_child)
{
  GroupRecord group = { G_MAXUINT32, parent, index, tf_yaml_reader_mark (&l->r) };
  Group g = { G_MAXUINT32, 0, l, groups->len, read_child };

  /* Pushed first so its children can name it; its id is filled in below. */
  if (!tf_loader_vec_push (l, groups, &group))
    return FALSE;
  if (!tf_yaml_read_keys (&l->r, keys, 2, &g, l, NULL, NULL, NULL))
    return FALSE;
  VEC_AT (*groups, GroupRecord, g.record).id = g.id;
  if (g.id == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, group.mark, "a %s needs an id", kind);
  if (g.n_children == 0)
    return tf_yaml_reader_fail_at (&l->r, group.mark, "%s %u holds no %s (%s non-empty)", kind,
                                   g.id, child_kind, kind);
  return TRUE;
}

static gboolean
read_rack (TfLoader *l,
           guint32   pod,
           guint32   index)
{
  return read_group (l, &l->racks, pod, index, "rack", rack_keys, "board", read_board);
}

static gboolean
read_pod (TfLoader *l,
          guint32   unused,
          guint32   index)
{
  return read_group (l, &l->pods, G_MAXUINT32, index, "pod", pod_keys, "rack", read_rack);
}

static gboolean
read_pods (TfYamlReader      *r,
           const TfYamlKeyAt *at)
{
  TfYamlSequence s;
  gboolean more;

  if (!tf_yaml_reader_begin_sequence (r, &s, TF_N_CHIP_MAX))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    read_pod (at->data, G_MAXUINT32, s.count - 1);
  if (r->error == NULL && s.count == 0)
    return tf_yaml_reader_fail_at (r, s.start, "no pod");
  return r->error == NULL;
}

static const TfYamlKey grouping_keys[] = {
  TF_YAML_KEY_CALL ("pods", read_pods),
};

gboolean
tf_loader_read_grouping (TfLoader *l)
{
  guint64 have;

  l->has_grouping = TRUE;
  l->grouping_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_read_keys (&l->r, grouping_keys, G_N_ELEMENTS (grouping_keys), l, l, NULL, &have,
                          NULL))
    return FALSE;
  if (!have)
    return tf_yaml_reader_fail_field (&l->r, l->grouping_mark, "boardGrouping",
                                      "pods is required");
  return TRUE;
}

/* network */

/* The tiers a switch may sit at, in the order tf_yaml_read_choice lists them. */
TF_STATIC_NAMES (tier_names, "board", "rack", "pod", "datacenter", "chip");
static const TfTier tiers[] = { TF_TIER_BOARD, TF_TIER_RACK, TF_TIER_POD, TF_TIER_DATACENTER };

/* A switch's container key: the board of a scale-up switch, the rack or pod of the others. */
static gboolean
read_container (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  SwitchRecord *sw = at->field;

  sw->container_mark = tf_yaml_reader_mark (r);
  switch (at->name[0])
    {
    case 'b': sw->has_board = TRUE; break;
    case 'r': sw->has_rack = TRUE; break;
    default: sw->has_pod = TRUE; break;
    }
  return tf_yaml_read_guint (r, 0, TF_N_CHIP_MAX - 1, &sw->container);
}

static gboolean
read_switch_id (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  SwitchRecord *sw = at->field;
  g_autofree char *name = NULL;
  TfMark mark = tf_yaml_reader_mark (r);
  guint64 chip;

  if (!tf_yaml_read_string (r, MAX_NAME, &name))
    return FALSE;
  if (g_str_has_prefix (name, "chip") && (parse_chip_name (name, &chip)
                                          || strspn (name + 4, "0123456789")
                                             == strlen (name + 4)))
    return tf_yaml_reader_fail_at (r, mark, "'%s': switch ids cannot look like chip names",
                                   name);
  return intern_name (at->data, name, mark, 0, &sw->name);
}

static gboolean
read_tier (TfYamlReader      *r,
           const TfYamlKeyAt *at)
{
  SwitchRecord *sw = at->field;
  guint choice;

  sw->tier_mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_read_choice (r, tier_names, &choice))
    return FALSE;
  if (choice >= G_N_ELEMENTS (tiers))
    return tf_yaml_reader_fail_at (r, sw->tier_mark, "a switch cannot sit at tier %s: switch "
                                   "tiers are board (scale-up), rack, pod or datacenter (switch "
                                   "tier)", tier_names.names[choice]);
  sw->tier = tiers[choice];
  return TRUE;
}

#define SWITCH_TIER_KEY  1
#define SWITCH_PORTS_KEY 5
static const TfYamlKey switch_keys[] = {
  TF_YAML_KEY_CALL ("id", read_switch_id),
  [SWITCH_TIER_KEY] = TF_YAML_KEY_CALL ("tier", read_tier),
  TF_YAML_KEY_CALL ("board", read_container),
  TF_YAML_KEY_CALL ("rack", read_container),
  TF_YAML_KEY_CALL ("pod", read_container),
  [SWITCH_PORTS_KEY] = TF_YAML_KEY_UINT64 ("port_count", SwitchRecord, port_count, 0,
                                           G_MAXUINT32, NULL),
};

static gboolean
read_switch (TfLoader *l)
{
  SwitchRecord sw = { G_MAXUINT32, TF_TIER_RACK, 0, 0, tf_yaml_reader_mark (&l->r) };
  guint64 have;

  if (!tf_yaml_read_keys (&l->r, switch_keys, G_N_ELEMENTS (switch_keys), &sw, l, NULL, &have,
                          NULL))
    return FALSE;
  if (sw.name == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a switch needs an id");
  if (!(have & (1u << SWITCH_TIER_KEY)))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a switch needs a tier");
  if (!(have & (1u << SWITCH_PORTS_KEY)))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a switch needs a port_count");
  if (sw.tier == TF_TIER_BOARD && (!sw.has_board || sw.has_rack || sw.has_pod))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a scale-up switch (tier board) names its "
                                   "board (board: its index), not a rack or pod");
  if (sw.tier != TF_TIER_BOARD && sw.has_board)
    {
      g_autofree char *path = g_strdup_printf ("%s.board", l->r.path->str);

      return tf_yaml_reader_fail_field (&l->r, sw.container_mark, path, "a %s switch names no "
                                        "board: only a scale-up switch (tier board) does",
                                        tf_tier_to_string (sw.tier));
    }
  if (sw.tier == TF_TIER_RACK && (!sw.has_rack || sw.has_pod))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a rack switch names its rack, not a pod");
  if (sw.tier == TF_TIER_POD && (!sw.has_pod || sw.has_rack))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a pod switch names its pod, not a rack");
  if (sw.tier == TF_TIER_DATACENTER && (sw.has_pod || sw.has_rack))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a datacenter switch names no rack or pod");
  return tf_loader_vec_push (l, &l->switches, &sw);
}

/* a: or b: of a link, a chip or a switch name. */
static gboolean
read_end (TfYamlReader      *r,
          const TfYamlKeyAt *at)
{
  return read_node_ref (at->data, at->name[0], at->field);
}

#define LINK_TYPE_KEY  2
#define LINK_REACH_KEY 3
#define LINK_MULT_KEY  4
static const TfYamlKey link_keys[] = {
  TF_YAML_KEY_CALL_AT ("a", read_end, LinkRecord, a),
  TF_YAML_KEY_CALL_AT ("b", read_end, LinkRecord, b),
  [LINK_TYPE_KEY] = TF_YAML_KEY_CHOICE ("type", LinkRecord, type, tf_link_type_names),
  [LINK_REACH_KEY] = TF_YAML_KEY_CHOICE ("reach", LinkRecord, reach, tf_reach_names),
  [LINK_MULT_KEY] = TF_YAML_KEY_GUINT ("multiplicity", LinkRecord, multiplicity, 1, G_MAXINT32),
};

static gboolean
read_link (TfLoader *l)
{
  LinkRecord link = { G_MAXUINT32, G_MAXUINT32, 0, TF_LINK_C2C, TF_REACH_BOARD, FALSE,
                      tf_yaml_reader_mark (&l->r) };
  guint64 have;

  if (!tf_yaml_read_keys (&l->r, link_keys, G_N_ELEMENTS (link_keys), &link, l, NULL, &have,
                          NULL))
    return FALSE;
  link.has_reach = (have & (1u << LINK_REACH_KEY)) != 0;
  if (link.a == G_MAXUINT32 || link.b == G_MAXUINT32 || !(have & (1u << LINK_TYPE_KEY))
      || !(have & (1u << LINK_MULT_KEY)))
    return tf_yaml_reader_fail_at (&l->r, link.mark, "a link needs a, b, type and multiplicity");
  if (link.a == link.b)
    return tf_yaml_reader_fail_at (&l->r, link.mark, "a link joins a node to itself");
  return tf_loader_vec_push (l, &l->links, &link);
}

static gboolean
read_switches (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  TfYamlSequence s;
  gboolean more;

  if (!tf_yaml_reader_begin_sequence (r, &s, MAX_SWITCHES))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    read_switch (at->data);
  return r->error == NULL;
}

static gboolean
read_links (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  TfYamlSequence s;
  gboolean more;

  if (!tf_yaml_reader_begin_sequence (r, &s, (guint) TF_LINK_COUNT_MAX))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    read_link (at->data);
  return r->error == NULL;
}

static const TfYamlKey network_keys[] = {
  TF_YAML_KEY_CALL ("switches", read_switches),
  TF_YAML_KEY_CALL ("links", read_links),
};

gboolean
tf_loader_read_network (TfLoader *l)
{
  guint64 have;

  l->has_network = TRUE;
  l->network_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_read_keys (&l->r, network_keys, G_N_ELEMENTS (network_keys), l, l, NULL, &have,
                          NULL))
    return FALSE;
  if (have != 3)
    return tf_yaml_reader_fail_field (&l->r, l->network_mark, "network",
                                      "switches and links are required (switches may be [])");
  return TRUE;
}
