/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dead-hardware.c: no dead hardware (issue 30; engine/model/dead-hardware.c).
 *
 * Small topologies written by hand, one per kind of dead switch (a switch with no chip and two
 * switch neighbours, or one; a switch hanging on one chip; a leaf of one chip with one uplink;
 * a leaf, and a scale-up switch, holding a chip that has no link but to it), are named by
 * tf_network_graph_find_dead_switch with the switch and the reason, and refused by the
 * evaluator's hard constraints; the healthy ones (the same network without the dead switch, a
 * switch joining two chips, one switch under every chip) are not. The generators never emit
 * one: every child of the graph mutator (all operators), of the graph crossover and every point
 * of the generic template is free of dead hardware, and so are the fronts of the shipped
 * examples. topoforge-cli validate (TF_CLI) warns of each, naming the switch.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "generators-private.h"
#include "test-util.h"

typedef struct
{
  const char *id;
  const char *place;   /* "tier: rack, rack: 0" */
} Switch;

typedef struct
{
  const char *a, *b;
  const char *type;
  guint       multiplicity;
} Link;

/* Eight chips, two to a board, one board to a rack, four racks in one pod: rack r holds chips
 * 2r and 2r + 1 and leaf r. */
static const char grouping8[] =
  "boardGrouping:\n"
  "  pods:\n"
  "  - id: 0\n"
  "    racks:\n"
  "    - id: 0\n"
  "      boards:\n"
  "      - {id: 0, chips: [0, 1]}\n"
  "    - id: 1\n"
  "      boards:\n"
  "      - {id: 1, chips: [2, 3]}\n"
  "    - id: 2\n"
  "      boards:\n"
  "      - {id: 2, chips: [4, 5]}\n"
  "    - id: 3\n"
  "      boards:\n"
  "      - {id: 3, chips: [6, 7]}\n";

/* Racks 0 to 2 of the healthy network: each leaf under its two chips and both spines. */
static const Switch base_switches[] = {
  { "leaf0", "tier: rack, rack: 0" },
  { "leaf1", "tier: rack, rack: 1" },
  { "leaf2", "tier: rack, rack: 2" },
  { "spine0", "tier: pod, pod: 0" },
  { "spine1", "tier: pod, pod: 0" },
};

static const Link base_links[] = {
  { "chip0", "leaf0", "B2B", 1 }, { "chip1", "leaf0", "B2B", 1 },
  { "chip2", "leaf1", "B2B", 1 }, { "chip3", "leaf1", "B2B", 1 },
  { "chip4", "leaf2", "B2B", 1 }, { "chip5", "leaf2", "B2B", 1 },
  { "leaf0", "spine0", "R2R", 1 }, { "leaf0", "spine1", "R2R", 1 },
  { "leaf1", "spine0", "R2R", 1 }, { "leaf1", "spine1", "R2R", 1 },
  { "leaf2", "spine0", "R2R", 1 }, { "leaf2", "spine1", "R2R", 1 },
};

static void
append_switches (GString      *out,
                 const Switch *switches,
                 guint         n_switches,
                 const Link   *const *links,
                 const guint  *n_links)
{
  for (guint s = 0; s < n_switches; s++)
    {
      guint ports = 0;

      /* port_count: the physical links the switch's records hold. */
      for (guint k = 0; k < 2; k++)
        for (guint i = 0; i < n_links[k]; i++)
          if (strcmp (links[k][i].a, switches[s].id) == 0
              || strcmp (links[k][i].b, switches[s].id) == 0)
            ports += links[k][i].multiplicity;
      g_string_append_printf (out, "  - {id: %s, %s, port_count: %u}\n", switches[s].id,
                              switches[s].place, ports);
    }
}

/* A topology file: @n_chip chips grouped by @grouping, the switches and links given (@base:
 * the healthy racks 0 to 2 first), on boards of @intra_board with chip_radix 2. */
