/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-screenshot.c: the app's screenshot mode, run as a user would run it. The picture must
 * show the hierarchy: the 3D view's background, chips drawn in it, and lines in the colour of
 * every reach the topology's links have. Bad options end with the engine's message and status 2. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <sys/wait.h>

#include "tf-scene.h"
#include "topoforge.h"

typedef struct
{
  const char *family;
  guint       n_chip;
  guint       chips_per_board;   /* the --chips-per-board filter; 0 for none */
  TfReach     needs;             /* pick the first result that has links of this reach */
} Case;

static const Case cases[] = {
  { "torus", 64, 0, TF_REACH_RACK },
  { "torus", 64, 4, TF_REACH_BOARD },
  { "dragonfly", 512, 0, TF_REACH_POD },
  { "fat-tree", 64, 0, TF_REACH_DATACENTER },
  { "full-mesh", 32, 0, TF_REACH_RACK },
};

/* Runs the app; returns its exit status, with its standard error in @err. */
static int
run_app (const char *const *args,
         char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_ptr_array_add (argv, (char *) g_getenv ("TF_APP"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, err, &status, &error));
  g_assert_no_error (error);
  if (WIFSIGNALED (status))
    g_printerr ("%s: killed by signal %d\n", (char *) argv->pdata[0], WTERMSIG (status));
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* The position, in the app's default order, of the first result of the case that has links of
 * the case's reach, and that result's link counts by reach. */
static guint
find_result (const Case *c,
             guint64     by_reach[TF_N_REACHES])
{
  const TfFamily *family = tf_family_lookup (c->family);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GError) error = NULL;
  TfContext ctx;
  guint shown = 0;

  tf_context_init (&ctx);
  ctx.n_chip = c->n_chip;
  ctx.scope = TF_SCOPE_INTER_RACK;
  g_assert_true (tf_enumerate (&ctx, &family, 1, TF_DEFAULT_LIMIT, NULL, NULL, &e, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < e.families[0].n_results; i++)
    {
      const TfResult *r = &e.families[0].results[i];
      g_autofree char *id = NULL;
      g_auto(TfTopology) t = { 0 };

      if (c->chips_per_board != 0 && r->chips_per_board != c->chips_per_board)
        continue;
      id = tf_result_dup_id (r);
      g_assert_true (tf_generate (&ctx, id, NULL, NULL, &t, &error));
      g_assert_no_error (error);
      if (t.result.metrics.link_count_by_reach[c->needs] > 0)
        {
          memcpy (by_reach, t.result.metrics.link_count_by_reach,
                  sizeof t.result.metrics.link_count_by_reach);
          g_test_message ("%s: shown result %u", id, shown);
          return shown;
        }
      shown++;
    }
  g_error ("no %s result with links reaching a %s for %u chips", c->family,
           tf_reach_to_string (c->needs), c->n_chip);
}

static gboolean
near (const guchar *px,
      const float   rgb[3],
      int           tolerance)
{
  /* Cairo's ARGB32 in memory: B, G, R, A. */
  return ABS (px[2] - (int) (rgb[0] * 255)) + ABS (px[1] - (int) (rgb[1] * 255))
         + ABS (px[0] - (int) (rgb[2] * 255)) <= tolerance;
}

static void
test_picture (gconstpointer data)
{
  const Case *c = data;
  guint64 by_reach[TF_N_REACHES];
  guint index = find_result (c, by_reach);
  g_autofree char *dir = g_dir_make_tmp ("topoforge-shot-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "shot.png", NULL);
  g_autofree char *n_chip = g_strdup_printf ("%u", c->n_chip);
  g_autofree char *select = g_strdup_printf ("%u", index);
  g_autofree char *cpb = g_strdup_printf ("%u", c->chips_per_board);
  const char *args[] = { "--n-chip", n_chip, "--scope", "inter-rack", "--family", c->family,
                         "--select", select, "--size", "1200x800", "--screenshot", png,
                         c->chips_per_board ? "--chips-per-board" : NULL, cpb, NULL };
  g_autofree char *err = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guchar *pixels = NULL;
  const float background[3] = { 0.11f, 0.12f, 0.14f };
  int width, height, x0 = G_MAXINT, y0 = G_MAXINT, x1 = -1, y1 = -1;
  guint64 light = 0, lines[TF_N_REACHES] = { 0 };
  int status;

  status = run_app (args, &err);
  if (status != 0)
    g_printerr ("%s", err);
  g_assert_cmpint (status, ==, 0);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  g_assert_cmpint (width, >=, 1000);
  g_assert_cmpint (height, >=, 700);
  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, pixels, (gsize) width * 4);

  /* The 3D view: the box around its background's pixels, which must be a large part of the
   * window. */
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (near (pixels + ((gsize) y * width + x) * 4, background, 6))
        {
          x0 = MIN (x0, x);
          y0 = MIN (y0, y);
          x1 = MAX (x1, x);
          y1 = MAX (y1, y);
        }
  g_test_message ("view %d,%d to %d,%d", x0, y0, x1, y1);
  g_assert_cmpint ((x1 - x0) * (y1 - y0), >, width * height / 6);

  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      {
        const guchar *px = pixels + ((gsize) y * width + x) * 4;

        /* Chips: light grey blocks (lit between 58 % and 100 %). */
        if (px[0] > 110 && px[1] > 110 && px[2] > 110 && ABS (px[0] - px[2]) < 30)
          light++;
        for (guint t = 0; t < TF_N_REACHES; t++)
          {
            float rgba[4];

            tf_scene_link_color (t, rgba);
            lines[t] += near (px, rgba, 60);
          }
      }
  g_test_message ("light %" G_GUINT64_FORMAT " board %" G_GUINT64_FORMAT " rack %"
                  G_GUINT64_FORMAT " pod %" G_GUINT64_FORMAT " datacenter %" G_GUINT64_FORMAT, light,
                  lines[0], lines[1], lines[2], lines[3]);
  g_assert_cmpuint (light, >, 200);
  for (guint t = 0; t < TF_N_REACHES; t++)
    if (by_reach[t] > 0)
      g_assert_cmpuint (lines[t], >=, 20);

  g_remove (png);
  g_rmdir (dir);
}

static void
test_bad_options (void)
{
  static const struct
  {
    const char *args[5];
    const char *message;
  } bad[] = {
    { { "--n-chip", "1", "--screenshot", "/nonexistent/x.png", NULL },
      "n_chip = 1: n_chip must be at least 2" },
    { { "--chip-radix", "65", "--screenshot", "/nonexistent/x.png", NULL },
      "chip_radix = 65: chip_radix must be from 1 to 64" },
    { { "--family", "moebius", "--screenshot", "/nonexistent/x.png", NULL },
      "family 'moebius': no such family" },
    { { "--scope", "galaxy", "--screenshot", "/nonexistent/x.png", NULL },
      "scope = 'galaxy': scope must be intra-rack or inter-rack" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_app (bad[i].args, &err), ==, 2);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, bad[i].message));
    }
}

/* A picture that cannot be written is an error, not a crash or a partial file. */
static void
test_unwritable (void)
{
  const char *args[] = { "--n-chip", "16", "--screenshot", "/nonexistent-dir/x.png", NULL };
  g_autofree char *err = NULL;

  g_assert_cmpint (run_app (args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "/nonexistent-dir/"));
  g_assert_false (g_file_test ("/nonexistent-dir/x.png", G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/screenshot/%s-n%u%s%s", cases[i].family,
                                               cases[i].n_chip,
                                               cases[i].chips_per_board ? "-cpb" : "",
                                               cases[i].chips_per_board ? "4" : "");

      g_test_add_data_func (path, &cases[i], test_picture);
    }
  g_test_add_func ("/ui/screenshot/bad-options", test_bad_options);
  g_test_add_func ("/ui/screenshot/unwritable", test_unwritable);
  return g_test_run ();
}
