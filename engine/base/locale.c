/* SPDX-License-Identifier: GPL-3.0-or-later */
/* locale.c: a program's locale and where its translations are, the same for the app and the
 * command line: the language LANG names even where its locale is not generated, and the build
 * tree's translations when the program runs from a build tree. */
#include <glib/gi18n.h>
#include <locale.h>

#include "topoforge.h"

/* The language of @locale ("zh_CN.UTF-8" -> "zh_CN"), or NULL for none or C/POSIX. */
static char *
language_of (const char *locale)
{
  g_autofree char *lang = NULL;
  char *cut;

  if (locale == NULL || *locale == '\0')
    return NULL;
  lang = g_strdup (locale);
  if ((cut = strpbrk (lang, ".@")) != NULL)
    *cut = '\0';
  if (*lang == '\0' || strcmp (lang, "C") == 0 || strcmp (lang, "POSIX") == 0)
    return NULL;
  return g_steal_pointer (&lang);
}

/* The folder of translations beside a program run from a build tree (build/po, which meson
 * fills as it builds), or NULL where the program is installed. */
static char *
build_tree_localedir (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *top = NULL;
  g_autofree char *ninja = NULL;
  g_autofree char *po = NULL;

  if (self == NULL)
    return NULL;
  dir = g_path_get_dirname (self);
  top = g_path_get_dirname (dir);
  ninja = g_build_filename (top, "build.ninja", NULL);
  po = g_build_filename (top, "po", NULL);
  if (!g_file_test (ninja, G_FILE_TEST_IS_REGULAR) || !g_file_test (po, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_steal_pointer (&po);
}

void
tf_locale_init (const char *installed_localedir)
{
  const char *dir = g_getenv ("TF_LOCALEDIR");
  g_autofree char *build_dir = NULL;

  if (setlocale (LC_ALL, "") == NULL)
    {
      /* LANG names a locale the system has not generated (zh_CN.UTF-8 on a fresh Debian): the
       * numbers and dates fall back to C.UTF-8, the messages still follow the language. */
      const char *named = g_getenv ("LC_ALL");
      g_autofree char *lang = NULL;

      if (named == NULL || *named == '\0')
        named = g_getenv ("LC_MESSAGES");
      if (named == NULL || *named == '\0')
        named = g_getenv ("LANG");
      lang = language_of (named);
      if (setlocale (LC_ALL, "C.UTF-8") == NULL)
        setlocale (LC_ALL, "C");
      if (lang != NULL && g_getenv ("LANGUAGE") == NULL)
        g_setenv ("LANGUAGE", lang, TRUE);
    }
  if (dir == NULL || *dir == '\0')
    dir = build_dir = build_tree_localedir ();
  bindtextdomain (GETTEXT_PACKAGE, dir != NULL ? dir : installed_localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}
