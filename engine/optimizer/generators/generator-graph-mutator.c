/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-graph-mutator.c: the GraphMutator, local edits of a candidate's NetworkGraph.
 *
 * Operators (topology-optimizer-spec-v1.0.0, GraphMutator):
 *   add_edge               one more link between two switches with free ports
 *   remove_edge            one link fewer between two switches, if the graph stays connected
 *   rewire_switch          two switch-to-switch links exchange ends: (a,b),(c,d) -> (a,d),(c,b);
 *                          every switch keeps its port count
 *   split_switch           a switch becomes two in the same place, its links dealt between them;
 *                          the two port counts add up to the old one
 *   merge_switch           two switches of one tier and place become one (links between them go)
 *                          if the sum of their ports fits the largest radix option
 *   change_port_asymmetry  one link end moves from a switch to another of the same tier, so
 *                          their port counts differ (the ZCube kind of design)
 *   rehome_chip            a chip's link to a switch moves to another switch of the same tier
 *                          and place, or, while the chip has NIC ports to spare
 *                          (nic_ports_per_chip), the chip gets one more link to such a switch
 *   dual_home              every leaf gets a twin in its place and every chip a second link to
 *                          it, the leaf's switch links dealt between the two (dual-homing.c;
 *                          Alibaba HPN's dual ToR), when the chips have the NIC ports for it
 * and the structural moves of mutation-structural.c (tier_edit, add_spine_plane,
 * remove_spine_plane). A child is 1 .. edits_per_child edits.
 *
 * Edits touch switches and the chips' links to them; a chip's links to chips are hardware (its
 * board, its C2C ports), which the spec keeps out of the search (Non-Goals), so a direct network
 * without switches has nothing to edit. Every edit ends in the generator's invariant check
 * (grouping, containment, link types, port counts, connectivity), the largest radix option and
 * the dead-hardware rules (a switch the edit leaves with no link is removed; one it leaves a
 * dead end, a pass-through or a trap for its chips refuses the edit); a graph that fails is an
 * InvalidMutation, never a candidate.
 */
#include "graph-mutator-private.h"

#define TRIES 24

static gboolean
enabled (const TfSearchConfig *config)
{
  return config->mutator_enabled && config->operators != 0;
}

static gboolean
can_mutate (gpointer           state,
            const TfCandidate *parent)
{
  (void) state;
  return parent->topology.graph.n_switch > 0;
}

static guint
max_radix (const TfSearchConfig *config)
{
  const TfHardwareConstraints *hw = &config->hardware;

  return hw->n_radix_options > 0 ? hw->radix_options[hw->n_radix_options - 1] : G_MAXUINT;
}

void
tf_edit_init (Edit                 *e,
              const TfSearchConfig *config,
              const TfNetworkGraph *parent,
              TfNetworkGraph       *graph)
{
  /* The parent's grouping copied; its switches and links straight into the edit's arrays. */
  *graph = *parent;
  graph->switches = NULL;
  graph->links = NULL;
  graph->n_switch = 0;
  graph->n_links = 0;
  graph->board_chips = g_memdup2 (parent->board_chips,
                                  sizeof (guint32) * parent->n_board * parent->chips_per_board);
  graph->board_rack = g_memdup2 (parent->board_rack, sizeof (guint32) * parent->n_board);
  graph->rack_pod = g_memdup2 (parent->rack_pod, sizeof (guint32) * parent->n_rack);
  e->config = config;
  e->graph = graph;
  e->switches = g_array_sized_new (FALSE, FALSE, sizeof (TfSwitch), parent->n_switch + 1);
  g_array_append_vals (e->switches, parent->switches, parent->n_switch);
  for (guint i = 0; i < parent->n_switch; i++)
    g_array_index (e->switches, TfSwitch, i).id = g_strdup (parent->switches[i].id);
  e->links = g_array_sized_new (FALSE, FALSE, sizeof (TfLink), parent->n_links + 1);
  g_array_append_vals (e->links, parent->links, parent->n_links);
  e->max_ports = max_radix (config);
  e->board_topo = TF_N_INTRA_BOARD_TOPOS;
  e->near = g_byte_array_sized_new (parent->n_chip + parent->n_switch + 8);
  g_byte_array_set_size (e->near, parent->n_chip + parent->n_switch);
  memset (e->near->data, 0, e->near->len);
  e->cut = FALSE;
  e->whole = TRUE;
  e->pairs = NULL;
}

