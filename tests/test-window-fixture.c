/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-fixture.c: see test-window-fixture.h. */
#include "test-window-fixture.h"

static gboolean
timed_out (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until the window is idle with a topology shown (or @want_topology FALSE:
 * just idle). */
void
wait_idle (Fixture  *f,
           gboolean  want_topology)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_S, timed_out, &expired);
  TfTopologyView *view = tf_window_get_view (f->window);

  /* Let queued work start before looking at "busy". */
  for (guint i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  while (!expired && (tf_window_get_busy (f->window)
                      || (want_topology && tf_topology_view_get_topology (view) == NULL)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
}

void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  /* Each test starts from the schema's defaults. */
  g_settings_reset (settings, "n-chip");
  g_settings_reset (settings, "families");
  f->window = g_object_ref_sink (g_object_new (TF_TYPE_WINDOW, NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_idle (f, TRUE);
}

void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->window);
}

void
set_n_chip (Fixture *f,
            guint    n_chip)
{
  TfContextForm *form = tf_window_get_form (f->window);
  TfContext ctx;

  tf_context_form_get_context (form, &ctx);
  ctx.n_chip = n_chip;
  tf_context_form_set_context (form, &ctx);
}
