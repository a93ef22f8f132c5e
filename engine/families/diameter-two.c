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
            guint          n_group)
{
  g->n_router = n_router;
  g->n_group = n_group;
  g->edges = g_array_new (FALSE, FALSE, 2 * sizeof (guint32));
  g->group = g_new0 (guint32, MAX (n_router, 1));
}

static void
add_edge (TfDiameterTwoGraph *g,
          guint32        a,
          guint32        b)
{
  guint32 e[2] = { MIN (a, b), MAX (a, b) };

  g_array_append_val (g->edges, e);
}

static gint
compare_edges (gconstpointer a,
               gconstpointer b)
{
  const guint32 *x = a, *y = b;

  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Orders the edges and indexes them by their lower end. */
static void
finish (TfDiameterTwoGraph *g)
{
  g_array_sort (g->edges, compare_edges);
  g->upper = g_new0 (guint32, g->n_router + 1);
  for (guint i = 0; i < g->edges->len; i++)
    g->upper[g_array_index (g->edges, guint32, 2 * i) + 1]++;
  for (guint r = 0; r < g->n_router; r++)
    g->upper[r + 1] += g->upper[r];
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
    g->group[r] = r / (2 * q);
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
              guint32 u = a * 2 * q + s * q + b, v = a * 2 * q + s * q + b2;

              if (u < v)
                add_edge (g, u, v);
            }
    }
  /* Between them: (0, x, y) ~ (1, m, c) when y = m x + c. */
  for (guint x = 0; x < q; x++)
    for (guint m = 0; m < q; m++)
      for (guint c = 0; c < q; c++)
        add_edge (g, x * 2 * q + tf_gf_add (&f, tf_gf_mul (&f, m, x), c), m * 2 * q + q + c);
  tf_galois_field_clear (&f);
  finish (g);
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
  g_autofree guint32 *number = NULL;
  guint32 n_quadric = 0, n_other = 0;

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
      g->group[r] = self != 0;
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
  /* Renumbered so groups are runs: the quadric first, then the other points in order, q a
   * group. */
  number = g_new (guint32, g->n_router);
  for (guint32 r = 0; r < g->n_router; r++)
    n_quadric += g->group[r] == 0;
  for (guint32 r = 0; r < g->n_router; r++)
    number[r] = g->group[r] == 0 ? r - n_other : n_quadric + n_other++;
  for (guint i = 0; i < g->edges->len; i++)
    {
      guint32 *e = &g_array_index (g->edges, guint32, 2 * i);
      guint32 a = number[e[0]], b = number[e[1]];

      e[0] = MIN (a, b);
      e[1] = MAX (a, b);
    }
  for (guint32 r = 0; r < g->n_router; r++)
    g->group[r] = r < n_quadric ? 0 : 1 + (r - n_quadric) / q;
  finish (g);
  return TRUE;
}

void
tf_diameter_two_graph_clear (TfDiameterTwoGraph *g)
{
  g_clear_pointer (&g->edges, g_array_unref);
  g_clear_pointer (&g->group, g_free);
  g_clear_pointer (&g->upper, g_free);
}

/* The graphs made so far, by kind and q; each made once under the lock and never freed or
 * changed after, so readers share them without it. */
G_LOCK_DEFINE_STATIC (made);
static TfDiameterTwoGraph *made[2][TF_GALOIS_FIELD_MAX + 1];

static const TfDiameterTwoGraph *
graph_get (guint      kind,
           guint      q,
           gboolean (*make) (guint q, TfDiameterTwoGraph *g))
{
  TfDiameterTwoGraph *g;

  if (q > TF_GALOIS_FIELD_MAX)
    return NULL;
  G_LOCK (made);
  g = made[kind][q];
  if (g == NULL)
    {
      g = g_new0 (TfDiameterTwoGraph, 1);
      if (make (q, g))
        made[kind][q] = g;
      else
        g_clear_pointer (&g, g_free);
    }
  G_UNLOCK (made);
  return g;
}

const TfDiameterTwoGraph *
tf_slim_fly_graph_get (guint q)
{
  return graph_get (0, q, tf_slim_fly_graph);
}

const TfDiameterTwoGraph *
tf_polar_fly_graph_get (guint q)
{
  return graph_get (1, q, tf_polar_fly_graph);
}
