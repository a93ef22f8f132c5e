/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-settings.c: the app's settings, or none without a schema (see tf-settings.h). */
#include "tf-settings.h"

GSettings *
tf_settings_new (void)
{
  static gsize warned = 0;
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema != NULL)
    return g_settings_new_full (schema, NULL, NULL);

  /* g_settings_new () would abort. Console words for whoever runs the build tree, so not
   * translated, like GLib's own warnings. */
  if (g_once_init_enter (&warned))
    {
      g_warning ("Settings schema '%s' is not installed: starting from the defaults and "
                 "remembering nothing (GSETTINGS_SCHEMA_DIR=build/data uses the build tree's)",
                 APPLICATION_ID);
      g_once_init_leave (&warned, 1);
    }
  return NULL;
}