static char *
topology_text (guint         n_chip,
               const char   *grouping,
               const char   *intra_board,
               gboolean      base,
               const Switch *switches,
               guint         n_switches,
               const Link   *links,
               guint         n_links)
{
  GString *out = g_string_new (NULL);
  const Link *const all[2] = { base ? base_links : NULL, links };
  guint counts[2] = { base ? G_N_ELEMENTS (base_links) : 0, n_links };

  g_string_append_printf (out,
                          "metadata:\n"
                          "  context:\n"
                          "    n_chip: %u\n"
                          "    scope: inter-rack\n"
                          "    chips_per_board_max: 2\n"
                          "    chip_radix: 2\n"
                          "    intra_board_topo: %s\n"
                          "%s"
                          "network:\n"
                          "  switches:\n", n_chip, intra_board, grouping);
  if (base)
    append_switches (out, base_switches, G_N_ELEMENTS (base_switches), all, counts);
  append_switches (out, switches, n_switches, all, counts);
  g_string_append (out, "  links:\n");
  for (guint k = 0; k < 2; k++)
    for (guint i = 0; i < counts[k]; i++)
      g_string_append_printf (out, "  - {a: %s, b: %s, type: %s, multiplicity: %u}\n",
                              all[k][i].a, all[k][i].b, all[k][i].type,
                              all[k][i].multiplicity);
  return g_string_free (out, FALSE);
}

#define TEXT8(base, sw, ln) \
  topology_text (8, grouping8, "none", base, sw, G_N_ELEMENTS (sw), ln, G_N_ELEMENTS (ln))

/* Rack 3 healthy: leaf3 under chips 6 and 7 and both spines. */
static const Switch rack3_switches[] = { { "leaf3", "tier: rack, rack: 3" } };
static const Link rack3_links[] = {
  { "chip6", "leaf3", "B2B", 1 }, { "chip7", "leaf3", "B2B", 1 },
  { "leaf3", "spine0", "R2R", 1 }, { "leaf3", "spine1", "R2R", 1 },
};

/* 1. A switch with no chip and two neighbours, both switches: spine2 joins leaf0 and leaf1. */
static const Switch no_chip_two_switches[] = {
  { "leaf3", "tier: rack, rack: 3" }, { "spine2", "tier: pod, pod: 0" },
};
static const Link no_chip_two_links[] = {
  { "chip6", "leaf3", "B2B", 1 }, { "chip7", "leaf3", "B2B", 1 },
  { "leaf3", "spine0", "R2R", 1 }, { "leaf3", "spine1", "R2R", 1 },
  { "leaf0", "spine2", "R2R", 1 }, { "leaf1", "spine2", "R2R", 1 },
};

/* 2. A switch with no chip and one neighbour: spine2's two links both go to leaf0. Distinct
 * neighbours count, not links. */
static const Link no_chip_one_links[] = {
  { "chip6", "leaf3", "B2B", 1 }, { "chip7", "leaf3", "B2B", 1 },
  { "leaf3", "spine0", "R2R", 1 }, { "leaf3", "spine1", "R2R", 1 },
  { "leaf0", "spine2", "R2R", 2 },
};

/* 3. A dead end under a chip: leaf4, in rack 3, links to chip7 alone (chip7 keeps leaf3). */
static const Switch dead_end_switches[] = {
  { "leaf3", "tier: rack, rack: 3" }, { "leaf4", "tier: rack, rack: 3" },
};
static const Link dead_end_links[] = {
  { "chip6", "leaf3", "B2B", 1 }, { "chip7", "leaf3", "B2B", 1 },
  { "leaf3", "spine0", "R2R", 1 }, { "leaf3", "spine1", "R2R", 1 },
  { "chip7", "leaf4", "B2B", 1 },
};

/* 4. A pass-through: leaf4 between chip7 and spine0 (chip6 on leaf3). */
static const Link pass_through_links[] = {
  { "chip6", "leaf3", "B2B", 1 }, { "leaf3", "spine0", "R2R", 1 },
  { "leaf3", "spine1", "R2R", 1 }, { "chip7", "leaf4", "B2B", 1 },
  { "leaf4", "spine0", "R2R", 2 },
};

