/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-validate.c: topoforge-cli validate FILE... */
#include <stdio.h>

#include "cli-private.h"

int
tf_command_validate (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE... - check topology files");
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_option_context_set_summary (context,
                                "Loads each file as a topology, checking the format, every "
                                "invariant and that the metadata matches the network. Prints "
                                "one line per valid file; for the others, the error "
                                "(FILE:LINE:COLUMN: field '...': ...) on standard error. A "
                                "metadata key Topoforge does not read is kept, not an error: "
                                "a notice on standard error names it. A file holding dead "
                                "hardware (a switch that is a dead end, a pass-through, or "
                                "holds chips that cannot leave it) is valid too: a warning on "
                                "standard error names the switch.");
  if (!tf_cli_parse_options (context, &argc, &argv, &error))
    {
      tf_cli_error ("validate", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (argc < 2)
    {
      tf_cli_error ("validate", "name at least one FILE");
      return TF_CLI_EXIT_USAGE;
    }
  for (int i = 1; i < argc; i++)
    {
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GError) load_error = NULL;
      g_autoptr(GString) dead = g_string_new (NULL);
      guint64 links = 0;

      if (!tf_topology_load_file (argv[i], NULL, &t, &load_error))
        {
          tf_cli_print_line (stderr, "%s", load_error->message);
          status = TF_CLI_EXIT_FAILURE;
          continue;
        }
      /* The spec's pass-through: kept keys are reported, the file is still valid. */
      for (guint n = 0; t.notices != NULL && n < t.notices->len; n++)
        tf_cli_print_line (stderr, "%s", (const char *) g_ptr_array_index (t.notices, n));
      for (guint l = 0; l < t.graph.n_links; l++)
        links += t.graph.links[l].multiplicity;
      tf_cli_print_line (stdout, "%s: valid: %s, %u chips on %u boards of %u in %u racks and "
                         "%u pods, %u switches, %" G_GUINT64_FORMAT " links", argv[i],
                         t.result.family ? tf_family_get_name (t.result.family) : "no family",
                         t.graph.n_chip, t.graph.n_board, t.graph.chips_per_board,
                         t.graph.n_rack, t.graph.n_pod, t.graph.n_switch, links);
      /* Dead hardware (docs/optimizer.md): the file is valid, the switch is named. */
      if (tf_network_graph_find_dead_switch (&t.graph, NULL, dead) != TF_DEAD_SWITCH_NONE)
        tf_cli_print_line (stderr, "%s: warning: dead hardware: %s", argv[i], dead->str);
    }
  return status;
}