/* @near of at least @n nodes, the new ones not near. */
static void
near_grow (GByteArray *near,
           guint       n)
{
  guint old = near->len;

  if (n <= old)
    return;
  g_byte_array_set_size (near, n);
  memset (near->data + old, 0, n - old);
}

void
tf_edit_touch (Edit   *e,
               guint32 node)
{
  near_grow (e->near, node + 1);
  e->near->data[node] = 1;
}

void
tf_edit_clear (Edit *e)
{
  if (e->switches != NULL)
    {
      for (guint i = 0; i < e->switches->len; i++)
        g_free (g_array_index (e->switches, TfSwitch, i).id);
      g_array_unref (e->switches);
    }
  g_clear_pointer (&e->links, g_array_unref);
  g_clear_pointer (&e->near, g_byte_array_unref);
  g_clear_pointer (&e->pairs, g_hash_table_unref);
}

static guint
ports (const Edit *e,
       guint32     node)
{
  guint total = 0;

  for (guint i = 0; i < e->links->len; i++)
    {
      const TfLink *l = LINK (e, i);

      if (l->a == node || l->b == node)
        total += l->multiplicity;
    }
  return total;
}

/* Link records joining two switches, as indices into e->links. */
static GArray *
switch_links (const Edit *e)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < e->links->len; i++)
    if (is_switch (e, LINK (e, i)->a) && is_switch (e, LINK (e, i)->b))
      g_array_append_val (out, i);
  return out;
}

static guint32
random_switch (const Edit *e,
               GRand      *rng)
{
  return n_chip (e) + g_rand_int_range (rng, 0, e->switches->len);
}

static gint64 *
pair_key (guint32 a,
          guint32 b)
{
  gint64 *key = g_new (gint64, 1);

  *key = (gint64) (((guint64) MIN (a, b) << 32) | MAX (a, b));
  return key;
}

/* The first record of each pair, as the scan of tf_edit_add_links would find it. */
void
tf_edit_index_links (Edit *e)
{
  if (e->pairs != NULL)
    return;
  e->pairs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = e->links->len; i-- > 0;)
    g_hash_table_insert (e->pairs, pair_key (LINK (e, i)->a, LINK (e, i)->b),
                         GUINT_TO_POINTER (i + 1));
}

void
tf_edit_add_links (Edit   *e,
                   guint32 a,
                   guint32 b,
                   guint32 multiplicity)
{
  TfLink l = { MIN (a, b), MAX (a, b), multiplicity, TF_LINK_C2C, TF_REACH_BOARD };

  tf_edit_touch (e, a);
  tf_edit_touch (e, b);
  if (e->pairs != NULL)
    {
      g_autofree gint64 *key = pair_key (a, b);
      guint i = GPOINTER_TO_UINT (g_hash_table_lookup (e->pairs, key));

      if (i > 0)
        {
          LINK (e, i - 1)->multiplicity += multiplicity;
          return;
        }
      g_array_append_val (e->links, l);
      g_hash_table_insert (e->pairs, g_steal_pointer (&key), GUINT_TO_POINTER (e->links->len));
      return;
    }
  for (guint i = 0; i < e->links->len; i++)
    {
      TfLink *o = LINK (e, i);

      if (MIN (o->a, o->b) == l.a && MAX (o->a, o->b) == l.b)
        {
          o->multiplicity += multiplicity;
          return;
        }
    }
  g_array_append_val (e->links, l);
}

gboolean
tf_edit_invalid (GError    **error,
                 const char *format,
                 ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, message);
  return FALSE;
}

/* Operators. Each edits e or fails with TF_ERROR_INVALID_MUTATION; finish() checks the rest. */

