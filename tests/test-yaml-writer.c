/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-yaml-writer.c: the YAML of enumerate and generate parses, holds what the engine holds,
 * and lists every chip once. Read back with libyaml's document loader. */
#include <string.h>
#include <yaml.h>

#include "test-util.h"

typedef struct
{
  yaml_document_t doc;
} Doc;

static void
doc_load (Doc           *d,
          const GString *text)
{
  yaml_parser_t parser;

  yaml_parser_initialize (&parser);
  yaml_parser_set_input_string (&parser, (const unsigned char *) text->str, text->len);
  if (!yaml_parser_load (&parser, &d->doc))
    g_error ("YAML does not parse: %s at line %zu", parser.problem,
             parser.problem_mark.line + 1);
  yaml_parser_delete (&parser);
  g_assert_nonnull (yaml_document_get_root_node (&d->doc));
}

static yaml_node_t *
get (Doc         *d,
     yaml_node_t *map,
     const char  *key)
{
  g_assert_cmpint (map->type, ==, YAML_MAPPING_NODE);
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++)
    {
      yaml_node_t *k = yaml_document_get_node (&d->doc, p->key);

      if (strcmp ((const char *) k->data.scalar.value, key) == 0)
        return yaml_document_get_node (&d->doc, p->value);
    }
  g_error ("no key '%s'", key);
}

static const char *
text (yaml_node_t *node)
{
  g_assert_cmpint (node->type, ==, YAML_SCALAR_NODE);
  return (const char *) node->data.scalar.value;
}

static guint
length (yaml_node_t *seq)
{
  g_assert_cmpint (seq->type, ==, YAML_SEQUENCE_NODE);
  return (guint) (seq->data.sequence.items.top - seq->data.sequence.items.start);
}

static yaml_node_t *
item (Doc         *d,
      yaml_node_t *seq,
      guint        i)
{
  return yaml_document_get_node (&d->doc, seq->data.sequence.items.start[i]);
}

static void
test_enumeration (void)
{
  TfContext ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GString) out = g_string_new (NULL);
  yaml_node_t *root, *families;
  Doc d;

  g_assert_true (tf_enumerate (&ctx, NULL, 0, 5, NULL, NULL, &e, NULL));
  g_assert_true (tf_enumeration_write_yaml (&e, out, NULL));
  doc_load (&d, out);
  root = yaml_document_get_root_node (&d.doc);
  g_assert_cmpstr (text (get (&d, get (&d, root, "context"), "scope")), ==, "inter-rack");
  g_assert_cmpstr (text (get (&d, get (&d, root, "context"), "n_chip")), ==, "64");
  families = get (&d, root, "families");
  g_assert_cmpuint (length (families), ==, tf_families_get_count ());
  for (guint f = 0; f < e.n_families; f++)
    {
      yaml_node_t *fam = item (&d, families, f);
      yaml_node_t *results = get (&d, fam, "results");
      g_autofree char *total = g_strdup_printf ("%" G_GUINT64_FORMAT, e.families[f].total);

      g_assert_cmpstr (text (get (&d, fam, "family")), ==,
                       tf_family_get_name (e.families[f].family));
      g_assert_cmpstr (text (get (&d, fam, "total")), ==, total);
      g_assert_cmpuint (length (results), ==, e.families[f].n_results);
      for (guint i = 0; i < e.families[f].n_results; i++)
        {
          const TfResult *r = &e.families[f].results[i];
          yaml_node_t *res = item (&d, results, i);
          yaml_node_t *metrics = get (&d, res, "metrics");
          g_autofree char *id = tf_result_dup_id (r);
          g_autofree char *c = g_strdup_printf ("%u", r->chips_per_board);

          g_assert_cmpstr (text (get (&d, res, "id")), ==, id);
          g_assert_cmpstr (text (get (&d, res, "status")), ==,
                           tf_status_to_string (tf_result_get_status (r)));
          g_assert_cmpuint (length (get (&d, res, "warnings")), ==, r->n_warnings);
          g_assert_cmpstr (text (get (&d, res, "derived_chips_per_board")), ==, c);
          g_assert_cmpint (get (&d, res, "family_attrs")->type, ==, YAML_MAPPING_NODE);
          g_assert_cmpstr (text (get (&d, get (&d, metrics, "methods"), "diameter")), ==,
                           tf_method_to_string (r->metrics.diameter_method));
          /* Floats always carry a '.', so YAML 1.1 readers see floats. */
          g_assert_nonnull (strchr (text (get (&d, metrics, "bisection_bandwidth")), '.'));
        }
    }
  yaml_document_delete (&d.doc);
}

