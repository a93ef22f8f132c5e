/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-topology-view.c: the 3D view's layouts and filters under a display. A switch picked in
 * the logical layout stays picked, with the same words, in the physical one and back; hiding
 * its tier makes it unpickable and unpicks it; the logical scene has no containers. Hovering a
 * spine dims the rest: fewer bright pixels, and its links drawn in their reach's colour. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "tf-screenshot.h"
#include "tf-topology-view.h"

/* Runs the main loop until @view has drawn a frame since @frames. */
static void
wait_frame (TfTopologyView *view)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint frames = tf_topology_view_get_frames (view);

  while (tf_topology_view_get_frames (view) <= frames && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (tf_topology_view_get_frames (view), >, frames);
}

static TfTopology *
fat_tree (void)
{
  TfTopology *t = g_new0 (TfTopology, 1);
  g_autoptr(GError) error = NULL;
  TfContext ctx;

  tf_context_init (&ctx);
  ctx.n_chip = 256;
  ctx.scope = TF_SCOPE_INTER_RACK;
  g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=16,osr=1,n_endpoint=128", NULL, NULL,
                              t, &error));
  g_assert_no_error (error);
  return t;
}

/* A point of the view where a click picks a switch: its info names a switch. */
static gboolean
find_switch (TfTopologyView *view,
             double         *x,
             double         *y)
{
  int width = gtk_widget_get_width (GTK_WIDGET (view));
  int height = gtk_widget_get_height (GTK_WIDGET (view));

  for (int py = 60; py < height; py += 6)
    for (int px = 0; px < width; px += 6)
      if (tf_topology_view_select_at (view, px, py)
          && strstr (tf_topology_view_get_info (view), "spine") != NULL)
        {
          *x = px;
          *y = py;
          return TRUE;
        }
  return FALSE;
}

/* Light grey (chip) pixels of a picture of @window, saved as @name in the temporary folder
 * (kept for people to look at when TF_KEEP_PICTURES is set). */
static guint64
light_pixels (GtkWidget  *window,
              const char *name)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  int width, height;
  guint64 n = 0;

  g_assert_true (tf_screenshot_save (window, path, &error));
  g_assert_no_error (error);
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  /* Below the toolbar. */
  for (int y = 60; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guchar *px = pixels + ((gsize) y * width + x) * 4;

        n += px[0] > 110 && px[1] > 110 && px[2] > 110 && ABS (px[0] - px[2]) < 30;
      }
  g_test_message ("%s: %" G_GUINT64_FORMAT " light pixels", path, n);
  if (g_getenv ("TF_KEEP_PICTURES") == NULL)
    g_remove (path);
  return n;
}

static void
test_layouts (void)
{
  GtkWidget *window = gtk_window_new ();
  TfTopologyView *view = TF_TOPOLOGY_VIEW (tf_topology_view_new ());
  TfSceneFilter hide_spines = { 0, 0 };
  g_autofree char *picked = NULL;
  double x = 0, y = 0;
  guint tier;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));
  tf_topology_view_set_topology (view, fat_tree ());
  g_assert_cmpuint (tf_topology_view_get_layout (view), ==, TF_SCENE_LAYOUT_PHYSICAL);
  wait_frame (view);

  tf_topology_view_set_layout (view, TF_SCENE_LAYOUT_LOGICAL);
  g_assert_cmpuint (tf_topology_view_get_layout (view), ==, TF_SCENE_LAYOUT_LOGICAL);
  g_assert_cmpuint (tf_topology_view_get_scene (view)->boxes[TF_SCENE_BOARD]->len, ==, 0);
  g_assert_cmpuint (tf_topology_view_get_scene (view)->boxes[TF_SCENE_RACK]->len, ==, 0);
  wait_frame (view);

  /* The spines stand above everything in tiers: some point picks one. */
  g_assert_true (find_switch (view, &x, &y));
  picked = g_strdup (tf_topology_view_get_info (view));
  g_test_message ("%s", picked);

  /* The same element, the same words, in the other layout. */
  tf_topology_view_set_layout (view, TF_SCENE_LAYOUT_PHYSICAL);
  g_assert_cmpstr (tf_topology_view_get_info (view), ==, picked);
  g_assert_cmpuint (tf_topology_view_get_scene (view)->boxes[TF_SCENE_BOARD]->len, >, 0);
  tf_topology_view_set_layout (view, TF_SCENE_LAYOUT_LOGICAL);
  g_assert_cmpstr (tf_topology_view_get_info (view), ==, picked);
  wait_frame (view);

  /* Hovering the spine dims everything but it, its links and its neighbours. */
  {
    guint64 before = light_pixels (window, "topoforge-view-plain.png"), after;

    g_assert_true (tf_topology_view_hover_at (view, x, y));
    wait_frame (view);
    after = light_pixels (window, "topoforge-view-hover.png");
    g_assert_cmpuint (after, <, before);
    g_assert_false (tf_topology_view_hover_at (view, -10, -10));
    wait_frame (view);
  }

  /* Hiding the spines' tier unpicks the spine and lets clicks pass through it. */
  for (tier = 0; tier < TF_SCENE_N_TIERS; tier++)
    if (tf_topology_view_get_scene (view)->tier_roles[tier] != NULL
        && strstr (tf_topology_view_get_scene (view)->tier_roles[tier], "spine") != NULL)
      hide_spines.hidden_tiers |= 1u << tier;
  g_assert_cmpuint (hide_spines.hidden_tiers, !=, 0);
  tf_topology_view_set_filter (view, &hide_spines);
  g_assert_null (tf_topology_view_get_info (view));
  if (tf_topology_view_select_at (view, x, y))
    g_assert_null (strstr (tf_topology_view_get_info (view), "spine"));
  g_assert_cmpuint (tf_topology_view_get_filter (view)->hidden_tiers, ==,
                    hide_spines.hidden_tiers);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/topology-view/layouts", test_layouts);
  return g_test_run ();
}