/* 5. A leaf whose chips cannot leave it: leaf3 has chips 6 and 7 and no uplink; chip6 reaches
 * spine0 on its second port, chip7 has no link but to leaf3. */
static const Link trap_links[] = {
  { "chip6", "leaf3", "B2B", 1 }, { "chip7", "leaf3", "B2B", 1 },
  { "chip6", "spine0", "R2R", 1 },
};

/* 6. The same of a scale-up switch: board 3's switch joins chips 6 and 7, chip6 alone goes on
 * to leaf3. */
static const Switch board_trap_switches[] = {
  { "leaf3", "tier: rack, rack: 3" }, { "board3.su0", "tier: board, board: 3" },
};
static const Link board_trap_links[] = {
  { "chip6", "board3.su0", "C2C", 1 }, { "chip7", "board3.su0", "C2C", 1 },
  { "chip6", "leaf3", "B2B", 1 }, { "leaf3", "spine0", "R2R", 1 },
  { "leaf3", "spine1", "R2R", 1 },
};

typedef struct
{
  const char  *name;
  char        *text;
  TfDeadSwitch kind;
  const char  *why;   /* NULL for a healthy one */
} Case;

static void
load (const char *text,
      TfTopology *out)
{
  g_autoptr(GError) error = NULL;

  if (!tf_topology_load_data ("dead.yaml", text, strlen (text), NULL, out, &error))
    g_error ("%s\n%s", error->message, text);
}

static Case *
cases_new (guint *n)
{
  static const Switch two_chip_switches[] = { { "leaf0", "tier: rack, rack: 0" } };
  static const Link two_chip_links[] = {
    { "chip0", "leaf0", "B2B", 1 }, { "chip1", "leaf0", "B2B", 1 },
  };
  static const char grouping2[] =
    "boardGrouping:\n"
    "  pods:\n"
    "  - id: 0\n"
    "    racks:\n"
    "    - id: 0\n"
    "      boards:\n"
    "      - {id: 0, chips: [0]}\n"
    "      - {id: 1, chips: [1]}\n";
  static const Switch one_switch[] = { { "sw", "tier: pod, pod: 0" } };
  static const Link one_switch_links[] = {
    { "chip0", "sw", "R2R", 1 }, { "chip1", "sw", "R2R", 1 }, { "chip2", "sw", "R2R", 1 },
    { "chip3", "sw", "R2R", 1 }, { "chip4", "sw", "R2R", 1 }, { "chip5", "sw", "R2R", 1 },
    { "chip6", "sw", "R2R", 1 }, { "chip7", "sw", "R2R", 1 },
  };
  const char *tail = ", no chip under it and fewer than three distinct neighbours";
  Case all[] = {
    { "healthy", TEXT8 (TRUE, rack3_switches, rack3_links), TF_DEAD_SWITCH_NONE, NULL },
    { "two chips", topology_text (2, grouping2, "none", FALSE, two_chip_switches, 1,
                                  two_chip_links, 2), TF_DEAD_SWITCH_NONE, NULL },
    { "one switch", topology_text (8, grouping8, "none", FALSE, one_switch, 1,
                                   one_switch_links, G_N_ELEMENTS (one_switch_links)),
      TF_DEAD_SWITCH_NONE, NULL },
    { "no chip, two switches", TEXT8 (TRUE, no_chip_two_switches, no_chip_two_links),
      TF_DEAD_SWITCH_PASS_THROUGH,
      g_strconcat ("switch spine2 is a pass-through: two neighbours (leaf0, leaf1)", tail,
                   NULL) },
    { "no chip, one switch", TEXT8 (TRUE, no_chip_two_switches, no_chip_one_links),
      TF_DEAD_SWITCH_DEAD_END,
      g_strconcat ("switch spine2 is a dead end: one neighbour (leaf0)", tail, NULL) },
    { "dead end", TEXT8 (TRUE, dead_end_switches, dead_end_links), TF_DEAD_SWITCH_DEAD_END,
      "switch leaf4 is a dead end: one neighbour (chip7)" },
    { "pass-through", TEXT8 (TRUE, dead_end_switches, pass_through_links),
      TF_DEAD_SWITCH_PASS_THROUGH, "switch leaf4 is a pass-through: two neighbours (chip7, "
      "spine0)" },
    { "trapped chips", TEXT8 (TRUE, rack3_switches, trap_links), TF_DEAD_SWITCH_TRAPPED_CHIPS,
      "switch leaf3 holds chips that cannot leave it: chip7 has no link but to it, and it has "
      "no switch neighbour and not every chip under it" },
    { "trapped on a board", topology_text (8, grouping8, "switch", TRUE, board_trap_switches,
                                           G_N_ELEMENTS (board_trap_switches),
                                           board_trap_links,
                                           G_N_ELEMENTS (board_trap_links)),
      TF_DEAD_SWITCH_TRAPPED_CHIPS,
      "switch board3.su0 holds chips that cannot leave it: chip7 has no link but to it, and it "
      "has no switch neighbour and not every chip under it" },
  };

  *n = G_N_ELEMENTS (all);
  return g_memdup2 (all, sizeof all);
}

