/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-diameter-two.c: GF(q) and the router graphs of Slim Fly (MMS) and PolarFly (ER_q),
 * against the fields' axioms, the published router counts and degrees, and a search from every
 * router for diameter 2. */
#include "diameter-two-private.h"
#include "galois-field-private.h"

#include "test-util.h"

/* Every prime power up to 256 is a field: + and x associative, commutative, distributive, with
 * inverses; no other number is accepted. */
static void
test_galois_fields (void)
{
  guint n_fields = 0;

  for (guint q = 0; q <= TF_GALOIS_FIELD_MAX + 1; q++)
    {
      TfGaloisField f;
      guint p, m;

      if (!tf_galois_field_init (&f, q))
        {
          g_assert_false (q >= 2 && q <= TF_GALOIS_FIELD_MAX && tf_prime_power (q, &p, &m));
          continue;
        }
      n_fields++;
      for (guint a = 0; a < q; a++)
        {
          gboolean has_inverse = a == 0;

          g_assert_cmpuint (tf_gf_add (&f, a, 0), ==, a);
          g_assert_cmpuint (tf_gf_mul (&f, a, 1), ==, a);
          g_assert_cmpuint (tf_gf_add (&f, a, f.neg[a]), ==, 0);
          for (guint b = 0; b < q; b++)
            {
              g_assert_cmpuint (tf_gf_add (&f, a, b), ==, tf_gf_add (&f, b, a));
              g_assert_cmpuint (tf_gf_mul (&f, a, b), ==, tf_gf_mul (&f, b, a));
              has_inverse |= tf_gf_mul (&f, a, b) == 1;
              /* Three-way laws on a sample of c, all of them for small fields. */
              for (guint c = 0; c < q; c += q <= 32 ? 1 : 7)
                {
                  g_assert_cmpuint (tf_gf_add (&f, tf_gf_add (&f, a, b), c), ==,
                                    tf_gf_add (&f, a, tf_gf_add (&f, b, c)));
                  g_assert_cmpuint (tf_gf_mul (&f, tf_gf_mul (&f, a, b), c), ==,
                                    tf_gf_mul (&f, a, tf_gf_mul (&f, b, c)));
                  g_assert_cmpuint (tf_gf_mul (&f, a, tf_gf_add (&f, b, c)), ==,
                                    tf_gf_add (&f, tf_gf_mul (&f, a, b), tf_gf_mul (&f, a, c)));
                }
            }
          g_assert_true (has_inverse);
        }
      tf_galois_field_clear (&f);
    }
  /* 54 primes and 16 higher prime powers up to 256. */
  g_assert_cmpuint (n_fields, ==, 70);
}

/* Degrees, and the largest distance between two routers by a search from each. */
static void
measure (const TfDiameterTwoGraph *g,
         guint               *degree_min,
         guint               *degree_max,
         guint               *diameter)
{
  g_autofree guint *degree = g_new0 (guint, g->n_router);
  g_autofree guint *offset = g_new0 (guint, g->n_router + 1);
  g_autofree guint32 *target = g_new (guint32, 2 * g->edges->len);
  g_autofree guint *dist = g_new (guint, g->n_router);
  g_autofree guint32 *queue = g_new (guint32, g->n_router);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64 *keys = g_new (gint64, g->edges->len);

  for (guint i = 0; i < g->edges->len; i++)
    {
      const guint32 *e = &g_array_index (g->edges, guint32, 2 * i);

      g_assert_cmpuint (e[0], <, e[1]);
      g_assert_cmpuint (e[1], <, g->n_router);
      keys[i] = (gint64) e[0] * g->n_router + e[1];
      g_assert_true (g_hash_table_add (seen, &keys[i]));   /* each link once */
      degree[e[0]]++;
      degree[e[1]]++;
    }
  *degree_min = G_MAXUINT;
  *degree_max = 0;
  for (guint r = 0; r < g->n_router; r++)
    {
      *degree_min = MIN (*degree_min, degree[r]);
      *degree_max = MAX (*degree_max, degree[r]);
      offset[r + 1] = offset[r] + degree[r];
    }
  memset (degree, 0, g->n_router * sizeof (guint));
  for (guint i = 0; i < g->edges->len; i++)
    {
      const guint32 *e = &g_array_index (g->edges, guint32, 2 * i);

      target[offset[e[0]] + degree[e[0]]++] = e[1];
      target[offset[e[1]] + degree[e[1]]++] = e[0];
    }
  *diameter = 0;
  for (guint s = 0; s < g->n_router; s++)
    {
      guint head = 0, tail = 0;

      for (guint r = 0; r < g->n_router; r++)
        dist[r] = G_MAXUINT;
      dist[s] = 0;
      queue[tail++] = s;
      while (head < tail)
        {
          guint32 u = queue[head++];

          for (guint k = offset[u]; k < offset[u + 1]; k++)
            if (dist[target[k]] == G_MAXUINT)
              {
                dist[target[k]] = dist[u] + 1;
                queue[tail++] = target[k];
              }
        }
      g_assert_cmpuint (tail, ==, g->n_router);   /* connected */
      *diameter = MAX (*diameter, dist[queue[tail - 1]]);
    }
}

