/* SPDX-License-Identifier: GPL-3.0-or-later */
/* escape.c: control characters in messages, shown as escapes (topoforge.h). */
#include "topoforge.h"

#include <string.h>

char *
tf_escape_control (const char *text)
{
  GString *safe;

  g_return_val_if_fail (text != NULL, NULL);

  safe = g_string_sized_new (strlen (text));
  for (const char *c = text; *c != '\0'; c++)
    {
      guchar b = (guchar) *c;

      if (b == '\n')
        g_string_append (safe, "\\n");
      else if (b == '\t')
        g_string_append (safe, "\\t");
      else if (b == '\r')
        g_string_append (safe, "\\r");
      else if (b < 0x20 || b == 0x7f)
        g_string_append_printf (safe, "\\x%02x", b);
      else
        g_string_append_c (safe, (char) b);
    }
  return g_string_free (safe, FALSE);
}