static void
cases_free (Case  *cases,
            guint  n)
{
  for (guint i = 0; i < n; i++)
    {
      g_free (cases[i].text);
      /* The two built with g_strconcat. */
      if (g_str_has_prefix (cases[i].name, "no chip"))
        g_free ((char *) cases[i].why);
    }
  g_free (cases);
}

/* Each kind named, with the switch and its reason; the healthy ones pass. */
static void
test_kinds (void)
{
  guint n;
  Case *cases = cases_new (&n);

  for (guint i = 0; i < n; i++)
    {
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GString) why = g_string_new (NULL);
      guint index = G_MAXUINT;
      TfDeadSwitch kind;

      g_test_message ("%s", cases[i].name);
      load (cases[i].text, &t);
      g_assert_true (tf_network_graph_is_connected (&t.graph));
      kind = tf_network_graph_find_dead_switch (&t.graph, &index, why);
      g_assert_cmpint (kind, ==, cases[i].kind);
      if (cases[i].why == NULL)
        {
          g_assert_cmpuint (index, ==, G_MAXUINT);
          continue;
        }
      g_assert_cmpstr (why->str, ==, cases[i].why);
      g_assert_cmpuint (index, <, t.graph.n_switch);
      /* The reason names the switch the index points at. */
      g_assert_true (g_str_has_prefix (why->str + strlen ("switch "),
                                       t.graph.switches[index].id));
      /* Either out argument may be left out. */
      g_assert_cmpint (tf_network_graph_find_dead_switch (&t.graph, NULL, NULL), ==, kind);
    }
  cases_free (cases, n);
}

/* The evaluator's hard constraints refuse every kind, naming the switch, and take the healthy
 * network (so the dead switch is what they refuse). */
static void
test_evaluator_refuses (void)
{
  guint n;
  Case *cases = cases_new (&n);

  for (guint i = 0; i < n; i++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(TfCandidate) c = tf_test_candidate_load (cases[i].text);
      g_autoptr(GString) why = g_string_new (NULL);
      g_autofree char *expected = NULL;

      if (c->topology.graph.n_chip != 8)
        continue;
      tf_test_search_config (8, "ALL", 8, 1, 1, NULL, &config);
      /* The hand files give some chips a second NIC link. */
      config.hardware.nic_ports_per_chip = 2;
      g_test_message ("%s", cases[i].name);
      if (cases[i].why == NULL)
        {
          if (!tf_candidate_check_constraints (&config, c, why))
            g_error ("%s: %s", cases[i].name, why->str);
          continue;
        }
      g_assert_false (tf_candidate_check_constraints (&config, c, why));
      expected = g_strconcat ("dead hardware: ", cases[i].why, NULL);
      g_assert_cmpstr (why->str, ==, expected);
    }
  cases_free (cases, n);
}