static void
test_topology (void)
{
  static const char *const ids[] = {
    "fat-tree:layers=3,k=4,osr=1,n_endpoint=16",
    "torus:dimension_sizes=4x4x4,board_shape=2x2x2",
    "dragonfly:a=4,p=2,h=2,g=4,n_endpoint=32",
  };

  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      TfContext ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GString) out = g_string_new (NULL);
      g_autofree guint8 *seen = g_new0 (guint8, 64);
      g_autofree char *link_count = NULL;
      yaml_node_t *root, *meta, *pods, *switches, *links;
      guint n_boards = 0;
      Doc d;

      g_assert_true (tf_generate (&ctx, ids[k], NULL, NULL, &t, NULL));
      g_assert_true (tf_topology_write_yaml (&t, out, NULL));
      doc_load (&d, out);
      root = yaml_document_get_root_node (&d.doc);
      meta = get (&d, root, "metadata");
      g_assert_true (g_str_has_prefix (text (get (&d, meta, "source")), "topoforge "));
      g_assert_cmpstr (text (get (&d, meta, "id")), ==, ids[k]);
      link_count = g_strdup_printf ("%" G_GUINT64_FORMAT, t.result.metrics.link_count);
      g_assert_cmpstr (text (get (&d, get (&d, meta, "metrics"), "link_count")), ==, link_count);

      pods = get (&d, get (&d, root, "boardGrouping"), "pods");
      g_assert_cmpuint (length (pods), ==, t.graph.n_pod);
      for (guint p = 0; p < length (pods); p++)
        {
          yaml_node_t *racks = get (&d, item (&d, pods, p), "racks");

          g_assert_cmpuint (length (racks), >=, 1);
          for (guint r = 0; r < length (racks); r++)
            {
              yaml_node_t *boards = get (&d, item (&d, racks, r), "boards");

              g_assert_cmpuint (length (boards), >=, 1);
              for (guint b = 0; b < length (boards); b++, n_boards++)
                {
                  yaml_node_t *chips = get (&d, item (&d, boards, b), "chips");

                  g_assert_cmpuint (length (chips), ==, t.graph.chips_per_board);
                  for (guint c = 0; c < length (chips); c++)
                    {
                      guint64 chip = g_ascii_strtoull (text (item (&d, chips, c)), NULL, 10);

                      g_assert_cmpuint (chip, <, 64);
                      g_assert_cmpuint (seen[chip]++, ==, 0);
                    }
                }
            }
        }
      g_assert_cmpuint (n_boards, ==, t.graph.n_board);

      switches = get (&d, get (&d, root, "network"), "switches");
      links = get (&d, get (&d, root, "network"), "links");
      g_assert_cmpuint (length (switches), ==, t.graph.n_switch);
      g_assert_cmpuint (length (links), ==, t.graph.n_links);
      for (guint i = 0; i < length (links); i++)
        {
          yaml_node_t *l = item (&d, links, i);
          TfLinkType type;

          g_assert_true (tf_link_type_from_string (text (get (&d, l, "type")), &type));
          g_assert_cmpint (type, ==, t.graph.links[i].type);
        }
      yaml_document_delete (&d.doc);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/yaml-writer/enumeration", test_enumeration);
  g_test_add_func ("/engine/yaml-writer/topology", test_topology);
  return g_test_run ();
}
