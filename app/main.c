/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: topoforge, the desktop app. */
#include <glib/gi18n.h>
#include <locale.h>

#include "tf-application.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(TfApplication) app = NULL;
  int status;

  /* TF_LOCALEDIR: the build tree's po/, so that scripts/run shows the translations without an
   * install. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TF_LOCALEDIR") ? g_getenv ("TF_LOCALEDIR")
                                                               : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = tf_application_new ();
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status != 0 ? status : tf_application_get_exit_status (app);
}