static gboolean
op_add_edge (Edit *e, GRand *rng, GError **error)
{
  if (e->switches->len < 2)
    return tf_edit_invalid (error, "add_edge: fewer than two switches");
  for (guint t = 0; t < TRIES; t++)
    {
      guint32 u = random_switch (e, rng), v = random_switch (e, rng);

      if (u == v || ports (e, u) >= e->max_ports || ports (e, v) >= e->max_ports)
        continue;
      tf_edit_add_links (e, u, v, 1);
      return TRUE;
    }
  return tf_edit_invalid (error, "add_edge: no two switches with free ports found");
}

static gboolean
op_remove_edge (Edit *e, GRand *rng, GError **error)
{
  g_autoptr(GArray) sl = switch_links (e);

  if (sl->len == 0)
    return tf_edit_invalid (error, "remove_edge: no link between switches");
  take_link (e, g_array_index (sl, guint, g_rand_int_range (rng, 0, sl->len)));
  return TRUE;
}

static gboolean
op_rewire_switch (Edit *e, GRand *rng, GError **error)
{
  g_autoptr(GArray) sl = switch_links (e);

  if (sl->len < 2)
    return tf_edit_invalid (error, "rewire_switch: fewer than two links between switches");
  for (guint t = 0; t < TRIES; t++)
    {
      guint i = g_array_index (sl, guint, g_rand_int_range (rng, 0, sl->len));
      guint j = g_array_index (sl, guint, g_rand_int_range (rng, 0, sl->len));
      guint32 a = LINK (e, i)->a, b = LINK (e, i)->b, c = LINK (e, j)->a, d = LINK (e, j)->b;

      if (g_rand_boolean (rng))
        {
          guint32 x = c;

          c = d;
          d = x;
        }
      if (i == j || a == c || a == d || b == c || b == d)
        continue;
      take_link (e, i);
      take_link (e, j);
      tf_edit_add_links (e, a, d, 1);
      tf_edit_add_links (e, c, b, 1);
      return TRUE;
    }
  return tf_edit_invalid (error, "rewire_switch: no two links with four distinct ends found");
}