/* topoforge-cli validate takes every file (exit 0, its line on standard output) and warns of
 * the dead switch on standard error, naming it; a healthy file gets no warning. */
static void
test_validate_warns (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-dead-XXXXXX", NULL);
  const char *cli = g_getenv ("TF_CLI");
  guint n;
  Case *cases = cases_new (&n);

  g_assert_nonnull (cli);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/case%u.yaml", dir, i);
      g_autofree char *out = NULL, *err = NULL, *valid = NULL, *warning = NULL;
      g_autoptr(GError) error = NULL;
      const char *argv[] = { cli, "validate", path, NULL };
      int wait_status;

      g_assert_true (g_file_set_contents (path, cases[i].text, -1, &error));
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, &err, &wait_status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
      valid = g_strdup_printf ("%s: valid: no family, ", path);
      g_assert_true (g_str_has_prefix (out, valid));
      if (cases[i].why == NULL)
        g_assert_cmpstr (err, ==, "");
      else
        {
          warning = g_strdup_printf ("%s: warning: dead hardware: %s\n", path, cases[i].why);
          g_assert_cmpstr (err, ==, warning);
        }
      g_unlink (path);
    }
  g_rmdir (dir);
  cases_free (cases, n);
}

static void
assert_alive (const TfCandidate *c,
              const char        *what)
{
  g_autoptr(GString) why = g_string_new (NULL);

  if (tf_network_graph_find_dead_switch (&c->topology.graph, NULL, why) != TF_DEAD_SWITCH_NONE)
    g_error ("%s made dead hardware: %s", what, why->str);
}

/* Every child of every operator (chains of them: each child the next parent) is free of dead
 * hardware; edits that would leave some are refused as invalid mutations, and some are. */
static void
test_mutator (void)
{
  static const char *const seeds[] = {
    "fat-tree:layers=2,k=8,osr=1,n_endpoint=32",
    "fat-tree:layers=2,k=12,osr=2,n_endpoint=64",
    "dragonfly:a=4,p=2,h=2,g=8,n_endpoint=64",
  };
  guint made = 0, refused = 0, dead_refusals = 0;

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(TfCandidate) parent = NULL;
      g_autoptr(GRand) rng = g_rand_new_with_seed (7 + s);
      guint n_chip = strstr (seeds[s], "=32") ? 32 : 64;

      tf_test_search_config (n_chip, "ALL", 8, 1, 1, NULL, &config);
      config.hardware.nic_ports_per_chip = 2;
      config.operators = (1u << TF_N_MUTATIONS) - 1;
      parent = tf_test_family_candidate (&config, seeds[s], 1);
      for (guint k = 0; k < 400; k++)
        {
          g_autoptr(GError) error = NULL;
          TfCandidate *child = tf_test_generator ("graph_mutator")->mutate (NULL, &config, parent, rng,
                                                                    &error);

          if (child == NULL)
            {
              g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
              refused++;
              dead_refusals += strstr (error->message, "dead hardware") != NULL;
              continue;
            }
          assert_alive (child, "graph_mutator");
          made++;
          /* Walk on from the child now and then, so edits pile up. */
          if (k % 3 == 0 && child->topology.graph.n_switch > 0)
            {
              tf_candidate_free (parent);
              parent = child;
            }
          else
            tf_candidate_free (child);
        }
    }
  g_test_message ("%u children, %u refused (%u of them for dead hardware)", made, refused,
                  dead_refusals);
  g_assert_cmpuint (made, >, 0);
  g_assert_cmpuint (dead_refusals, >, 0);
}

/* Crossings of fat-trees of one grouping and of their mutations (chains of edits) are free of
 * dead hardware or refused. */
