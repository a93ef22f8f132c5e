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
read_board (TfLoader *l,
            guint32   rack,
            guint32   index)
{
  BoardRecord b = { G_MAXUINT32, rack, index, tf_yaml_reader_mark (&l->r), l->chips.len, 0 };
  TfYamlMapping m;
  const char *key;
  gboolean has_chips = FALSE;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "id") == 0)
        {
          guint64 v;

          if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
            b.id = (guint32) v;
        }
      else if (strcmp (key, "chips") == 0)
        {
          TfYamlSequence s;
          gboolean more;

          has_chips = TRUE;
          b.chips_mark = tf_yaml_reader_mark (&l->r);
          b.first_chip = l->chips.len;
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_N_CHIP_MAX))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            {
              ChipRecord c = { 0, tf_yaml_reader_mark (&l->r) };
              guint64 v;

              if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
                {
                  c.chip = (guint32) v;
                  tf_loader_vec_push (l, &l->chips, &c);
                }
            }
          b.n_chips = l->chips.len - b.first_chip;
        }
      else
        tf_loader_unknown_key (l, &m, key, "id or chips");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (b.id == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, b.mark, "a board needs an id");
  if (!has_chips || b.n_chips == 0)
    return tf_yaml_reader_fail_at (&l->r, b.mark, "board %u holds no chip", b.id);
  return tf_loader_vec_push (l, &l->boards, &b);
}

typedef gboolean (*ChildReader) (TfLoader *l, guint32 parent, guint32 index);

/* A pod or a rack: its id and the list of its racks or boards, read by @read_child. */
static gboolean
read_group (TfLoader    *l,
            TfLoaderVec *groups,
            guint32      parent,
            guint32      index,
            const char  *kind,
            const char  *children,
            const char  *child_kind,
            ChildReader  read_child)
{
  GroupRecord group = { G_MAXUINT32, parent, index, tf_yaml_reader_mark (&l->r) };
  guint32 record = groups->len;
  guint n_children = 0;
  TfYamlMapping m;
  const char *key;

  /* Pushed first so its children can name it; its id is filled in below. */
  if (!tf_loader_vec_push (l, groups, &group))
    return FALSE;
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "id") == 0)
        {
          guint64 v;

          if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
            VEC_AT (*groups, GroupRecord, record).id = (guint32) v;
        }
      else if (strcmp (key, children) == 0)
        {
          TfYamlSequence s;
          gboolean more;

          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_N_CHIP_MAX))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            read_child (l, record, s.count - 1);
          n_children = s.count;
        }
      else
        {
          g_autofree char *expected = g_strdup_printf ("id or %s", children);

          tf_loader_unknown_key (l, &m, key, expected);
        }
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  group.id = VEC_AT (*groups, GroupRecord, record).id;
  if (group.id == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, group.mark, "a %s needs an id", kind);
  if (n_children == 0)
    return tf_yaml_reader_fail_at (&l->r, group.mark, "%s %u holds no %s (%s non-empty)", kind,
                                   group.id, child_kind, kind);
  return TRUE;
}

static gboolean
read_rack (TfLoader *l,
           guint32   pod,
           guint32   index)
{
  return read_group (l, &l->racks, pod, index, "rack", "boards", "board", read_board);
}

static gboolean
read_pod (TfLoader *l,
          guint32   unused,
          guint32   index)
{
  return read_group (l, &l->pods, G_MAXUINT32, index, "pod", "racks", "rack", read_rack);
}

gboolean
tf_loader_read_grouping (TfLoader *l)
{
  TfYamlMapping m;
  const char *key;
  gboolean has_pods = FALSE;

  l->has_grouping = TRUE;
  l->grouping_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "pods") == 0)
        {
          TfYamlSequence s;
          gboolean more;

          has_pods = TRUE;
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_N_CHIP_MAX))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            read_pod (l, G_MAXUINT32, s.count - 1);
          if (l->r.error == NULL && s.count == 0)
            tf_yaml_reader_fail_at (&l->r, s.start, "no pod");
        }
      else
        tf_loader_unknown_key (l, &m, key, "pods");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && !has_pods)
    return tf_yaml_reader_fail_field (&l->r, l->grouping_mark, "boardGrouping",
                                      "pods is required");
  return l->r.error == NULL;
}

/* network */

/* The tiers a switch may sit at, in the order tf_yaml_read_choice lists them. */
TF_STATIC_NAMES (tier_names, "board", "rack", "pod", "datacenter", "chip");
static const TfTier tiers[] = { TF_TIER_BOARD, TF_TIER_RACK, TF_TIER_POD, TF_TIER_DATACENTER };

/* A switch's container key: the board of a scale-up switch, the rack or pod of the others. */
static void
read_container (TfLoader     *l,
                SwitchRecord *sw,
                guint8       *has)
{
  guint64 v;

  sw->container_mark = tf_yaml_reader_mark (&l->r);
  if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
    sw->container = (guint32) v;
  *has = TRUE;
}

