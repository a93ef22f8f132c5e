/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-render.c: how fast the 3D view is on big results: building the scene (layout, link
 * bundling), picking under the pointer, and drawing one frame with OpenGL while the camera
 * orbits. Every figure is the median of its runs. Being over a target is reported, not fatal;
 * an engine error is.
 *
 * The GL part needs a display (scripts/test and meson test --benchmark run it under Xvfb, where
 * Mesa draws in software: llvmpipe on this machine's cores, a far cry from a GPU). Without
 * one, it is skipped with a note.
 */
#include <epoxy/gl.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench-util.h"
#include "tf-camera.h"
#include "tf-renderer.h"
#include "tf-scene.h"

#define FRAME_TARGET_MS  33.3   /* 30 frames a second: orbiting stays interactive */
#define SCENE_TARGET_MS  500.0  /* selecting a result shows it within half a second */
#define PICK_TARGET_MS   2.0    /* hovering follows the pointer */

typedef struct
{
  const char *family;
  guint       n_chip;
  const char *id;       /* NULL: the family's first result */
} Case;

static const Case cases[] = {
  { "fat-tree", 16384, "fat-tree:layers=3,k=32,osr=1,n_endpoint=8192" },
  { "torus", 16384, NULL },
  { "dragonfly", 16384, NULL },
  { "fat-tree", 65536, NULL },
};

typedef struct
{
  TfScene    *scene;
  TfRenderer *renderer;
  guint       runs;
  double     *frame_ms;
  GMainLoop  *loop;
  char       *gl_renderer;
  GError     *error;
} GlRun;

static void
gl_realize (GtkGLArea *area,
            GlRun     *run)
{
  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) != NULL)
    {
      run->error = g_error_copy (gtk_gl_area_get_error (area));
      return;
    }
  run->renderer = tf_renderer_new (&run->error);
  run->gl_renderer = g_strdup ((const char *) glGetString (GL_RENDERER));
}

/* Inside the area's render: the area's framebuffer is bound. Each frame turns the camera a
 * little and waits for the GPU (glFinish), so the time is the frame's whole cost. */
static gboolean
gl_render (GtkGLArea    *area,
           GdkGLContext *context,
           GlRun        *run)
{
  const float background[4] = { 0.11f, 0.12f, 0.14f, 1.0f };
  int width = gtk_widget_get_width (GTK_WIDGET (area));
  int height = gtk_widget_get_height (GTK_WIDGET (area));
  TfCamera camera;

  if (run->renderer == NULL || run->frame_ms[0] >= 0)
    {
      g_main_loop_quit (run->loop);
      return TRUE;
    }
  tf_camera_init (&camera);
  tf_camera_fit (&camera, run->scene->bounds_min, run->scene->bounds_max,
                 (float) width / height);
  tf_renderer_set_scene (run->renderer, run->scene);
  glFinish ();
  for (guint i = 0; i < run->runs; i++)
    {
      gint64 start = g_get_monotonic_time ();

      tf_camera_orbit (&camera, 0.05f, 0.01f);
      tf_renderer_draw (run->renderer, &camera, width, height, background);
      glFinish ();
      run->frame_ms[i] = tf_bench_ms_since (start);
    }
  g_main_loop_quit (run->loop);
  return TRUE;
}

/* The median frame in ms, or < 0 when there is no display or no GL. */
static double
time_frames (TfScene  *scene,
             guint     runs,
             char    **gl_renderer)
{
  GlRun run = { scene, NULL, runs, g_new (double, runs), g_main_loop_new (NULL, FALSE) };
  GtkWidget *window, *area;
  double result = -1;

  run.frame_ms[0] = -1;
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  area = gtk_gl_area_new ();
  gtk_gl_area_set_required_version (GTK_GL_AREA (area), 3, 3);
  gtk_gl_area_set_has_depth_buffer (GTK_GL_AREA (area), TRUE);
  g_signal_connect (area, "realize", G_CALLBACK (gl_realize), &run);
  g_signal_connect (area, "render", G_CALLBACK (gl_render), &run);
  gtk_window_set_child (GTK_WINDOW (window), area);
  gtk_window_present (GTK_WINDOW (window));
  g_main_loop_run (run.loop);

  if (run.error != NULL)
    g_printerr ("bench-render: no GL: %s\n", run.error->message);
  else if (run.frame_ms[0] >= 0)
    result = tf_bench_median (run.frame_ms, runs);
  if (run.renderer != NULL)
    {
      gtk_gl_area_make_current (GTK_GL_AREA (area));
      tf_renderer_free (run.renderer);
    }
  *gl_renderer = g_steal_pointer (&run.gl_renderer);
  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_error (&run.error);
  g_main_loop_unref (run.loop);
  g_free (run.frame_ms);
  return result;
}

