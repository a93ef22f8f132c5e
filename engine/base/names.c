/* SPDX-License-Identifier: GPL-3.0-or-later */
/* names.c: tables of an enum's names, searched and listed. */
#include "names-private.h"

gboolean
tf_names_find (TfNames     names,
               const char *str,
               guint      *index)
{
  for (guint i = 0; i < names.n; i++)
    if (g_strcmp0 (str, names.names[i]) == 0)
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

const char *
tf_names_get (TfNames names,
              guint   index)
{
  return index < names.n ? names.names[index] : NULL;
}

char *
tf_names_join (TfNames names)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < names.n; i++)
    g_string_append_printf (list, "%s%s", i == 0 ? "" : i + 1 == names.n ? " or " : ", ",
                            names.names[i]);
  return g_string_free (list, FALSE);
}
