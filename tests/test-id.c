/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-id.c: result ids round-trip, and malformed or foreign ids fail with a clear error. */
#include <string.h>

#include "test-util.h"

static void
test_round_trip (void)
{
  for (guint n = 2; n <= 128; n += 7)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      {
        TfContext ctx = tf_test_context (n, TF_SCOPE_INTER_RACK, topo);
        g_auto(TfEnumeration) e = { 0 };

        g_assert_true (tf_enumerate (&ctx, NULL, 0, 0, NULL, NULL, &e, NULL));
        for (guint f = 0; f < e.n_families; f++)
          for (guint i = 0; i < e.families[f].n_results; i++)
            {
              const TfResult *r = &e.families[f].results[i];
              g_autofree char *id = tf_result_dup_id (r);
              g_autofree char *again = NULL;
              g_autoptr(GError) error = NULL;
              TfResult back;

              g_assert_true (g_str_has_prefix (id, tf_family_get_name (r->family)));
              g_assert_true (tf_result_from_id (&ctx, id, &back, &error));
              g_assert_no_error (error);
              again = tf_result_dup_id (&back);
              g_assert_cmpstr (id, ==, again);
              g_assert_cmpmem (&back.params, sizeof back.params, &r->params, sizeof r->params);
              g_assert_cmpuint (back.chips_per_board, ==, r->chips_per_board);
              g_assert_cmpuint (back.n_warnings, ==, r->n_warnings);
            }
      }
}

static void
assert_bad_id (guint        n_chip,
               const char  *id,
               gint         code,
               const char  *fragment)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_autoptr(GError) error = NULL;
  TfResult r;

  g_assert_false (tf_result_from_id (&ctx, id, &r, &error));
  g_assert_error (error, TF_ERROR, code);
  if (strstr (error->message, fragment) == NULL)
    g_error ("'%s': message '%s' lacks '%s'", id, error->message, fragment);
}

static void
test_bad_ids (void)
{
  assert_bad_id (32, "torus", TF_ERROR_INVALID_ID, "expected family:parameters");
  assert_bad_id (32, "mesh:n_endpoint=4", TF_ERROR_UNKNOWN_FAMILY, "unknown family 'mesh'");
  assert_bad_id (32, "ring:", TF_ERROR_INVALID_ID, "'n_endpoint' is missing");
  assert_bad_id (32, "ring:n_endpoint", TF_ERROR_INVALID_ID, "not key=value");
  assert_bad_id (32, "ring:n_endpoint=x", TF_ERROR_INVALID_ID, "must be an integer");
  assert_bad_id (32, "ring:n_endpoint=-4", TF_ERROR_INVALID_ID, "must be an integer");
  assert_bad_id (32, "ring:n_endpoint=4.0", TF_ERROR_INVALID_ID, "must be an integer");
  assert_bad_id (32, "ring:n_endpoint=99999999999999999999", TF_ERROR_INVALID_ID,
                 "must be an integer");
  assert_bad_id (32, "ring:n_endpoint=4,n_endpoint=8", TF_ERROR_INVALID_ID, "appears twice");
  assert_bad_id (32, "ring:n_endpoint=4,k=2", TF_ERROR_INVALID_ID, "unknown parameter 'k'");
  assert_bad_id (32, "torus:dimension_sizes=4x8", TF_ERROR_INVALID_ID,
                 "'board_shape' is missing");
  assert_bad_id (32, "torus:dimension_sizes=4x8,board_shape=1x1x1", TF_ERROR_INVALID_ID,
                 "board_shape has 3 values");
  assert_bad_id (32, "hyperx:L=2,T=1,S=4", TF_ERROR_INVALID_ID, "S lists 1 values but L = 2");
  /* One spelling per number, and no empty list item */
  assert_bad_id (16, "ring:n_endpoint=016", TF_ERROR_INVALID_ID,
                 "n_endpoint=016: leading zeros are not allowed");
  assert_bad_id (64, "torus:dimension_sizes=08x8,board_shape=1x1", TF_ERROR_INVALID_ID,
                 "dimension_sizes=08: leading zeros are not allowed");
  assert_bad_id (64, "torus:dimension_sizes=8x8,board_shape=1x01", TF_ERROR_INVALID_ID,
                 "board_shape=01: leading zeros are not allowed");
  assert_bad_id (32, "ring:n_endpoint=00", TF_ERROR_INVALID_ID, "leading zeros");
  assert_bad_id (32, "ring:n_endpoint=0", TF_ERROR_INVALID_ID, "n_endpoint=0: must be an integer");
  assert_bad_id (32, "torus:dimension_sizes=4xx8,board_shape=1x1", TF_ERROR_INVALID_ID,
                 "dimension_sizes=4xx8: a value of the list is empty");
  assert_bad_id (32, "torus:dimension_sizes=x4,board_shape=1x1", TF_ERROR_INVALID_ID,
                 "dimension_sizes=x4: a value of the list is empty");
  assert_bad_id (32, "torus:dimension_sizes=4x8x,board_shape=1x1", TF_ERROR_INVALID_ID,
                 "dimension_sizes=4x8x: a value of the list is empty");
  assert_bad_id (32, "hyperx:L=2,T=1,S=4x,", TF_ERROR_INVALID_ID, "not key=value");
  /* Well-formed, but not legal for this n_chip */
  assert_bad_id (32, "ring:n_endpoint=5", TF_ERROR_NOT_IN_CONTEXT, "must be at least 2 and divide");
  assert_bad_id (30, "hypercube:n=5", TF_ERROR_NOT_IN_CONTEXT, "is not 2^n");
  assert_bad_id (32, "torus:dimension_sizes=8x4,board_shape=1x1", TF_ERROR_NOT_IN_CONTEXT,
                 "canonical");
  assert_bad_id (32, "torus:dimension_sizes=4x8,board_shape=4x1", TF_ERROR_NOT_IN_CONTEXT,
                 "exceeds 2");
  assert_bad_id (32, "hyperx:L=2,T=1,S=8x4", TF_ERROR_NOT_IN_CONTEXT, "canonical");
  assert_bad_id (64, "dragonfly:a=4,p=2,h=2,g=9,n_endpoint=64", TF_ERROR_NOT_IN_CONTEXT,
                 "last group empty");
  assert_bad_id (64, "dragonfly:a=4,p=2,h=1,g=8,n_endpoint=64", TF_ERROR_NOT_IN_CONTEXT,
                 "at most a h + 1");
  assert_bad_id (48, "fat-tree:layers=2,k=8,osr=1,n_endpoint=12", TF_ERROR_NOT_IN_CONTEXT,
                 "exceeds N_leaf");
  assert_bad_id (32, "dragonfly-plus:a=6,p=2,s=4,g=2,n_endpoint=16", TF_ERROR_NOT_IN_CONTEXT,
                 "must divide a");
}