gboolean
tf_edit_id_taken (const Edit *e,
                  const char *id)
{
  for (guint i = 0; i < e->switches->len; i++)
    if (g_strcmp0 (SW (e, i)->id, id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
op_split_switch (Edit *e, GRand *rng, GError **error)
{
  guint32 s = random_switch (e, rng), s2;
  TfSwitch copy = *SW (e, s - n_chip (e));
  guint total = ports (e, s), moved = 0, want;
  guint n_links = e->links->len;

  if (total < 2)
    return tf_edit_invalid (error, "split_switch: %s has fewer than two ports", copy.id);
  copy.id = g_strdup_printf ("%s-split%u", copy.id, e->switches->len);
  if (tf_edit_id_taken (e, copy.id))
    {
      g_free (copy.id);
      return tf_edit_invalid (error, "split_switch: the new id is taken");
    }
  g_array_append_val (e->switches, copy);
  s2 = n_chip (e) + e->switches->len - 1;
  want = 1 + g_rand_int_range (rng, 0, total - 1);   /* 1 .. total - 1 ports move */
  /* Deal physical links to the new switch at random until @want have moved. */
  while (moved < want)
    {
      guint i = g_rand_int_range (rng, 0, n_links);
      TfLink *l = LINK (e, i);
      guint32 other;

      if (l->multiplicity == 0 || (l->a != s && l->b != s))
        continue;
      other = l->a == s ? l->b : l->a;
      take_link (e, i);
      tf_edit_add_links (e, other, s2, 1);
      moved++;
    }
  return TRUE;
}

void
tf_edit_drop_switch (Edit   *e,
                     guint32 v)
{
  guint v_index = v - n_chip (e);

  g_clear_pointer (&e->pairs, g_hash_table_unref);
  g_free (SW (e, v_index)->id);
  g_array_remove_index (e->switches, v_index);
  if (v < e->near->len)
    g_byte_array_remove_index (e->near, v);
  for (guint i = 0; i < e->links->len; i++)
    {
      TfLink *l = LINK (e, i);

      if (l->a > v)
        l->a--;
      if (l->b > v)
        l->b--;
    }
}

static gboolean
op_merge_switch (Edit *e, GRand *rng, GError **error)
{
  if (e->switches->len < 2)
    return tf_edit_invalid (error, "merge_switch: fewer than two switches");
  for (guint t = 0; t < TRIES; t++)
    {
      guint32 u = random_switch (e, rng), v = random_switch (e, rng);
      const TfSwitch *su = SW (e, u - n_chip (e)), *sv = SW (e, v - n_chip (e));
      guint between = 0;

      if (u == v || su->tier != sv->tier || su->container != sv->container)
        continue;
      for (guint i = 0; i < e->links->len; i++)
        {
          TfLink *l = LINK (e, i);

          if ((l->a == u && l->b == v) || (l->a == v && l->b == u))
            between += l->multiplicity;
        }
      if (ports (e, u) + ports (e, v) - 2 * between > e->max_ports)
        continue;
      /* Move v's links to u, drop the ones between them, then remove v and renumber. */
      for (guint i = 0; i < e->links->len; i++)
        {
          TfLink *l = LINK (e, i);

          if ((l->a == u && l->b == v) || (l->a == v && l->b == u))
            {
              l->multiplicity = 0;
              e->cut = TRUE;
            }
          else if (l->a == v)
            l->a = u;
          else if (l->b == v)
            l->b = u;
          else
            continue;
          tf_edit_touch (e, l->a);
          tf_edit_touch (e, l->b);
        }
      tf_edit_drop_switch (e, v);
      return TRUE;
    }
  return tf_edit_invalid (error, "merge_switch: no two switches of one tier and place fit one "
                          "radix");
}

static gboolean
op_change_port_asymmetry (Edit *e, GRand *rng, GError **error)
{
  g_autoptr(GArray) sl = switch_links (e);

  if (sl->len == 0 || e->switches->len < 3)
    return tf_edit_invalid (error, "change_port_asymmetry: too few switches");
  for (guint t = 0; t < TRIES; t++)
    {
      guint i = g_array_index (sl, guint, g_rand_int_range (rng, 0, sl->len));
      TfLink *l = LINK (e, i);
      gboolean move_a = g_rand_boolean (rng);
      guint32 u = move_a ? l->a : l->b, x = move_a ? l->b : l->a;
      guint32 v = random_switch (e, rng);

      if (v == u || v == x || SW (e, v - n_chip (e))->tier != SW (e, u - n_chip (e))->tier
          || ports (e, v) >= e->max_ports)
        continue;
      take_link (e, i);
      tf_edit_add_links (e, v, x, 1);
      return TRUE;
    }
  return tf_edit_invalid (error, "change_port_asymmetry: no switch of the same tier with a free "
                          "port");
}

/* Links from @chip to switches, physical. */
static guint
chip_uplinks (const Edit *e,
              guint32     chip)
{
  guint total = 0;

  for (guint i = 0; i < e->links->len; i++)
    {
      const TfLink *l = LINK (e, i);

      if ((l->a == chip && is_switch (e, l->b)) || (l->b == chip && is_switch (e, l->a)))
        total += l->multiplicity;
    }
  return total;
}

static gboolean
op_rehome_chip (Edit *e, GRand *rng, GError **error)
{
  g_autoptr(GArray) chip_links = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < e->links->len; i++)
    if (LINK (e, i)->multiplicity > 0 && is_switch (e, LINK (e, i)->a) != is_switch (e, LINK (e, i)->b))
      g_array_append_val (chip_links, i);
  if (chip_links->len == 0 || e->switches->len < 2)
    return tf_edit_invalid (error, "rehome_chip: no chip link to a switch, or one switch");
  for (guint t = 0; t < TRIES; t++)
    {
      guint i = g_array_index (chip_links, guint, g_rand_int_range (rng, 0, chip_links->len));
      guint32 chip = MIN (LINK (e, i)->a, LINK (e, i)->b), u = MAX (LINK (e, i)->a, LINK (e, i)->b);
      guint32 v = random_switch (e, rng);
      const TfSwitch *su = SW (e, u - n_chip (e)), *sv = SW (e, v - n_chip (e));
      gboolean add = chip_uplinks (e, chip) < e->config->hardware.nic_ports_per_chip
                     && g_rand_boolean (rng);

      /* Same tier and place: a chip on a rack switch must sit in its rack. */
      if (v == u || sv->tier != su->tier || sv->container != su->container
          || ports (e, v) >= e->max_ports)
        continue;
      if (!add)
        take_link (e, i);
      tf_edit_add_links (e, chip, v, 1);
      return TRUE;
    }
  return tf_edit_invalid (error, "rehome_chip: no other switch of the same tier and place with "
                          "a free port");
}

static gboolean
op_dual_home (Edit *e, GRand *rng, GError **error)
{
  TfNetworkGraph view = *e->graph, out;
  guint most = 0;

  (void) rng;
  for (guint32 c = 0; c < n_chip (e); c++)
    most = MAX (most, chip_uplinks (e, c));
  if (most == 0 || 2 * most > e->config->hardware.nic_ports_per_chip)
    return tf_edit_invalid (error, "dual_home: the chips have no NIC ports for a second link "
                            "(nic_ports_per_chip = %u)", e->config->hardware.nic_ports_per_chip);
  view.switches = (TfSwitch *) (void *) e->switches->data;
  view.n_switch = e->switches->len;
  view.links = (TfLink *) (void *) e->links->data;
  view.n_links = e->links->len;
  if (!tf_network_graph_dual_home (&view, &out, error))
    return FALSE;
  /* The edit takes the dual-homed switches (ids and all) and links. */
  for (guint i = 0; i < e->switches->len; i++)
    g_free (SW (e, i)->id);
  g_array_set_size (e->switches, 0);
  g_array_append_vals (e->switches, out.switches, out.n_switch);
  g_array_set_size (e->links, 0);
  g_array_append_vals (e->links, out.links, out.n_links);
  g_free (out.switches);
  g_free (out.links);
  g_free (out.board_chips);
  g_free (out.board_rack);
  g_free (out.rack_pod);
  return TRUE;
}

typedef gboolean (*Operator) (Edit *e, GRand *rng, GError **error);

static const Operator operators[TF_N_MUTATIONS] = {
  [TF_MUTATION_ADD_EDGE] = op_add_edge,
  [TF_MUTATION_REMOVE_EDGE] = op_remove_edge,
  [TF_MUTATION_REWIRE_SWITCH] = op_rewire_switch,
  [TF_MUTATION_SPLIT_SWITCH] = op_split_switch,
  [TF_MUTATION_MERGE_SWITCH] = op_merge_switch,
  [TF_MUTATION_CHANGE_PORT_ASYMMETRY] = op_change_port_asymmetry,
  [TF_MUTATION_REHOME_CHIP] = op_rehome_chip,
  [TF_MUTATION_DUAL_HOME] = op_dual_home,
  [TF_MUTATION_TIER_EDIT] = tf_mutation_tier_edit,
  [TF_MUTATION_ADD_SPINE_PLANE] = tf_mutation_add_spine_plane,
  [TF_MUTATION_REMOVE_SPINE_PLANE] = tf_mutation_remove_spine_plane,
  [TF_MUTATION_CHANGE_BOARD_TOPOLOGY] = tf_mutation_change_board_topology,
  [TF_MUTATION_CHANGE_CHIPS_PER_BOARD] = tf_mutation_change_chips_per_board,
};

/* The local edits: they change links only through take_link, tf_edit_add_links and
 * tf_edit_touch, so what they changed is known and only that is checked again. */
static const gboolean tracked[TF_N_MUTATIONS] = {
  [TF_MUTATION_ADD_EDGE] = TRUE,
  [TF_MUTATION_REMOVE_EDGE] = TRUE,
  [TF_MUTATION_REWIRE_SWITCH] = TRUE,
  [TF_MUTATION_SPLIT_SWITCH] = TRUE,
  [TF_MUTATION_MERGE_SWITCH] = TRUE,
  [TF_MUTATION_CHANGE_PORT_ASYMMETRY] = TRUE,
  [TF_MUTATION_REHOME_CHIP] = TRUE,
};

/* No dead hardware (docs/optimizer.md): a switch the edit left with no link at all goes (its
 * removal changes nothing else); any other dead switch (a dead end with one neighbour, a
 * pass-through, a switch whose chips cannot leave it) refuses the edit, since removing it
 * would undo part of what the edit did. Switches are dropped from the last, so the nodes of
 * those still to drop keep their numbers (and @near, when not NULL, is renumbered with them:
 * only the switches near and those of the chips near are judged). */
static gboolean
repair_dead_hardware (TfNetworkGraph *g,
                      GByteArray     *near,
                      GError        **error)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree gboolean *linked = g_new0 (gboolean, MAX (g->n_switch, 1));
  guint n_chip = g->n_chip;

  for (guint i = 0; i < g->n_links; i++)
    {
      if (g->links[i].a >= n_chip)
        linked[g->links[i].a - n_chip] = TRUE;
      if (g->links[i].b >= n_chip)
        linked[g->links[i].b - n_chip] = TRUE;
    }
  for (guint s = g->n_switch; s-- > 0;)
    if (!linked[s])
      {
        guint32 node = n_chip + s;

        for (guint i = 0; i < g->n_links; i++)
          {
            TfLink *l = &g->links[i];

            if (l->a > node)
              l->a--;
            if (l->b > node)
              l->b--;
          }
        g_free (g->switches[s].id);
        memmove (g->switches + s, g->switches + s + 1, (g->n_switch - s - 1) * sizeof (TfSwitch));
        g->n_switch--;
        if (near != NULL)
          g_byte_array_remove_index (near, node);
      }
  if (tf_network_graph_find_dead_switch_near (g, near != NULL ? near->data : NULL, NULL, why)
      != TF_DEAD_SWITCH_NONE)
    return tf_edit_invalid (error, "dead hardware: %s", why->str);
  return TRUE;
}

/* Puts the edit back into the graph: records normalised and merged, empty ones dropped,
 * switches left with no link removed and other dead hardware refused (repair_dead_hardware),
 * link types and port counts recomputed, then every invariant and the radix limit checked:
 * of the whole graph, or of what the edit changed when it kept account (TfEditChange). */
gboolean
tf_edit_finish (Edit    *e,
                GError **error)
{
  TfNetworkGraph *g = e->graph;
  g_autoptr(GError) local = NULL;
  guint chip_radix = MAX (1u, e->config->context.chip_radix);
  TfEditChange change;
  guint n_nodes = g->n_chip + e->switches->len, n = e->links->len;
  GArray *kept = g_array_sized_new (FALSE, FALSE, sizeof (TfLink), n);
  g_autofree guint32 *start = g_new0 (guint32, (gsize) n_nodes + 2);
  g_autofree guint32 *by_a = g_new (guint32, MAX (n, 1));
  g_autofree guint32 *stamp = g_new0 (guint32, MAX (n_nodes, 1));
  g_autofree guint32 *first = g_new (guint32, MAX (n_nodes, 1));
  g_autofree guint32 *rep = g_new (guint32, MAX (n, 1));

  g_clear_pointer (&e->pairs, g_hash_table_unref);

  /* Records joining the same two nodes merge into the first of them: the records bucketed by
   * their lower end, in order (a counting sort), then each bucket's upper ends marked. */
  for (guint i = 0; i < n; i++)
    {
      TfLink *l = LINK (e, i);

      if (l->multiplicity == 0)
        continue;
      if (l->a == l->b)
        {
          g_array_unref (kept);
          return tf_edit_invalid (error, "a link would join a switch to itself");
        }
      g_assert (l->a < n_nodes && l->b < n_nodes);
      *l = (TfLink) { MIN (l->a, l->b), MAX (l->a, l->b), l->multiplicity, l->type, l->reach };
      start[l->a + 2]++;
    }
  for (guint v = 0; v < n_nodes; v++)
    start[v + 2] += start[v + 1];
  for (guint i = 0; i < n; i++)
    if (LINK (e, i)->multiplicity > 0)
      by_a[start[LINK (e, i)->a + 1]++] = i;
  for (guint v = 0; v < n_nodes; v++)
    for (guint j = start[v]; j < start[v + 1]; j++)
      {
        guint32 i = by_a[j], b = LINK (e, i)->b;

        if (stamp[b] != v + 1)
          {
            stamp[b] = v + 1;
            first[b] = i;
          }
        rep[i] = first[b];
        if (rep[i] != i)
          LINK (e, rep[i])->multiplicity += LINK (e, i)->multiplicity;
      }
  for (guint i = 0; i < n; i++)
    if (LINK (e, i)->multiplicity > 0 && rep[i] == i)
      g_array_append_val (kept, *LINK (e, i));
  g_array_unref (e->links);
  e->links = NULL;

  g->n_switch = e->switches->len;
  g->switches = (TfSwitch *) (void *) g_array_free (e->switches, FALSE);
  e->switches = NULL;
  g->n_links = kept->len;
  g->links = (TfLink *) (void *) g_array_free (kept, FALSE);

  near_grow (e->near, n_nodes);   /* one byte a node */
  g_assert (e->whole || e->near->len == n_nodes);
  if (!repair_dead_hardware (g, e->whole ? NULL : e->near, error))
    return FALSE;
  change = (TfEditChange) { e->near->data, e->cut };
  tf_network_graph_settle_links_near (g, e->whole ? NULL : change.near);
  for (guint s = 0; s < g->n_switch; s++)
    {
      if (g->switches[s].port_count == 0)
        return tf_edit_invalid (error, "switch %s would have no link", g->switches[s].id);
      if (g->switches[s].port_count > e->max_ports && g->switches[s].tier != TF_TIER_BOARD)
        return tf_edit_invalid (error, "switch %s would need %u ports, more than the largest "
                                "radix", g->switches[s].id, g->switches[s].port_count);
    }
  if (!(e->whole ? tf_network_graph_check_invariants (g, chip_radix, &local)
        : tf_network_graph_check_edit (g, chip_radix, &change, &local)))
    return tf_edit_invalid (error, "%s", local->message);
  return TRUE;
}

gboolean
tf_edit_apply (const TfSearchConfig *config,
               const TfNetworkGraph *from,
               TfIntraBoardTopo     *board_topo,
               TfMutation            op,
               gboolean              whole,
               GRand                *rng,
               TfNetworkGraph       *out,
               GError              **error)
{
  Edit e;
  gboolean ok;

  tf_edit_init (&e, config, from, out);
  e.board_topo = *board_topo;
  e.whole = whole || !tracked[op];
  ok = operators[op] (&e, rng, error) && tf_edit_finish (&e, error);
  if (ok)
    *board_topo = e.board_topo;
  tf_edit_clear (&e);
  return ok;
}

/* One of the @n enabled operators: in a search by their credit (adaptive rates, the weights),
 * else (@weighted FALSE: called without the search's state) uniformly. */
static TfMutation
pick_operator (const guint  *ops,
               const double *weights,
               guint         n,
               double        total,
               gboolean      weighted,
               GRand        *rng)
{
  double r, upto = 0;

  if (!weighted)
    return ops[g_rand_int_range (rng, 0, n)];
  r = g_rand_double (rng) * total;
  for (guint i = 0; i + 1 < n; i++)
    if (r < (upto += weights[i]))
      return ops[i];
  return ops[n - 1];
}

/* A child is 1 .. edits_per_child edits, each drawn from the enabled operators and applied to
 * the result of the one before; an edit that is refused is skipped, and the child is refused
 * only if every edit was. @state is the search's credit of each operator, or NULL. */
static TfCandidate *
mutate (gpointer              state,
        const TfSearchConfig *config,
        const TfCandidate    *parent,
        GRand                *rng,
        GError              **error)
{
  g_autoptr(TfCandidate) child = tf_candidate_new ();
  g_autoptr(GError) last = NULL;
  const TfCredit *credit = state;
  guint enabled_ops[TF_N_MUTATIONS], n_ops = 0, n_edits = 1, done = 0;
  double weights[TF_N_MUTATIONS], total = 0;
  guint8 applied[TF_SEARCH_MAX_EDITS_PER_CHILD];

  for (guint i = 0; i < TF_N_MUTATIONS; i++)
    if (config->operators & (1u << i))
      {
        weights[n_ops] = credit != NULL ? tf_credit_factor (&credit[i]) : 1;
        total += weights[n_ops];
        enabled_ops[n_ops++] = i;
      }
  if (n_ops == 0 || parent->topology.graph.n_switch == 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "the graph has no switch to edit");
      return NULL;
    }
  if (config->edits_per_child > 1)
    n_edits = 1 + g_rand_int_range (rng, 0, MIN (config->edits_per_child,
                                                 TF_SEARCH_MAX_EDITS_PER_CHILD));

  child->topology.context = parent->topology.context;
  for (guint k = 0; k < n_edits; k++)
    {
      TfMutation op = pick_operator (enabled_ops, weights, n_ops, total, credit != NULL, rng);
      TfNetworkGraph next;

      g_clear_error (&last);
      if (!tf_edit_apply (config, done > 0 ? &child->topology.graph : &parent->topology.graph,
                          &child->topology.context.intra_board_topo, op, FALSE, rng, &next,
                          &last))
        {
          tf_network_graph_clear (&next);
          continue;
        }
      if (done > 0)
        tf_network_graph_clear (&child->topology.graph);
      child->topology.graph = next;
      applied[done++] = op;
    }
  if (done == 0)
    {
      g_propagate_error (error, g_steal_pointer (&last));
      return NULL;
    }

  /* An edited graph is no family's result any more: no id, metrics to be measured again. */
  child->topology.result.n_endpoint = child->topology.graph.n_chip;
  child->topology.result.chips_per_board = child->topology.graph.chips_per_board;
  child->chip_transitive = FALSE;
  child->topology.lattice.n_dims = 0;   /* no family's lattice any more */
  child->origin = parent->origin;
  child->origin.method = TF_ORIGIN_GRAPH_MUTATION;
  child->origin.seed_id = g_strdup (parent->origin.seed_id);
  child->origin.n_parents = 1;
  child->origin.parents[0] = parent->id;
  for (guint k = 0; k < done; k++)
    {
      if (child->origin.n_mutations == TF_ORIGIN_MAX_MUTATIONS)
        {
          memmove (child->origin.mutations, child->origin.mutations + 1,
                   TF_ORIGIN_MAX_MUTATIONS - 1);
          child->origin.n_mutations--;
        }
      child->origin.mutations[child->origin.n_mutations++] = applied[k];
      child->origin.n_mutations_total++;
    }
  return g_steal_pointer (&child);
}

