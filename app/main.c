/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: topoforge, the desktop app. */
#include <glib/gi18n.h>
#include <locale.h>

#include "tf-application.h"
#include "tf-screenshot.h"
#include "topoforge.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(TfApplication) app = NULL;
  int status;

  /* The locale is set here, GTK told not to set it again (it would warn where LANG names a
   * locale the system lacks, which tf_locale_init handles). */
  tf_locale_init (LOCALEDIR);
  textdomain (GETTEXT_PACKAGE);
  gtk_disable_setlocale ();
  status = tf_screenshot_without_display (argc, argv);
  if (status >= 0)
    return status;

  app = tf_application_new ();
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status != 0 ? status : tf_application_get_exit_status (app);
}
