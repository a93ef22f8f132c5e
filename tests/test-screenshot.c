/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-screenshot.c: the app's screenshot mode, run as a user would run it. The picture must
 * show the hierarchy: the 3D view's background, chips drawn in it, and lines in the colour of
 * every reach the topology's links have, away from the view's toolbar and legend; in the logical
 * layout, for every family, chips spread over much of the view (a grid, a circle, tiers), not
 * collapsed into a line or a dot. Bad options end with the engine's message and status 2.
 * A FILE argument shows that file; one that does not load ends with the loader's line. The
 * README's app commands run exactly as written, from a folder where build/ is this build tree,
 * without GSETTINGS_SCHEMA_DIR. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-util.h"
#include "tf-scene.h"
#include "topoforge.h"

typedef struct
{
  const char *family;
  guint       n_chip;
  guint       chips_per_board;   /* the --chips-per-board filter; 0 for none */
  TfReach     needs;             /* pick the first result that has links of this reach
                                  * (TF_N_REACHES: the first result) */
  const char *layout;            /* --layout, or NULL */
} Case;

static const Case cases[] = {
  { "torus", 64, 0, TF_REACH_RACK },
  { "torus", 64, 4, TF_REACH_BOARD },
  { "dragonfly", 512, 0, TF_REACH_POD },
  { "fat-tree", 64, 0, TF_REACH_DATACENTER },
  { "full-mesh", 32, 0, TF_REACH_RACK },
  /* The logical layout of every family, at a real size. */
  { "torus", 4096, 0, TF_N_REACHES, "logical" },
  { "dragonfly", 2048, 0, TF_N_REACHES, "logical" },
  { "dragonfly-plus", 2048, 0, TF_N_REACHES, "logical" },
  { "fat-tree", 2048, 0, TF_N_REACHES, "logical" },
  { "hypercube", 1024, 0, TF_N_REACHES, "logical" },
  { "hyperx", 2048, 0, TF_N_REACHES, "logical" },
  { "ring", 256, 0, TF_N_REACHES, "logical" },
  { "full-mesh", 64, 0, TF_N_REACHES, "logical" },
  { "single-switch", 64, 0, TF_N_REACHES, "logical" },
};

/* Runs @argv in @dir (NULL: here) with @envp (NULL: ours); returns its exit status, with its
 * standard error in @err. Its standard output never reaches ours, which is TAP. */