/* The published (routers, network degree) of Slim Fly (Besta and Hoefler, table 2) and every
 * MMS graph up to q = 32: 2 q^2 routers of degree (3 q - d) / 2, diameter 2, groups of 2 q. */
static void
test_slim_fly (void)
{
  static const guint published[][3] = { { 5, 50, 7 }, { 7, 98, 11 }, { 9, 162, 13 },
                                        { 11, 242, 17 } };
  guint n_graphs = 0;

  for (guint i = 0; i < G_N_ELEMENTS (published); i++)
    {
      TfDiameterTwoGraph g;
      guint lo, hi, diameter;

      g_assert_true (tf_slim_fly_graph (published[i][0], &g));
      measure (&g, &lo, &hi, &diameter);
      g_assert_cmpuint (g.n_router, ==, published[i][1]);
      g_assert_cmpuint (lo, ==, published[i][2]);
      g_assert_cmpuint (hi, ==, published[i][2]);
      tf_diameter_two_graph_clear (&g);
    }
  for (guint q = 0; q <= 32; q++)
    {
      TfDiameterTwoGraph g;
      guint lo, hi, diameter, per_group[32] = { 0 };
      gint delta;

      if (!tf_slim_fly_graph (q, &g))
        {
          g_assert_false (tf_slim_fly_delta (q, &delta));
          continue;
        }
      g_assert_true (tf_slim_fly_delta (q, &delta));
      n_graphs++;
      measure (&g, &lo, &hi, &diameter);
      g_assert_cmpuint (g.n_router, ==, 2 * q * q);
      g_assert_cmpint (lo, ==, (3 * (gint) q - delta) / 2);
      g_assert_cmpint (hi, ==, (3 * (gint) q - delta) / 2);
      g_assert_cmpuint (diameter, ==, 2);
      g_assert_cmpuint (g.n_group, ==, q);
      for (guint r = 0; r < g.n_router; r++)
        {
          per_group[g.group[r]]++;
          g_assert_cmpuint (g.group[r], ==, r / (2 * q));
        }
      for (guint k = 0; k < q; k++)
        g_assert_cmpuint (per_group[k], ==, 2 * q);
      tf_diameter_two_graph_clear (&g);
    }
  /* 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32 (2 is 4 - 2). */
  g_assert_cmpuint (n_graphs, ==, 17);
}

/* PolarFly's published (57, 8) (91, 10) (133, 12) and every ER_q up to q = 32: q^2 + q + 1
 * routers, q + 1 of degree q (the quadric, group 0), the rest q + 1, diameter 2. */
static void
test_polar_fly (void)
{
  static const guint published[][3] = { { 7, 57, 8 }, { 9, 91, 10 }, { 11, 133, 12 } };

  for (guint i = 0; i < G_N_ELEMENTS (published); i++)
    {
      TfDiameterTwoGraph g;
      guint lo, hi, diameter;

      g_assert_true (tf_polar_fly_graph (published[i][0], &g));
      measure (&g, &lo, &hi, &diameter);
      g_assert_cmpuint (g.n_router, ==, published[i][1]);
      g_assert_cmpuint (hi, ==, published[i][2]);
      tf_diameter_two_graph_clear (&g);
    }
  for (guint q = 2; q <= 32; q++)
    {
      TfDiameterTwoGraph g;
      guint lo, hi, diameter, p, m, quadric = 0;
      g_autofree guint *degree = NULL;
      g_autofree guint *per_group = NULL;

      if (!tf_polar_fly_graph (q, &g))
        {
          g_assert_false (tf_prime_power (q, &p, &m));
          continue;
        }
      measure (&g, &lo, &hi, &diameter);
      g_assert_cmpuint (g.n_router, ==, q * q + q + 1);
      g_assert_cmpuint (lo, ==, q);
      g_assert_cmpuint (hi, ==, q + 1);
      g_assert_cmpuint (diameter, ==, 2);
      degree = g_new0 (guint, g.n_router);
      per_group = g_new0 (guint, g.n_group);
      for (guint i = 0; i < g.edges->len; i++)
        {
          degree[g_array_index (g.edges, guint32, 2 * i)]++;
          degree[g_array_index (g.edges, guint32, 2 * i + 1)]++;
        }
      for (guint r = 0; r < g.n_router; r++)
        {
          quadric += degree[r] == q;
          g_assert_cmpuint (g.group[r] == 0, ==, degree[r] == q);
          g_assert_cmpuint (g.group[r], ==, r <= q ? 0 : 1 + (r - q - 1) / q);
          per_group[g.group[r]]++;
        }
      g_assert_cmpuint (quadric, ==, q + 1);
      for (guint k = 1; k < g.n_group; k++)
        g_assert_cmpuint (per_group[k], ==, q);
      tf_diameter_two_graph_clear (&g);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/families/galois-field/axioms", test_galois_fields);
  g_test_add_func ("/families/diameter-two/slim-fly", test_slim_fly);
  g_test_add_func ("/families/diameter-two/polar-fly", test_polar_fly);
  return g_test_run ();
}
