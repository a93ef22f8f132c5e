/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-families.c: topoforge-cli families */
#include <stdio.h>

#include "cli-private.h"

int
tf_command_families (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- list the topology families");
  g_autoptr(GError) error = NULL;

  g_option_context_set_summary (context,
                                "Lists each registered family with its leaf tier (where its "
                                "endpoints sit) and the scopes it is meant for.");
  if (!tf_cli_parse_options (context, &argc, &argv, &error))
    {
      tf_cli_error ("families", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (argc > 1)
    {
      tf_cli_error ("families", "takes no arguments");
      return TF_CLI_EXIT_USAGE;
    }

  printf ("%-15s %-11s %-22s %s\n", "family", "leaf tier", "scopes", "description");
  for (guint i = 0; i < tf_families_get_count (); i++)
    {
      const TfFamily *f = tf_families_get (i);
      g_autoptr(GString) scopes = g_string_new (NULL);

      for (TfScope s = TF_SCOPE_INTRA_RACK; s <= TF_SCOPE_INTER_RACK; s++)
        if (tf_family_applies_to_scope (f, s))
          g_string_append_printf (scopes, "%s%s", scopes->len ? "," : "",
                                  tf_scope_to_string (s));
      printf ("%-15s %-11s %-22s %s\n", tf_family_get_name (f),
              tf_family_get_leaf_tier (f) == TF_TIER_CHIP ? "6 (chip)" : "7 (board)",
              scopes->str, tf_family_get_description (f));
    }
  return 0;
}