static gboolean
read_switch (TfLoader *l)
{
  SwitchRecord sw = { G_MAXUINT32, TF_TIER_RACK, 0, 0, tf_yaml_reader_mark (&l->r) };
  TfYamlMapping m;
  const char *key;
  gboolean has_tier = FALSE, has_ports = FALSE;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "id") == 0)
        {
          g_autofree char *name = NULL;
          TfMark mark = tf_yaml_reader_mark (&l->r);
          guint64 chip;

          if (!tf_yaml_read_string (&l->r, MAX_NAME, &name))
            break;
          if (g_str_has_prefix (name, "chip") && (parse_chip_name (name, &chip)
                                                  || strspn (name + 4, "0123456789")
                                                     == strlen (name + 4)))
            {
              tf_yaml_reader_fail_at (&l->r, mark, "'%s': switch ids cannot look like chip "
                                      "names", name);
              break;
            }
          intern_name (l, name, mark, 0, &sw.name);
        }
      else if (strcmp (key, "tier") == 0)
        {
          guint choice;

          sw.tier_mark = tf_yaml_reader_mark (&l->r);
          if (!tf_yaml_read_choice (&l->r, tier_names, &choice))
            break;
          if (choice >= G_N_ELEMENTS (tiers))
            {
              tf_yaml_reader_fail_at (&l->r, sw.tier_mark, "a switch cannot sit at tier %s: "
                                      "switch tiers are board (scale-up), rack, pod or "
                                      "datacenter (switch tier)", tier_names.names[choice]);
              break;
            }
          sw.tier = tiers[choice];
          has_tier = TRUE;
        }
      else if (strcmp (key, "board") == 0)
        read_container (l, &sw, &sw.has_board);
      else if (strcmp (key, "rack") == 0)
        read_container (l, &sw, &sw.has_rack);
      else if (strcmp (key, "pod") == 0)
        read_container (l, &sw, &sw.has_pod);
      else if (strcmp (key, "port_count") == 0)
        {
          tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &sw.port_count);
          has_ports = TRUE;
        }
      else
        tf_loader_unknown_key (l, &m, key, "id, tier, board, rack, pod or port_count");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (sw.name == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a switch needs an id");
  if (!has_tier)
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a switch needs a tier");
  if (!has_ports)
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

static gboolean
read_link (TfLoader *l)
{
  LinkRecord link = { G_MAXUINT32, G_MAXUINT32, 0, TF_LINK_C2C, TF_REACH_BOARD, FALSE,
                      tf_yaml_reader_mark (&l->r) };
  TfYamlMapping m;
  const char *key;
  gboolean has_type = FALSE, has_mult = FALSE;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "a") == 0)
        read_node_ref (l, 'a', &link.a);
      else if (strcmp (key, "b") == 0)
        read_node_ref (l, 'b', &link.b);
      else if (strcmp (key, "type") == 0)
        {
          guint choice;

          if (tf_yaml_read_choice (&l->r, tf_link_type_names, &choice))
            link.type = (TfLinkType) choice;
          has_type = TRUE;
        }
      else if (strcmp (key, "reach") == 0)
        {
          guint choice;

          if (tf_yaml_read_choice (&l->r, tf_reach_names, &choice))
            link.reach = (TfReach) choice;
          link.has_reach = TRUE;
        }
      else if (strcmp (key, "multiplicity") == 0)
        {
          guint64 v;

          if (tf_yaml_read_uint (&l->r, 1, G_MAXINT32, &v))
            link.multiplicity = (guint32) v;
          has_mult = TRUE;
        }
      else
        tf_loader_unknown_key (l, &m, key, "a, b, type, reach or multiplicity");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (link.a == G_MAXUINT32 || link.b == G_MAXUINT32 || !has_type || !has_mult)
    return tf_yaml_reader_fail_at (&l->r, link.mark, "a link needs a, b, type and multiplicity");
  if (link.a == link.b)
    return tf_yaml_reader_fail_at (&l->r, link.mark, "a link joins a node to itself");
  return tf_loader_vec_push (l, &l->links, &link);
}

gboolean
tf_loader_read_network (TfLoader *l)
{
  TfYamlMapping m;
  const char *key;
  gboolean has_switches = FALSE, has_links = FALSE;

  l->has_network = TRUE;
  l->network_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      TfYamlSequence s;
      gboolean more;

      if (strcmp (key, "switches") == 0)
        {
          has_switches = TRUE;
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, MAX_SWITCHES))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            read_switch (l);
        }
      else if (strcmp (key, "links") == 0)
        {
          has_links = TRUE;
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, (guint) TF_LINK_COUNT_MAX))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            read_link (l);
        }
      else
        tf_loader_unknown_key (l, &m, key, "switches or links");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_switches || !has_links))
    return tf_yaml_reader_fail_field (&l->r, l->network_mark, "network",
                                      "switches and links are required (switches may be [])");
  return l->r.error == NULL;
}