static void
test_crossover (void)
{
  static const char *const ids[] = {
    "fat-tree:layers=2,k=16,osr=1,n_endpoint=64",
    "fat-tree:layers=2,k=12,osr=2,n_endpoint=64",
    "fat-tree:layers=3,k=8,osr=1,n_endpoint=64",
  };
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GRand) rng = g_rand_new_with_seed (3);
  guint made = 0, dead_refusals = 0;

  tf_test_search_config (64, "ALL", 8, 1, 1, NULL, &config);
  config.crossover_enabled = TRUE;
  config.hardware.nic_ports_per_chip = 2;
  config.operators = (1u << TF_N_MUTATIONS) - 1;
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_ptr_array_add (pool, tf_test_family_candidate (&config, ids[i], pool->len + 1));
  /* Each parent's descendants, a few edits deep. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const TfCandidate *from = g_ptr_array_index (pool, i);

      for (guint k = 0; k < 60; k++)
        {
          TfCandidate *child = tf_test_generator ("graph_mutator")->mutate (NULL, &config, from, rng,
                                                                    NULL);

          if (child == NULL || child->topology.graph.n_switch == 0)
            {
              g_clear_pointer (&child, tf_candidate_free);
              continue;
            }
          child->id = pool->len + 1;
          g_ptr_array_add (pool, child);
          from = child;
        }
    }
  g_test_message ("%u parents", pool->len);
  for (guint k = 0; k < 2000; k++)
    {
      const TfCandidate *x = g_ptr_array_index (pool, g_rand_int_range (rng, 0, pool->len));
      const TfCandidate *y = g_ptr_array_index (pool, g_rand_int_range (rng, 0, pool->len));
      g_autoptr(GError) error = NULL;
      g_autoptr(TfCandidate) child = tf_test_generator ("graph_crossover")->crossover (NULL, &config, x,
                                                                               y, rng, &error);

      if (child == NULL)
        {
          g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
          dead_refusals += strstr (error->message, "dead hardware") != NULL;
          continue;
        }
      assert_alive (child, "graph_crossover");
      made++;
    }
  g_test_message ("%u of 2000 crossings made, %u refused for dead hardware", made,
                  dead_refusals);
  g_assert_cmpuint (made, >, 0);
}

/* Points of the generic template, drawn at random, mutated and crossed, are free of dead
 * hardware. */
