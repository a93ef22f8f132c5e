/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search-form-fixture.c: see test-search-form-fixture.h. */
#include <glib/gstdio.h>

#include "test-search-form-fixture.h"

static void
count_changed (TfSearchForm *form,
               Fixture      *f)
{
  f->changed++;
}

static void
count_valid (TfSearchForm *form,
             GParamSpec   *pspec,
             Fixture      *f)
{
  f->valid_notified++;
}

void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->form = g_object_ref_sink (TF_SEARCH_FORM (tf_search_form_new ()));
  g_signal_connect (f->form, "changed", G_CALLBACK (count_changed), f);
  g_signal_connect (f->form, "notify::valid", G_CALLBACK (count_valid), f);
  f->dir = g_dir_make_tmp ("test-search-form-XXXXXX", &error);
  g_assert_no_error (error);
}

void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  g_clear_object (&f->form);
}
