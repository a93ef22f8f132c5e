/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search-form-fixture.h: what the search form's tests share: a form of its own, counting
 * its "changed" signals and "valid" notifications, and a temporary folder, removed after. */
#pragma once

#include <gtk/gtk.h>

#include "tf-search-form.h"

G_BEGIN_DECLS

typedef struct
{
  TfSearchForm *form;
  guint         changed;
  guint         valid_notified;
  char         *dir;
} Fixture;

void fixture_set_up (Fixture *f, gconstpointer data);
void fixture_tear_down (Fixture *f, gconstpointer data);

G_END_DECLS