static int
run_in (const char         *dir,
        const char *const  *argv,
        const char *const  *envp,
        char              **err)
{
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_assert_true (g_spawn_sync (dir, (char **) argv, (char **) envp, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, err, &status, &error));
  g_assert_no_error (error);
  if (WIFSIGNALED (status))
    g_printerr ("%s: killed by signal %d\n", argv[0], WTERMSIG (status));
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* Runs the app; returns its exit status, with its standard error in @err. */
static int
run_app (const char *const *args,
         char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (char *) g_getenv ("TF_APP"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  return run_in (NULL, (const char *const *) argv->pdata, NULL, err);
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
      if (c->needs == TF_N_REACHES || t.result.metrics.link_count_by_reach[c->needs] > 0)
        {
          memcpy (by_reach, t.result.metrics.link_count_by_reach,
                  sizeof t.result.metrics.link_count_by_reach);
          g_test_message ("%s: shown result %u", id, shown);
          return shown;
        }
      shown++;
    }
  g_error ("no %s result with links reaching a %s for %u chips", c->family,
           c->needs < TF_N_REACHES ? tf_reach_to_string (c->needs) : "any", c->n_chip);
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

/* Hue in degrees and saturation (max - min, 0..255) of an RGB triple. */
static void
hue_of (float  r,
        float  g,
        float  b,
        float *hue,
        float *saturation)
{
  float max = MAX (r, MAX (g, b)), min = MIN (r, MIN (g, b)), d = max - min;

  *saturation = d;
  if (d <= 0)
    *hue = 0;
  else if (max == r)
    *hue = fmodf (60 * (g - b) / d + 360, 360);
  else if (max == g)
    *hue = 60 * (b - r) / d + 120;
  else
    *hue = 60 * (r - g) / d + 240;
}

/* A saturated pixel of @rgb's hue. Lines show through translucent racks and pods, lighter
 * than their colour but of its hue. */
static gboolean
same_hue (const guchar *px,
          const float   rgb[3])
{
  float h1, s1, h2, s2, dh;

  /* Cairo's ARGB32 in memory: B, G, R, A. */
  hue_of (px[2], px[1], px[0], &h1, &s1);
  hue_of (rgb[0] * 255, rgb[1] * 255, rgb[2] * 255, &h2, &s2);
  dh = fabsf (h1 - h2);
  return s1 >= 80 && MIN (dh, 360 - dh) <= 15;
}

/* The view's toolbar (top) and legend (bottom left) are light widgets: what is counted as
 * drawn lies outside them. */
#define TOOLBAR_HEIGHT 52
#define LEGEND_WIDTH   230
#define LEGEND_HEIGHT  130

/* The picture at @png is a window of about @width × @height (0: at least 1000 × 700) whose 3D view
 * shows chips, and lines of every reach @by_reach counts (NULL: any); the chips span at least
 * @spread of the view's width or height, and a tenth of the other. */
static void
check_picture_spread (const char    *png,
                      int            want_width,
                      int            want_height,
                      const guint64 *by_reach,
                      double         spread)
{
  int cx0 = G_MAXINT, cy0 = G_MAXINT, cx1 = -1, cy1 = -1;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guchar *pixels = NULL;
  const float background[3] = { 0.11f, 0.12f, 0.14f };
  int width, height, x0 = G_MAXINT, y0 = G_MAXINT, x1 = -1, y1 = -1;
  guint64 light = 0, lines[TF_N_REACHES] = { 0 };

  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  /* --size is the window's default size, which the client-side decorations' frame is part of */
  if (want_width > 0)
    {
      g_assert_cmpint (ABS (width - want_width), <=, 24);
      g_assert_cmpint (ABS (height - want_height), <=, 24);
    }
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

  for (int y = y0 + TOOLBAR_HEIGHT; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      {
        const guchar *px = pixels + ((gsize) y * width + x) * 4;

        if (x < x0 + LEGEND_WIDTH && y > y1 - LEGEND_HEIGHT)
          continue;
        /* Chips: light grey blocks (lit between 58 % and 100 %). */
        if (px[0] > 110 && px[1] > 110 && px[2] > 110 && ABS (px[0] - px[2]) < 30)
          {
            light++;
            cx0 = MIN (cx0, x);
            cy0 = MIN (cy0, y);
            cx1 = MAX (cx1, x);
            cy1 = MAX (cy1, y);
          }
        for (guint t = 0; t < TF_N_REACHES; t++)
          {
            float rgba[4];

            tf_scene_link_color (t, rgba);
            lines[t] += same_hue (px, rgba);
          }
      }
  g_test_message ("light %" G_GUINT64_FORMAT " board %" G_GUINT64_FORMAT " rack %"
                  G_GUINT64_FORMAT " pod %" G_GUINT64_FORMAT " datacenter %" G_GUINT64_FORMAT, light,
                  lines[0], lines[1], lines[2], lines[3]);
  g_assert_cmpuint (light, >, 200);
  g_test_message ("chips %d,%d to %d,%d", cx0, cy0, cx1, cy1);
  g_assert_true (cx1 - cx0 >= spread * (x1 - x0) || cy1 - cy0 >= spread * (y1 - y0));
  g_assert_cmpint (cx1 - cx0, >=, (x1 - x0) / 10);
  g_assert_cmpint (cy1 - cy0, >=, (y1 - y0) / 10);
  if (by_reach == NULL)
    g_assert_cmpuint (lines[0] + lines[1] + lines[2] + lines[3], >=, 20);
  /* Lines inside a board or a rack are short and mostly behind chips: a few pixels show
   * (the legend's swatches, which would match, are not counted; a 64-chip torus's 32 links
   * inside its racks of four 2 x 2 boards show 5). */
  for (guint t = 0; by_reach != NULL && t < TF_N_REACHES; t++)
    if (by_reach[t] > 0)
      g_assert_cmpuint (lines[t], >=, 4);
}

/* A picture of the Optimize page: the window at its size, a candidate drawn in its 3D view
 * (chips in a dark box of at least a twentieth of the window) and the Pareto plot's coloured
 * points outside it. */
static void
check_optimize_picture (const char *png,
                        int         want_width,
                        int         want_height)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guchar *pixels = NULL;
  const float background[3] = { 0.11f, 0.12f, 0.14f };
  int width, height, x0 = G_MAXINT, y0 = G_MAXINT, x1 = -1, y1 = -1;
  guint64 light = 0, coloured = 0;

  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  g_assert_cmpint (ABS (width - want_width), <=, 24);
  g_assert_cmpint (ABS (height - want_height), <=, 24);
  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
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
  g_assert_cmpint ((x1 - x0) * (y1 - y0), >, width * height / 20);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guchar *px = pixels + ((gsize) y * width + x) * 4;
        int hi = MAX (px[0], MAX (px[1], px[2])), lo = MIN (px[0], MIN (px[1], px[2]));
        gboolean inside = x >= x0 && x <= x1 && y >= y0 && y <= y1;

        if (inside && px[0] > 110 && px[1] > 110 && px[2] > 110 && ABS (px[0] - px[2]) < 30)
          light++;
        else if (!inside && hi - lo > 80)
          coloured++;
      }
  g_test_message ("chips %" G_GUINT64_FORMAT " plot colour %" G_GUINT64_FORMAT, light,
                  coloured);
  g_assert_cmpuint (light, >, 100);
  g_assert_cmpuint (coloured, >, 200);
}

static void
check_picture (const char    *png,
               int            want_width,
               int            want_height,
               const guint64 *by_reach)
{
  check_picture_spread (png, want_width, want_height, by_reach, 0.1);
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
                         "--layout", c->layout ? c->layout : "physical",
                         c->chips_per_board ? "--chips-per-board" : NULL, cpb, NULL };
  g_autofree char *err = NULL;
  int status;

  status = run_app (args, &err);
  if (status != 0)
    g_printerr ("%s", err);
  g_assert_cmpint (status, ==, 0);
  /* A logical layout fills the view along its longer side. */
  check_picture_spread (png, 0, 0, by_reach, c->layout != NULL ? 0.5 : 0.1);

  g_remove (png);
  g_rmdir (dir);
}

