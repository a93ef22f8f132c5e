/* SPDX-License-Identifier: GPL-3.0-or-later */
/* galois-field.c: GF(q) for prime powers q up to 256 (galois-field-private.h). */
#include <string.h>

#include "galois-field-private.h"

gboolean
tf_prime_power (guint  q,
                guint *p,
                guint *m)
{
  guint d;

  if (q < 2)
    return FALSE;
  for (d = 2; d * d <= q && q % d != 0; d++)
    ;
  if (q % d != 0)
    d = q;
  *p = d;
  for (*m = 0; q % d == 0; q /= d)
    (*m)++;
  return q == 1;
}

/* x^(i+1) from x^i modulo the monic polynomial @poly of degree m (its lower m coefficients),
 * polynomials as m base-p digits. */
static void
times_x (guint        p,
         guint        m,
         const guint *poly,
         guint       *digits)
{
  guint top = digits[m - 1];

  for (guint k = m - 1; k > 0; k--)
    digits[k] = digits[k - 1];
  digits[0] = 0;
  for (guint k = 0; k < m; k++)
    digits[k] = (digits[k] + (p - top) * poly[k]) % p;
}

static guint
number (guint        p,
        guint        m,
        const guint *digits)
{
  guint v = 0;

  for (guint k = m; k > 0; k--)
    v = v * p + digits[k - 1];
  return v;
}

/* Fills exp and log from the first monic polynomial of degree m whose root x has order q - 1
 * (one exists: GF(q) has a primitive element). */
static void
find_primitive (TfGaloisField *f)
{
  guint poly[8], digits[8];

  for (guint code = 0; code < f->q; code++)
    {
      gboolean ok = TRUE;

      for (guint k = 0, c = code; k < f->m; k++, c /= f->p)
        poly[k] = c % f->p;
      if (poly[0] == 0)
        continue;   /* x divides it */
      memset (digits, 0, sizeof digits);
      digits[0] = 1;
      memset (f->log, 0xff, sizeof f->log);
      for (guint i = 0; i < f->q - 1 && ok; i++)
        {
          guint v = number (f->p, f->m, digits);

          ok = v != 0 && f->log[v] == 0xffff;
          f->log[v] = (guint16) i;
          f->exp[i] = (guint8) v;
          f->exp[i + f->q - 1] = (guint8) v;
          times_x (f->p, f->m, poly, digits);
        }
      if (ok)
        return;
    }
  g_assert_not_reached ();
}

gboolean
tf_galois_field_init (TfGaloisField *f,
                      guint          q)
{
  memset (f, 0, sizeof *f);
  if (q > TF_GALOIS_FIELD_MAX || !tf_prime_power (q, &f->p, &f->m))
    return FALSE;
  f->q = q;
  f->add = g_new (guint8, (gsize) q * q);
  for (guint a = 0; a < q; a++)
    for (guint b = 0; b < q; b++)
      {
        guint s = 0, scale = 1;

        for (guint x = a, y = b; x != 0 || y != 0; x /= f->p, y /= f->p, scale *= f->p)
          s += ((x % f->p + y % f->p) % f->p) * scale;
        f->add[a * q + b] = (guint8) s;
        if (s == 0)
          f->neg[a] = (guint8) b;
      }
  find_primitive (f);
  return TRUE;
}

void
tf_galois_field_clear (TfGaloisField *f)
{
  g_clear_pointer (&f->add, g_free);
}
