/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pack-private.h: the binary form of candidates and checkpoints (candidate-pack.c,
 * search-checkpoint.c): native byte order, strings as a length and their bytes. */
#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

#define TF_PACK_NO_STRING G_MAXUINT32

/* Writing: appended to a GByteArray */

static inline void
tf_pack_put (GByteArray    *out,
             gconstpointer  data,
             gsize          size)
{
  g_byte_array_append (out, data, (guint) size);
}

static inline void
tf_pack_put_u32 (GByteArray *out,
                 guint32     v)
{
  tf_pack_put (out, &v, sizeof v);
}

static inline void
tf_pack_put_string (GByteArray *out,
                    const char *s)
{
  if (s == NULL)
    {
      tf_pack_put_u32 (out, TF_PACK_NO_STRING);
      return;
    }
  tf_pack_put_u32 (out, (guint32) strlen (s));
  tf_pack_put (out, s, strlen (s));
}

/* An unsigned integer in 7-bit groups, low first, the high bit saying more follow. */
static inline void
tf_pack_put_varint (GByteArray *out,
                    guint64     v)
{
  guint8 bytes[10];
  guint n = 0;

  do
    {
      bytes[n] = (guint8) (v & 0x7f);
      v >>= 7;
      if (v != 0)
        bytes[n] |= 0x80;
      n++;
    }
  while (v != 0);
  g_byte_array_append (out, bytes, n);
}

/* A signed difference, zigzag-coded (0, -1, 1, -2, ... as 0, 1, 2, 3, ...). */
static inline void
tf_pack_put_delta (GByteArray *out,
                   gint64      d)
{
  tf_pack_put_varint (out, ((guint64) d << 1) ^ (guint64) (d >> 63));
}

/* Reading, bounds checked: a short or damaged buffer sets bad and reads zeros. */

typedef struct
{
  const guint8 *data;
  gsize         size;
  gsize         pos;
  gboolean      bad;
} TfPackReader;

static inline gboolean
tf_pack_get (TfPackReader *r,
             gpointer      dest,
             gsize         size)
{
  if (r->bad || size > r->size - r->pos)
    {
      r->bad = TRUE;
      if (dest != NULL)
        memset (dest, 0, size);
      return FALSE;
    }
  if (dest != NULL)
    memcpy (dest, r->data + r->pos, size);
  r->pos += size;
  return TRUE;
}

static inline guint32
tf_pack_get_u32 (TfPackReader *r)
{
  guint32 v = 0;

  tf_pack_get (r, &v, sizeof v);
  return v;
}

static inline char *
tf_pack_get_string (TfPackReader *r)
{
  guint32 n = tf_pack_get_u32 (r);
  char *s;

  if (r->bad || n == TF_PACK_NO_STRING)
    return NULL;
  /* Cut short, with a NUL inside (the text would end there, the rest unread), or not UTF-8
   * (every string packed is, and the emitters require it). */
  if (n > r->size - r->pos || memchr (r->data + r->pos, 0, n) != NULL
      || !g_utf8_validate_len ((const char *) r->data + r->pos, n, NULL))
    {
      r->bad = TRUE;
      return NULL;
    }
  s = g_strndup ((const char *) r->data + r->pos, n);
  r->pos += n;
  return s;
}

/* An array of @n items of @size, refused before allocating when the data cannot hold it. */
static inline gpointer
tf_pack_get_array (TfPackReader *r,
                   guint64       n,
                   gsize         size)
{
  gpointer p;

  if (r->bad || n > (r->size - r->pos) / MAX (size, 1))
    {
      r->bad = TRUE;
      return NULL;
    }
  p = g_malloc (MAX (n * size, 1));
  tf_pack_get (r, p, n * size);
  return p;
}

static inline guint64
tf_pack_get_varint (TfPackReader *r)
{
  guint64 v = 0;

  for (guint shift = 0; shift < 64; shift += 7)
    {
      guint8 byte;

      if (!tf_pack_get (r, &byte, 1))
        return 0;
      v |= (guint64) (byte & 0x7f) << shift;
      if ((byte & 0x80) == 0)
        return v;
    }
  r->bad = TRUE;
  return 0;
}

static inline gint64
tf_pack_get_delta (TfPackReader *r)
{
  guint64 z = tf_pack_get_varint (r);

  return (gint64) (z >> 1) ^ -(gint64) (z & 1);
}

G_END_DECLS
