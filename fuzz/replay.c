/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay.c: runs a fuzz target over files (or every file in folders), for builds without
 * libFuzzer: the corpus and every past crash become an ordinary test. Prints TAP. */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Adds @path (taken) to @files, or every file below it when it is a folder. */
static void
collect (char      *path,
         GPtrArray *files)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_ptr_array_add (files, path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.' && !g_str_has_suffix (name, ".md"))
      collect (g_build_filename (path, name, NULL), files);
  g_dir_close (dir);
  g_free (path);
}

int
main (int    argc,
      char **argv)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);

  for (int i = 1; i < argc; i++)
    collect (g_strdup (argv[i]), files);
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  printf ("1..%u\n", files->len);
  for (guint i = 0; i < files->len; i++)
    {
      const char *file = g_ptr_array_index (files, i);
      char *data = NULL;
      gsize length = 0;

      if (!g_file_get_contents (file, &data, &length, NULL))
        {
          printf ("not ok %u %s (unreadable)\n", i + 1, file);
          continue;
        }
      /* A crash aborts the whole run, which meson reports with the file printed last. */
      fprintf (stderr, "%s\n", file);
      LLVMFuzzerTestOneInput ((const uint8_t *) data, length);
      printf ("ok %u %s\n", i + 1, file);
      g_free (data);
    }
  g_ptr_array_unref (files);
  return 0;
}
