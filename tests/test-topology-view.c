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
#include "tf-view-labels.h"

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

/* Every label inside the view, none over another, each saying @count (and, on racks and pods,
 * maybe the name before it). */
static void
assert_labels (GPtrArray  *labels,
               int         width,
               int         height,
               const char *count)
{
  for (guint i = 0; i < labels->len; i++)
    {
      const TfViewLabel *a = g_ptr_array_index (labels, i);
      const char *text = pango_layout_get_text (a->layout);

      if (!g_str_has_suffix (text, count))
        g_error ("label '%s' does not end in '%s'", text, count);
      g_assert_cmpfloat (a->rect.origin.x + a->rect.size.width / 2, >=, 0);
      g_assert_cmpfloat (a->rect.origin.x + a->rect.size.width / 2, <=, width);
      g_assert_cmpfloat (a->rect.origin.y + a->rect.size.height / 2, >=, 0);
      g_assert_cmpfloat (a->rect.origin.y + a->rect.size.height / 2, <=, height);
      for (guint k = 0; k < i; k++)
        g_assert_false (graphene_rect_intersection (
          &a->rect, &((const TfViewLabel *) g_ptr_array_index (labels, k))->rect, NULL));
    }
}

/* Counts on blocks: a 16,384-chip torus seen whole in a large view has its pods labelled with
 * their 1,024 chips; close up, racks with their 16; in a small view, none (nothing fits). The
 * view itself writes them on its picture. A logical fat-tree's bars say their switches or
 * chips, and a band between bars its links and their bandwidth. */
static void
test_labels (void)
{
  GtkWidget *window = gtk_window_new ();
  TfTopologyView *view = TF_TOPOLOGY_VIEW (tf_topology_view_new ());
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (view));
  TfTopology *torus = g_new0 (TfTopology, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  TfContext ctx;
  TfScene scene;
  TfCamera camera;

  tf_context_init (&ctx);
  ctx.n_chip = 16384;
  ctx.scope = TF_SCOPE_INTER_RACK;
  g_assert_true (tf_generate (&ctx, "torus:dimension_sizes=128x128,board_shape=1x1", NULL, NULL,
                              torus, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (torus->graph.n_pod, ==, 16);
  tf_scene_init (&scene);
  tf_scene_build (&scene, &torus->graph, 0);
  tf_camera_init (&camera);
  camera.yaw = scene.view_yaw;
  camera.pitch = scene.view_pitch;
  tf_camera_fit (&camera, scene.bounds_min, scene.bounds_max, 1600.f / 1000.f);
  labels = tf_view_labels_place (&scene, NULL, &torus->graph, NULL, &camera, 1600, 1000, context);
  g_test_message ("seen whole at 1600x1000: %u labels", labels->len);
  g_assert_cmpuint (labels->len, >=, 8);
  assert_labels (labels, 1600, 1000, "1,024\u00a0chips");
  g_clear_pointer (&labels, g_ptr_array_unref);
  labels = tf_view_labels_place (&scene, NULL, &torus->graph, NULL, &camera, 320, 200, context);
  g_assert_cmpuint (labels->len, ==, 0);
  g_clear_pointer (&labels, g_ptr_array_unref);
  tf_camera_zoom (&camera, 0.08f);
  labels = tf_view_labels_place (&scene, NULL, &torus->graph, NULL, &camera, 1600, 1000, context);
  g_test_message ("close up: %u labels", labels->len);
  g_assert_cmpuint (labels->len, >=, 4);
  assert_labels (labels, 1600, 1000, "16\u00a0chips");
  g_clear_pointer (&labels, g_ptr_array_unref);

  {
    g_auto(TfTopology) tree = { 0 };
    g_autofree double *link_gbps = NULL;
    g_autofree double *line_gbps = NULL;
    guint bands = 0;

    ctx.n_chip = 4096;
    g_assert_true (tf_generate (&ctx, "fat-tree:layers=3,k=32,osr=1,n_endpoint=256,"
                                "p_levels=1x2x1,attach=rail", NULL, NULL, &tree, &error));
    g_assert_no_error (error);
    tf_scene_build_layout (&scene, &tree.graph, 2000, TF_SCENE_LAYOUT_LOGICAL, "fat-tree",
                           NULL);
    g_assert_cmpint (scene.link_level, ==, TF_SCENE_LINKS_GROUPS);
    tf_camera_init (&camera);
    camera.yaw = scene.view_yaw;
    camera.pitch = scene.view_pitch;
    tf_camera_fit (&camera, scene.bounds_min, scene.bounds_max, 1600.f / 1000.f);
    link_gbps = g_new (double, tree.graph.n_links);
    line_gbps = g_new (double, scene.lines->len);
    tf_network_graph_link_gbps (&tree.graph, &tree.context, link_gbps);
    tf_scene_line_gbps (&scene, &tree.graph, link_gbps, line_gbps);
    labels = tf_view_labels_place (&scene, NULL, &tree.graph, line_gbps, &camera, 1600, 1000,
                                   context);
    g_assert_cmpuint (labels->len, >=, 4);
    for (guint i = 0; i < labels->len; i++)
      {
        const char *text = pango_layout_get_text (((TfViewLabel *) labels->pdata[i])->layout);

        g_test_message ("bar or band: %s", text);
        g_assert_true (g_str_has_suffix (text, "switches") || g_str_has_suffix (text, "chips")
                       || (strstr (text, "links\n") != NULL && strstr (text, "GB/") != NULL));
        bands += strstr (text, "links\n") != NULL;
      }
    /* At least one band says its links and their bandwidth. */
    g_assert_cmpuint (bands, >=, 1);
    assert_labels (labels, 1600, 1000, "");
    g_clear_pointer (&labels, g_ptr_array_unref);
  }
  tf_scene_clear (&scene);

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));
  tf_topology_view_set_topology (view, torus);
  wait_frame (view);
  g_assert_nonnull (tf_topology_view_get_labels (view));
  g_assert_cmpuint (tf_topology_view_get_labels (view)->len, >=, 8);
  assert_labels (tf_topology_view_get_labels (view), 1600, 1000, "1,024\u00a0chips");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/topology-view/labels", test_labels);
  g_test_add_func ("/ui/topology-view/layouts", test_layouts);
  return g_test_run ();
}