/* A FILE argument: the picture shows that file, a generated torus whose links stay in racks. */
static void
test_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-shot-XXXXXX", NULL);
  g_autofree char *yaml = g_build_filename (dir, "torus.yaml", NULL);
  g_autofree char *png = g_build_filename (dir, "shot.png", NULL);
  const char *generate[] = { g_getenv ("TF_CLI"), "generate", "--n-chip", "64", "--scope",
                             "inter-rack", "--id", "torus:dimension_sizes=4x4x4,board_shape=1x2x2",
                             "-o", yaml, NULL };
  const char *args[] = { yaml, "--size", "1200x800", "--screenshot", png, NULL };
  g_autofree char *err = NULL;
  g_auto(TfTopology) t = { 0 };
  int status;

  g_assert_cmpint (run_in (NULL, generate, NULL, NULL), ==, 0);
  g_assert_true (tf_topology_load_file (yaml, NULL, &t, NULL));
  status = run_app (args, &err);
  if (status != 0)
    g_printerr ("%s", err);
  g_assert_cmpint (status, ==, 0);
  check_picture (png, 1200, 800, t.result.metrics.link_count_by_reach);

  g_remove (png);
  g_remove (yaml);
  g_rmdir (dir);
}

/* A FILE that does not load: the loader's line, by the file's name, and status 1. Two FILEs,
 * or a FILE and --select, cannot make one picture: status 2. */
static void
test_bad_file (void)
{
  g_autofree char *bad = tf_test_source_path ("tests", "bad", "self-loop.yaml", NULL);
  g_autofree char *expected_file = tf_test_source_path ("tests", "bad", "self-loop.expected", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { bad, "--screenshot", "/nonexistent-dir/x.png", NULL };
  const char *two[] = { bad, bad, "--screenshot", "/nonexistent-dir/x.png", NULL };
  const char *select[] = { bad, "--select", "1", "--screenshot", "/nonexistent-dir/x.png", NULL };

  g_assert_true (g_file_get_contents (expected_file, &expected, NULL, NULL));
  g_strchomp (expected);
  g_assert_cmpint (run_app (args, &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, expected));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_app (two, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--screenshot shows one FILE"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_app (select, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--select"));
}