static double
rate (const TfSearchConfig *config)
{
  return config->mutation_rate;
}

/* The state is the credit of each operator (adaptive rates). */
static gpointer
state_new (const TfSearchConfig *config,
           GError              **error)
{
  return g_new0 (TfCredit, TF_N_MUTATIONS);
}

/* A child of this generator credits the last edit it was made with. */
static void
credit (gpointer           state,
        const TfCandidate *child,
        gboolean           entered)
{
  TfCredit *credits = state;

  if (child == NULL)
    for (guint i = 0; i < TF_N_MUTATIONS; i++)
      tf_credit_decay (&credits[i]);
  else if (child->origin.method == TF_ORIGIN_GRAPH_MUTATION && child->origin.n_mutations > 0)
    tf_credit_add (&credits[child->origin.mutations[child->origin.n_mutations - 1]], entered);
}

/* Only forgetting: what the search taught the operators (before the baseline). */
static void
made (gpointer           state,
      const TfCandidate *candidate)
{
  if (candidate == NULL)
    memset (state, 0, sizeof (TfCredit) * TF_N_MUTATIONS);
}

static void
state_save (gconstpointer  state,
            GByteArray    *out)
{
  g_byte_array_append (out, state, sizeof (TfCredit) * TF_N_MUTATIONS);
}

static gboolean
state_load (gpointer      state,
            const guint8 *data,
            gsize         size)
{
  TfCredit credits[TF_N_MUTATIONS];

  if (size != sizeof credits)
    return FALSE;
  memcpy (credits, data, size);
  for (guint i = 0; i < TF_N_MUTATIONS; i++)
    if (!tf_credit_is_valid (&credits[i]))
      return FALSE;
  memcpy (state, credits, size);
  return TRUE;
}

const TfGenerator tf_generator_graph_mutator = {
  .name = "graph_mutator",
  .capabilities = TF_GENERATOR_MUTATE,
  .enabled = enabled,
  .state_new = state_new,
  .state_free = g_free,
  .can_mutate = can_mutate,
  .mutate = mutate,
  .rate = rate,
  .made = made,
  .credit = credit,
  .state_save = state_save,
  .state_load = state_load,
};