static void
test_template (void)
{
  const TfGenerator *gen = tf_test_generator ("generic_template");
  guint sizes[] = { 16, 64, 96 };
  guint made = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(GPtrArray) points = g_ptr_array_new_with_free_func (
        (GDestroyNotify) tf_candidate_free);
      g_autoptr(GRand) rng = g_rand_new_with_seed (5 + s);
      g_autoptr(GError) error = NULL;

      tf_test_search_config (sizes[s], "ALL", 8, 1, 1, NULL, &config);
      config.template_enabled = TRUE;
      config.template_initial = 40;
      g_assert_true (gen->init (NULL, &config, rng, points, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < 200; i++)
        {
          TfCandidate *p = gen->sample (NULL, &config, g_rand_double (rng), NULL);

          if (p != NULL)
            g_ptr_array_add (points, p);
        }
      for (guint i = 0; i < points->len; i++)
        {
          const TfCandidate *p = g_ptr_array_index (points, i);
          const TfCandidate *q = g_ptr_array_index (points, (i + 1) % points->len);
          g_autoptr(TfCandidate) m = gen->mutate (NULL, &config, p, rng, NULL);
          g_autoptr(TfCandidate) x = gen->crossover (NULL, &config, p, q, rng, NULL);

          assert_alive (p, "generic_template");
          if (m != NULL)
            assert_alive (m, "generic_template mutation");
          if (x != NULL)
            assert_alive (x, "generic_template crossover");
          made++;
        }
    }
  g_assert_cmpuint (made, >, 0);

  /* A point of two leaves under spines (each spine would join just the two) is repaired to
   * three leaves or more; a point whose cores would join two aggregation switches each (two
   * groups, strided) is refused. A point crossed with itself is that point, repaired. */
  {
    g_auto(TfSearchConfig) config = { 0 };
    g_autoptr(TfCandidate) parent = tf_candidate_new ();
    g_autoptr(TfCandidate) child = NULL;
    g_autoptr(GRand) rng = g_rand_new_with_seed (1);
    g_autoptr(GError) error = NULL;
    const char *two_leaves = "layers=2,chips_per_board=4,intra_board=none,rail=0,leaf_chips=32,"
                             "pod_leaves=0,osr=1/1,fanout=4/1,conn=full/full";
    const char *two_groups = "layers=3,chips_per_board=4,intra_board=none,rail=0,leaf_chips=16,"
                             "pod_leaves=2,osr=1/1,fanout=4/1,conn=full/strided";

    tf_test_search_config (64, "ALL", 8, 1, 1, NULL, &config);
    config.template_enabled = TRUE;
    parent->origin.method = TF_ORIGIN_GENERIC_TEMPLATE;
    g_strlcpy (parent->origin.template_params, two_leaves,
               sizeof parent->origin.template_params);
    child = gen->crossover (NULL, &config, parent, parent, rng, &error);
    g_assert_no_error (error);
    g_assert_nonnull (child);
    g_assert_null (strstr (child->origin.template_params, "leaf_chips=32,"));
    assert_alive (child, "generic_template repair");
    g_clear_pointer (&child, tf_candidate_free);

    g_strlcpy (parent->origin.template_params, two_groups,
               sizeof parent->origin.template_params);
    child = gen->crossover (NULL, &config, parent, parent, rng, &error);
    g_assert_null (child);
    g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
    g_assert_nonnull (strstr (error->message, "dead hardware: switch core0 is a pass-through: "
                              "two neighbours (agg0, agg4)"));
  }
}

/* The shipped examples' fronts hold no dead hardware: search-small.yaml as it is, and
 * search-1024.yaml with a population of 40 for 5 generations (its full run takes minutes);
 * every candidate the search kept passed the evaluator's rules, and no front candidate breaks
 * them. */
static void
test_example_fronts (void)
{
  static const struct
  {
    const char *file;
    guint       population, generations;   /* 0: the file's */
  } runs[] = {
    { "search-small.yaml", 0, 0 },
    { "search-1024.yaml", 40, 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                     runs[i].file, NULL);
      g_auto(TfSearchConfig) config = { 0 };
      g_auto(TfSearchResult) result = { 0 };
      TfSearchOptions options = { .threads = 2, .baseline = FALSE };
      g_autoptr(GError) error = NULL;
      guint switched = 0;

      g_assert_true (tf_search_config_load_file (path, &config, &error));
      g_assert_no_error (error);
      if (runs[i].population > 0)
        {
          config.population_size = runs[i].population;
          config.generations = runs[i].generations;
        }
      g_assert_true (tf_search_run (&config, &options, &result, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (result.front->len, >, 0);
      for (guint c = 0; c < result.front->len; c++)
        {
          const TfCandidate *candidate = g_ptr_array_index (result.front, c);

          assert_alive (candidate, runs[i].file);
          switched += candidate->topology.graph.n_switch > 0;
        }
      g_test_message ("%s: %u front candidates, %u switched, none with dead hardware",
                      runs[i].file, result.front->len, switched);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dead-hardware/kinds", test_kinds);
  g_test_add_func ("/dead-hardware/evaluator", test_evaluator_refuses);
  g_test_add_func ("/dead-hardware/validate", test_validate_warns);
  g_test_add_func ("/dead-hardware/mutator", test_mutator);
  g_test_add_func ("/dead-hardware/crossover", test_crossover);
  g_test_add_func ("/dead-hardware/template", test_template);
  g_test_add_func ("/dead-hardware/example-fronts", test_example_fronts);
  return g_test_run ();
}