/* Every message quotes the id, or a part of it, on one line: a control character shows as an
 * escape, as in the loader's messages. */
static void
test_control_characters (void)
{
  static const struct
  {
    const char *id;
    const char *shown;
  } cases[] = {
    { "ring:n_endpoint=6\n4", "'ring:n_endpoint=6\\n4': n_endpoint=6\\n4: must be an integer" },
    { "ring:n_endpoint=\t8", "n_endpoint=\\t8" },
    { "ri\rng:n_endpoint=8", "unknown family 'ri\\rng'" },
    { "ring:n_endpoint=8,k\x01=2", "unknown parameter 'k\\x01'" },
    { "ring:n_endpoint=8\x7f", "n_endpoint=8\\x7f" },
    { "torus:dimension_sizes=4x8\n,board_shape=1x1", "dimension_sizes=4x8\\n" },
    { "ring\n", "id 'ring\\n': expected family:parameters" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TfContext ctx = tf_test_context (32, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
      g_autoptr(GError) error = NULL;
      TfResult r;

      g_assert_false (tf_result_from_id (&ctx, cases[i].id, &r, &error));
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].shown) == NULL)
        g_error ("message '%s' lacks '%s'", error->message, cases[i].shown);
      for (const char *c = error->message; *c != '\0'; c++)
        g_assert_true ((guchar) *c >= 0x20 && (guchar) *c != 0x7f);
    }
}

static void
test_intra_board_errors (void)
{
  TfContext ctx = tf_test_context (24, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_TORUS);
  g_autoptr(GError) error = NULL;
  TfResult r;

  /* 24 / 4 = 6 chips per board is neither a cube nor a square. */
  g_assert_false (tf_result_from_id (&ctx, "single-switch:n_endpoint=4", &r, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INTRA_BOARD);
  g_assert_nonnull (strstr (error->message, "chips_per_board = 6"));
  g_assert_nonnull (strstr (error->message, "ring or full-mesh"));
  g_clear_error (&error);

  g_assert_false (tf_result_from_id (&ctx, "torus:dimension_sizes=4x6,board_shape=2x2", &r,
                                     &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INTRA_BOARD);
  g_assert_nonnull (strstr (error->message, "does not apply to torus"));
  g_clear_error (&error);

  /* Boards of several chips with no links inside them are legal for ring and full-mesh: the
   * lane-shifted ring and the completely joined mesh are connected. */
  ctx.intra_board_topo = TF_INTRA_BOARD_NONE;
  g_assert_true (tf_result_from_id (&ctx, "ring:n_endpoint=6", &r, &error));
  g_assert_no_error (error);
  g_assert_true (tf_result_from_id (&ctx, "full-mesh:n_endpoint=6", &r, &error));
  g_assert_no_error (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/id/round-trip", test_round_trip);
  g_test_add_func ("/engine/id/bad", test_bad_ids);
  g_test_add_func ("/engine/id/control-characters", test_control_characters);
  g_test_add_func ("/engine/id/intra-board", test_intra_board_errors);
  return g_test_run ();
}
