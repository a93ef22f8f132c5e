/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-fixture.h: a main window for the window tests, started on the schema's defaults
 * and shown, and the waits they share. */
#pragma once

#include <gtk/gtk.h>

#include "tf-window.h"

G_BEGIN_DECLS

/* The longest a test waits for the window, in seconds. */
#define WAIT_S 60

typedef struct
{
  TfWindow *window;
} Fixture;

/* Runs the main loop until the window is idle with a topology shown (or @want_topology FALSE:
 * just idle); fails the test after a minute. */
void wait_idle (Fixture *f, gboolean want_topology);
void fixture_set_up (Fixture *f, gconstpointer data);
void fixture_tear_down (Fixture *f, gconstpointer data);
/* Sets the form's chip count, which enumerates again when valid. */
void set_n_chip (Fixture *f, guint n_chip);

G_END_DECLS
