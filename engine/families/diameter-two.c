/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diameter-two.c: Slim Fly's MMS graphs and PolarFly's ER_q (diameter-two-private.h). */
#include <string.h>

#include "diameter-two-private.h"
#include "galois-field-private.h"

gboolean
tf_slim_fly_delta (guint  q,
                   gint  *delta)
{
  guint p, m;

  if (q > TF_GALOIS_FIELD_MAX || !tf_prime_power (q, &p, &m) || q % 4 == 2)
    return FALSE;
  *delta = q % 4 == 3 ? -1 : (gint) (q % 4);
  return TRUE;
}

static void
graph_init (TfDiameterTwoGraph *g,
            guint          n_router,
            guint          n_rack)
{
  g->n_router = n_router;
  g->n_rack = n_rack;
  g->edges = g_array_new (FALSE, FALSE, 2 * sizeof (guint32));
  g->rack = g_new0 (guint32, MAX (n_router, 1));
}

static void
add_edge (TfDiameterTwoGraph *g,
          guint32        a,
          guint32        b)
{
  guint32 e[2] = { MIN (a, b), MAX (a, b) };

  g_array_append_val (g->edges, e);
}

/* The exponents of X (@set 0) and X' (@set 1) for q = 4w + d, as Besta and Hoefler give them:
 * d = 1: X = {1, xi^2, ..., xi^(q-3)}, X' = {xi, xi^3, ..., xi^(q-2)};
 * d = 0: X = {1, xi^2, ..., xi^(q-2)}, X' = {xi, xi^3, ..., xi^(q-1)};
 * d = -1: X = {1, xi^2, ..., xi^(2w-2), xi^(2w-1), xi^(2w+1), ..., xi^(4w-3)},
 *         X' = {xi, xi^3, ..., xi^(2w-1), xi^(2w), xi^(2w+2), ..., xi^(4w-2)}. */
static guint
generator_exponents (guint  q,
                     gint   delta,
                     guint  set,
                     guint *out)
{
  guint n = 0, w = (guint) ((gint) q - delta) / 4;

  if (delta >= 0)
    {
      guint last = delta == 1 ? q - 3 + set : q - 2 + set;

      for (guint e = set; e <= last; e += 2)
        out[n++] = e;
      return n;
    }
  if (set == 0)
    {
      for (guint e = 0; e <= 2 * w - 2; e += 2)
        out[n++] = e;
      for (guint e = 2 * w - 1; e <= 4 * w - 3; e += 2)
        out[n++] = e;
    }
  else
    {
      for (guint e = 1; e <= 2 * w - 1; e += 2)
        out[n++] = e;
      for (guint e = 2 * w; e <= 4 * w - 2; e += 2)
        out[n++] = e;
    }
  return n;
}

gboolean
tf_slim_fly_graph (guint          q,
                   TfDiameterTwoGraph *g)
{
  TfGaloisField f;
  guint exps[TF_GALOIS_FIELD_MAX];
  gint delta;

  memset (g, 0, sizeof *g);
  if (!tf_slim_fly_delta (q, &delta) || !tf_galois_field_init (&f, q))
    return FALSE;
  graph_init (g, 2 * q * q, q);
  for (guint r = 0; r < g->n_router; r++)
    g->rack[r] = (r / q) % q;
  /* Inside each subgraph: b ~ b + x for x in its set; the sets are closed under negation, so
   * each link is met from both ends and kept from its lower one. */
  for (guint s = 0; s < 2; s++)
    {
      guint n = generator_exponents (q, delta, s, exps);

      g_assert_cmpuint (n, ==, (guint) ((gint) q - delta) / 2);
      for (guint a = 0; a < q; a++)
        for (guint b = 0; b < q; b++)
          for (guint k = 0; k < n; k++)
            {
              guint b2 = tf_gf_add (&f, b, tf_gf_power (&f, exps[k]));
              guint32 u = s * q * q + a * q + b, v = s * q * q + a * q + b2;

              if (u < v)
                add_edge (g, u, v);
            }
    }
  /* Between them: (0, x, y) ~ (1, m, c) when y = m x + c. */
  for (guint x = 0; x < q; x++)
    for (guint m = 0; m < q; m++)
      for (guint c = 0; c < q; c++)
        add_edge (g, x * q + tf_gf_add (&f, tf_gf_mul (&f, m, x), c), q * q + m * q + c);
  tf_galois_field_clear (&f);
  return TRUE;
}

