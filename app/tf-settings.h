/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-settings.h: the app's GSettings, when its schema is installed. Run straight from the build
 * tree (build/app/topoforge, as the README shows) the schema is not installed: the window then
 * starts from the schema's defaults and remembers nothing, after one warning on stderr, instead
 * of GSettings aborting the program. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A new GSettings for the app's schema, or NULL (with one warning per process) when the schema
 * is not installed. */
GSettings *tf_settings_new (void);

G_END_DECLS