static const char *
level_name (TfSceneLinkLevel level)
{
  return level == TF_SCENE_LINKS_ALL ? "all" : level == TF_SCENE_LINKS_BOARDS ? "boards"
                                                                              : "racks";
}

static const char *
verdict (double value,
         double target)
{
  return value < 0 ? "-" : value <= target ? "ok" : "over";
}

int
main (int    argc,
      char **argv)
{
  guint runs = 7, n_over = 0;
  gboolean display = gtk_init_check ();
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per figure (median)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) options = g_option_context_new ("- time the 3D view");
  g_autoptr(GError) error = NULL;
  g_autofree char *gl = NULL;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error) || runs < 1 || runs > 99)
    {
      g_printerr ("bench-render: %s\n", error ? error->message : "--runs: 1 to 99");
      return 2;
    }

  printf ("# bench-render: median of %u runs; targets: scene <= %.0f ms, pick <= %.1f ms, "
          "frame <= %.1f ms\n", runs, SCENE_TARGET_MS, PICK_TARGET_MS, FRAME_TARGET_MS);
  printf ("%-44s %7s %7s %8s %7s %9s %9s %9s\n", "topology", "chips", "links", "lines",
          "level", "scene ms", "pick ms", "frame ms");
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const TfFamily *family = tf_family_lookup (cases[c].family);
      g_auto(TfEnumeration) e = { 0 };
      g_auto(TfTopology) t = { 0 };
      g_autofree char *id = NULL;
      g_autofree double *scene_ms = g_new (double, runs);
      g_autofree double *pick_ms = g_new (double, runs);
      TfContext ctx;
      TfScene scene;
      TfCamera camera;
      double frame = -1, scene_median, pick_median;

      tf_context_init (&ctx);
      ctx.n_chip = cases[c].n_chip;
      ctx.scope = TF_SCOPE_INTER_RACK;
      if (cases[c].id != NULL)
        id = g_strdup (cases[c].id);
      else if (tf_enumerate (&ctx, &family, 1, 1, NULL, NULL, &e, &error)
               && e.families[0].n_results > 0)
        id = tf_result_dup_id (&e.families[0].results[0]);
      if (id == NULL || !tf_generate (&ctx, id, NULL, NULL, &t, &error))
        {
          g_printerr ("bench-render: %s %u: %s\n", cases[c].family, cases[c].n_chip,
                      error ? error->message : "no result");
          return 1;
        }

      tf_scene_init (&scene);
      for (guint r = 0; r < runs; r++)
        {
          gint64 start = g_get_monotonic_time ();

          tf_scene_build (&scene, &t.graph, 0);
          scene_ms[r] = tf_bench_ms_since (start);
        }

      /* 1000 rays through a 1280x800 view, as the pointer would sweep it. */
      tf_camera_init (&camera);
      tf_camera_fit (&camera, scene.bounds_min, scene.bounds_max, 1.6f);
      for (guint r = 0; r < runs; r++)
        {
          gint64 start = g_get_monotonic_time ();

          for (guint i = 0; i < 1000; i++)
            {
              float origin[3], direction[3];
              TfScenePick pick;

              tf_camera_ray (&camera, (i * 37) % 1280, (i * 53) % 800, 1280, 800, origin,
                             direction);
              tf_scene_pick (&scene, origin, direction, &pick);
            }
          pick_ms[r] = tf_bench_ms_since (start) / 1000;
        }

      if (display)
        {
          g_free (gl);
          frame = time_frames (&scene, runs, &gl);
        }
      scene_median = tf_bench_median (scene_ms, runs);
      pick_median = tf_bench_median (pick_ms, runs);
      printf ("%-44s %7u %7u %8u %7s %9.1f %9.3f %9.1f\n", id, t.graph.n_chip,
              t.graph.n_links, scene.n_lines, level_name (scene.link_level), scene_median,
              pick_median, frame);
      printf ("%-44s %7s %7s %8s %7s %9s %9s %9s\n", "  target", "", "", "", "",
              verdict (scene_median, SCENE_TARGET_MS), verdict (pick_median, PICK_TARGET_MS),
              verdict (frame, FRAME_TARGET_MS));
      n_over += scene_median > SCENE_TARGET_MS;
      n_over += pick_median > PICK_TARGET_MS;
      n_over += frame > FRAME_TARGET_MS;
      tf_scene_clear (&scene);
    }
  if (display)
    printf ("# GL: %s\n", gl ? gl : "not available");
  else
    printf ("# GL: no display; frames not timed (run under xvfb-run)\n");
  printf ("# %u figure(s) over target\n", n_over);
  return 0;
}