/* The number of the point (1, a, b), (0, 1, b) or (0, 0, 1) a non-zero vector stands for. */
static guint32
point_number (const TfGaloisField *f,
              const guint          v[3])
{
  guint q = f->q;

  if (v[0] != 0)
    {
      guint inv = f->exp[f->q - 1 - f->log[v[0]]];

      return tf_gf_mul (f, v[1], inv) * q + tf_gf_mul (f, v[2], inv);
    }
  if (v[1] != 0)
    return q * q + tf_gf_mul (f, v[2], f->exp[f->q - 1 - f->log[v[1]]]);
  return q * q + q;
}

gboolean
tf_polar_fly_graph (guint          q,
                    TfDiameterTwoGraph *g)
{
  TfGaloisField f;
  guint32 next_rack = 1, in_rack = 0;

  memset (g, 0, sizeof *g);
  if (!tf_galois_field_init (&f, q))
    return FALSE;
  graph_init (g, q * q + q + 1, q + 1);
  for (guint32 r = 0; r < g->n_router; r++)
    {
      guint u[3] = { r < q * q, r < q * q ? r / q : r < q * q + q, r < q * q ? r % q : r - q * q };
      guint self;

      if (r == q * q + q)
        u[2] = 1;
      self = tf_gf_add (&f, tf_gf_add (&f, tf_gf_mul (&f, u[0], u[0]), tf_gf_mul (&f, u[1], u[1])),
                        tf_gf_mul (&f, u[2], u[2]));
      if (self != 0)
        {
          g->rack[r] = next_rack;
          if (++in_rack == q)
            next_rack++, in_rack = 0;
        }
      /* The q + 1 points of u's polar line u . v = 0: solved for v's last non-zero
       * coefficient of u. */
      for (guint t = 0; t <= q; t++)
        {
          guint v[3];

          if (u[2] != 0)
            {
              /* v = (1, t, -(u0 + u1 t) / u2) for t < q, and (0, 1, -u1 / u2). */
              guint inv = f.exp[q - 1 - f.log[u[2]]];

              v[0] = t < q;
              v[1] = t < q ? t : 1;
              v[2] = tf_gf_mul (&f, f.neg[tf_gf_add (&f, tf_gf_mul (&f, u[0], v[0]),
                                                    tf_gf_mul (&f, u[1], v[1]))], inv);
            }
          else if (u[1] != 0)
            {
              /* v = (1, -u0 / u1, t) for t < q, and (0, 0, 1). */
              v[0] = t < q;
              v[1] = t < q ? tf_gf_mul (&f, f.neg[u[0]], f.exp[q - 1 - f.log[u[1]]]) : 0;
              v[2] = t < q ? t : 1;
            }
          else
            {
              /* u = (1, 0, 0): v = (0, 1, t) for t < q, and (0, 0, 1). */
              v[0] = 0;
              v[1] = t < q;
              v[2] = t < q ? t : 1;
            }
          if (point_number (&f, v) > r)
            add_edge (g, r, point_number (&f, v));
        }
    }
  tf_galois_field_clear (&f);
  return TRUE;
}

void
tf_diameter_two_graph_clear (TfDiameterTwoGraph *g)
{
  g_clear_pointer (&g->edges, g_array_unref);
  g_clear_pointer (&g->rack, g_free);
}
