/* SPDX-License-Identifier: GPL-3.0-or-later */
/* names.c: tables of an enum's names, searched and listed. */
#include "names-private.h"

gboolean
tf_name_index (const char *const *names,
               guint              n_names,
               const char        *str,
               guint             *out)
{
  for (guint i = 0; i < n_names; i++)
    if (g_strcmp0 (str, names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

char *
tf_names_join (const char *const *names,
               guint              n_names)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < n_names; i++)
    g_string_append_printf (list, "%s%s", i == 0 ? "" : i + 1 == n_names ? " or " : ", ",
                            names[i]);
  return g_string_free (list, FALSE);
}
