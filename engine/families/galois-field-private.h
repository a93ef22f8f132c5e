/* SPDX-License-Identifier: GPL-3.0-or-later */
/* galois-field-private.h: the finite field GF(q), q a prime power up to 256, which the
 * diameter-two router graphs (Slim Fly's MMS graphs, PolarFly's ER_q) are built over.
 *
 * An element is a number 0 .. q - 1, the base-p digits of its polynomial over GF(p) (q = p^m);
 * 0 and 1 are the field's zero and one. Sums come from a table, products from logarithms to the
 * base of a primitive element, found with the first primitive monic polynomial of degree m. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TF_GALOIS_FIELD_MAX 256

typedef struct
{
  guint   q, p, m;        /* q = p^m */
  guint8 *add;            /* q x q */
  guint8  neg[TF_GALOIS_FIELD_MAX];
  guint8  exp[2 * TF_GALOIS_FIELD_MAX];  /* xi^i for i < 2 (q - 1) */
  guint16 log[TF_GALOIS_FIELD_MAX];      /* of a non-zero element */
} TfGaloisField;

/* Whether @q is p^m for a prime p and m >= 1 (its p and m). */
gboolean tf_prime_power (guint q, guint *p, guint *m);
/* FALSE when @q is not a prime power from 2 to TF_GALOIS_FIELD_MAX. */
gboolean tf_galois_field_init (TfGaloisField *f, guint q);
void     tf_galois_field_clear (TfGaloisField *f);

static inline guint
tf_gf_add (const TfGaloisField *f, guint a, guint b)
{
  return f->add[a * f->q + b];
}

static inline guint
tf_gf_sub (const TfGaloisField *f, guint a, guint b)
{
  return f->add[a * f->q + f->neg[b]];
}

static inline guint
tf_gf_mul (const TfGaloisField *f, guint a, guint b)
{
  return a == 0 || b == 0 ? 0 : f->exp[f->log[a] + f->log[b]];
}

/* xi^@i for the field's primitive element xi, any i >= 0. */
static inline guint
tf_gf_power (const TfGaloisField *f, guint i)
{
  return f->exp[i % (f->q - 1)];
}

G_END_DECLS