/* Whether the app's schema is installed where GIO looks without GSETTINGS_SCHEMA_DIR. */
static gboolean
schema_installed (void)
{
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  const char *const *system = g_get_system_data_dirs ();

  g_ptr_array_add (dirs, g_build_filename (g_get_user_data_dir (), "glib-2.0", "schemas", NULL));
  for (guint i = 0; system[i] != NULL; i++)
    g_ptr_array_add (dirs, g_build_filename (system[i], "glib-2.0", "schemas", NULL));
  for (guint i = 0; i < dirs->len; i++)
    {
      g_autoptr(GSettingsSchemaSource) source = NULL;
      g_autoptr(GSettingsSchema) schema = NULL;

      source = g_settings_schema_source_new_from_directory (g_ptr_array_index (dirs, i), NULL,
                                                            FALSE, NULL);
      if (source != NULL)
        schema = g_settings_schema_source_lookup (source, APPLICATION_ID, FALSE);
      if (schema != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Lines of @text that hold @needle. */
static guint
count_lines (const char *text,
             const char *needle)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    n += strstr (lines[i], needle) != NULL;
  return n;
}

/* The README's app commands, exactly as written, run where build/ is this build tree, the
 * settings schema is not installed (no GSETTINGS_SCHEMA_DIR) and there is no display: each ends
 * well, every picture is the window at its --size with a topology drawn, and the missing
 * schema is one warning line. */
static void
test_readme (void)
{
  g_autoptr(GPtrArray) commands = tf_test_readme_commands ("\n## The app\n");
  g_autofree char *app_dir = g_path_get_dirname (g_getenv ("TF_APP"));
  g_autofree char *build = g_path_get_dirname (app_dir);
  g_autofree char *dir = g_dir_make_tmp ("topoforge-readme-XXXXXX", NULL);
  g_autofree char *link = g_build_filename (dir, "build", NULL);
  g_autofree char *data = tf_test_source_path ("data", NULL);
  g_autofree char *data_link = g_build_filename (dir, "data", NULL);
  g_autofree char *rm = NULL;
  g_auto(GStrv) env = g_environ_unsetenv (g_get_environ (), "GSETTINGS_SCHEMA_DIR");
  gboolean installed = schema_installed ();
  guint pictures = 0;

  /* No display, as on a build server: the app finds a virtual one itself. */
  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  env = g_environ_unsetenv (env, "LANGUAGE");   /* a user's shell: LANG decides */
  g_assert_cmpint (symlink (build, link), ==, 0);
  g_assert_cmpint (symlink (data, data_link), ==, 0);
  g_assert_cmpuint (commands->len, >, 0);
  for (guint c = 0; c < commands->len; c++)
    {
      const char *command = g_ptr_array_index (commands, c);
      g_auto(GStrv) words = NULL;
      g_auto(GStrv) command_env = g_strdupv (env);
      g_autoptr(GError) error = NULL;
      g_autofree char *err = NULL;
      const char *png = NULL, *size = NULL;
      gboolean optimize = FALSE;
      int status, width = 0, height = 0;
      char **argv;

      g_test_message ("%s", command);
      g_assert_true (g_shell_parse_argv (command, NULL, &words, &error));
      g_assert_no_error (error);
      /* VAR=value words before the program set its environment, as the shell does. */
      for (argv = words; *argv != NULL && strchr (*argv, '=') != NULL && **argv != '-'; argv++)
        {
          g_autofree char *name = g_strndup (*argv, strchr (*argv, '=') - *argv);

          command_env = g_environ_setenv (command_env, name, strchr (*argv, '=') + 1, TRUE);
        }
      g_assert_nonnull (argv[0]);
      g_assert_true (g_str_has_prefix (argv[0], "build/"));
      for (guint i = 1; argv[i] != NULL && argv[i + 1] != NULL; i++)
        if (strcmp (argv[i], "--screenshot") == 0)
          png = argv[i + 1];
        else if (strcmp (argv[i], "--size") == 0)
          size = argv[i + 1];
        else if (strcmp (argv[i], "--optimize") == 0 || strcmp (argv[i], "--open-run") == 0)
          optimize = TRUE;
      /* An app command without --screenshot would wait for a person. */
      if (strcmp (argv[0], "build/app/topoforge") == 0)
        g_assert_nonnull (png);

      status = run_in (dir, (const char *const *) argv, (const char *const *) command_env, &err);
      if (status != 0 || (png != NULL && count_lines (err, "is not installed") != !installed))
        g_test_message ("%s", err);
      g_assert_cmpint (status, ==, 0);
      if (png == NULL)
        continue;
      g_assert_cmpuint (count_lines (err, "is not installed"), ==, installed ? 0 : 1);
      g_assert_cmpuint (count_lines (err, "CRITICAL"), ==, 0);
      if (size != NULL)
        g_assert_cmpint (sscanf (size, "%dx%d", &width, &height), ==, 2);
      {
        g_autofree char *path = g_build_filename (dir, png, NULL);

        if (optimize)
          check_optimize_picture (path, width, height);
        else
          check_picture (path, width, height, NULL);
        g_remove (path);
      }
      pictures++;
    }
  g_assert_cmpuint (pictures, >, 0);

  /* What the commands wrote besides their pictures (an optimizer's run folder too). */
  rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* Without the schema and without options: the schema's defaults, 64 chips across racks. */
static void
test_no_schema (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-shot-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "shot.png", NULL);
  const char *argv[] = { g_getenv ("TF_APP"), "--size", "1200x800", "--screenshot", png, NULL };
  g_auto(GStrv) env = g_environ_unsetenv (g_get_environ (), "GSETTINGS_SCHEMA_DIR");
  g_autofree char *err = NULL;

  if (schema_installed ())
    {
      g_test_skip ("the schema is installed on this machine");
      g_rmdir (dir);
      return;
    }
  g_assert_cmpint (run_in (NULL, argv, (const char *const *) env, &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_cmpuint (count_lines (err, "Settings schema 'io.github.topoforge.Topoforge' is not "
                                      "installed"), ==, 1);
  check_picture (png, 1200, 800, NULL);
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
    { { "--sort", "nope", "--screenshot", "/nonexistent/x.png", NULL },
      "sort 'nope': give a column enumerate --sort takes, then :asc or :desc" },
    { { "--sort", "links:sideways", "--screenshot", "/nonexistent/x.png", NULL },
      "sort 'links:sideways': give a column" },
    { { "--sort", ":desc", "--screenshot", "/nonexistent/x.png", NULL },
      "sort ':desc': give a column" },
    { { "--status", "maybe", "--screenshot", "/nonexistent/x.png", NULL },
      "status 'maybe': give recommended or edge-case" },
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

/* LANG alone, naming a locale the system may not have generated, gives the app in Chinese from
 * the build tree (no TF_LOCALEDIR, no LANGUAGE); and a screenshot without a display and
 * without xvfb-run to find one says what to install. */
static void
test_language_and_no_display (void)
{
  const char *argv[] = { g_getenv ("TF_APP"), "--help", NULL };
  const char *shot[] = { g_getenv ("TF_APP"), "--n-chip", "8", "--scope", "intra-rack",
                         "--screenshot", "never.png", NULL };
  const char *unset[] = { "LANGUAGE", "LC_ALL", "LC_MESSAGES", "TF_LOCALEDIR" };
  g_auto(GStrv) env = g_get_environ ();
  g_auto(GStrv) bare = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  for (guint i = 0; i < G_N_ELEMENTS (unset); i++)
    env = g_environ_unsetenv (env, unset[i]);
  env = g_environ_setenv (env, "LANG", "zh_CN.UTF-8", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "用法"));
  g_assert_null (strstr (err, "Locale not supported"));

  bare = g_environ_unsetenv (g_get_environ (), "DISPLAY");
  bare = g_environ_unsetenv (bare, "WAYLAND_DISPLAY");
  bare = g_environ_setenv (bare, "PATH", "/nonexistent", TRUE);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_in (NULL, shot, (const char *const *) bare, &err), ==, 1);
  g_assert_nonnull (strstr (err, "install xvfb"));
  g_assert_false (g_file_test ("never.png", G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  /* The app, opening files, keeps its recent files in this run's own folder. */
  g_autofree char *data_home = g_dir_make_tmp ("topoforge-test-data-XXXXXX", NULL);
  g_autofree char *recent = g_build_filename (data_home, "recently-used.xbel", NULL);
  int status;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/screenshot/%s%s-n%u%s%s",
                                               cases[i].layout ? "logical/" : "",
                                               cases[i].family, cases[i].n_chip,
                                               cases[i].chips_per_board ? "-cpb" : "",
                                               cases[i].chips_per_board ? "4" : "");

      g_test_add_data_func (path, &cases[i], test_picture);
    }
  g_test_add_func ("/ui/screenshot/bad-options", test_bad_options);
  g_test_add_func ("/ui/screenshot/unwritable", test_unwritable);
  g_test_add_func ("/ui/screenshot/file", test_file);
  g_test_add_func ("/ui/screenshot/bad-file", test_bad_file);
  g_test_add_func ("/ui/screenshot/no-schema", test_no_schema);
  g_test_add_func ("/ui/screenshot/readme", test_readme);
  g_test_add_func ("/ui/screenshot/language-and-no-display", test_language_and_no_display);
  status = g_test_run ();
  g_unlink (recent);
  g_rmdir (data_home);
  return status;
}
