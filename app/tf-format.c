/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-format.c: see tf-format.h. */
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "tf-format.h"

/* The locale's separator, or a comma: the C locale groups nothing, and 20376 reads worse than
 * 20,376 (docs/spec-notes.md, "The results query in the app"). */
static const char *
thousands_separator (void)
{
  const struct lconv *conv = localeconv ();

  return conv->thousands_sep != NULL && conv->thousands_sep[0] != '\0' ? conv->thousands_sep
                                                                        : ",";
}

static const char *
decimal_point (void)
{
  const struct lconv *conv = localeconv ();

  return conv->decimal_point != NULL && conv->decimal_point[0] != '\0' ? conv->decimal_point
                                                                      : ".";
}

static void
append_grouped (GString *out,
                guint64  value)
{
  char digits[32];
  guint n = (guint) g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, value);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append (out, thousands_separator ());
      g_string_append_c (out, digits[i]);
    }
}

char *
tf_format_count (guint64 value)
{
  GString *out = g_string_new (NULL);

  append_grouped (out, value);
  return g_string_free (out, FALSE);
}

char *
tf_format_real (double value,
                guint  digits)
{
  GString *out = g_string_new (NULL);
  double scale = pow (10, MIN (digits, 6u));
  double whole, rounded;
  guint64 fraction;

  if (!isfinite (value))
    {
      g_string_append (out, isnan (value) ? "—" : value > 0 ? "∞" : "−∞");
      return g_string_free (out, FALSE);
    }
  if (value < 0)
    g_string_append (out, "−");
  rounded = round (fabs (value) * scale) / scale;
  whole = floor (rounded);
  fraction = (guint64) llround ((rounded - whole) * scale);
  append_grouped (out, whole >= (double) G_MAXUINT64 ? G_MAXUINT64 : (guint64) whole);
  if (fraction > 0)
    {
      char text[16];
      guint n = (guint) g_snprintf (text, sizeof text, "%0*" G_GUINT64_FORMAT, (int) MIN (digits, 6u),
                                    fraction);

      while (n > 0 && text[n - 1] == '0')
        text[--n] = '\0';
      g_string_append (out, decimal_point ());
      g_string_append (out, text);
    }
  return g_string_free (out, FALSE);
}

/* Appends @text with a word joiner between ideographs: CJK text may wrap between any two of
 * them, which split "12,288 条光缆" after 光. A count and its unit are one word. */
static void
append_unbroken (GString    *out,
                 const char *text)
{
  gunichar previous = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (previous != 0
          && (g_unichar_break_type (c) == G_UNICODE_BREAK_IDEOGRAPHIC
              || g_unichar_break_type (previous) == G_UNICODE_BREAK_IDEOGRAPHIC))
        g_string_append (out, "\u2060");
      g_string_append_unichar (out, c);
      previous = c == ' ' ? 0 : c;
    }
}

char *
tf_format_quantity (double      value,
                    guint       digits,
                    const char *unit)
{
  g_autofree char *number = tf_format_real (value, digits);
  g_autoptr(GString) joined = g_string_new (unit);
  GString *out = g_string_new (number);

  /* A word joiner after each slash: a narrow label wraps CJK text anywhere and may break after
   * a slash, which left "GB/" on one line and "s" on the next. */
  g_string_replace (joined, "/", "/\u2060", 0);
  g_string_append (out, "\u00a0");
  append_unbroken (out, joined->str);
  return g_string_free (out, FALSE);
}

char *
tf_format_things (guint64     n,
                  const char *singular,
                  const char *plural)
{
  g_autofree char *number = tf_format_count (n);
  /* ngettext's n is an unsigned long: big counts take the plural, which is right in every
   * language for numbers that large. */
  const char *format = ngettext (singular, plural, (unsigned long) MIN (n, G_MAXULONG));
  const char *at = strstr (format, "%s");
  GString *out = g_string_new (NULL);

  /* The one "%s" is the number; a translation without it still says something. */
  if (at == NULL)
    return g_string_free (g_string_append (out, format), FALSE);
  {
    g_autofree char *before = g_strndup (format, at - format);

    append_unbroken (out, before);
  }
  g_string_append (out, number);
  /* "64 hops" never wraps apart. */
  if (at[2] == ' ')
    {
      g_string_append (out, "\u00a0");
      at++;
    }
  append_unbroken (out, at + 2);
  return g_string_free (out, FALSE);
}

char *
tf_format_topology_markup (const char           *family,
                           const char           *params,
                           const TfNetworkGraph *g,
                           const TfMetrics      *m)
{
  g_autofree char *chips = tf_format_things (g->n_chip, "%s chip", "%s chips");
  g_autofree char *boards = tf_format_things (g->n_board, "%s board", "%s boards");
  g_autofree char *per_board = tf_format_count (g->chips_per_board);
  g_autofree char *racks = tf_format_things (g->n_rack, "%s rack", "%s racks");
  g_autofree char *pods = tf_format_things (g->n_pod, "%s pod", "%s pods");
  g_autofree char *switches = tf_format_things (m->switch_count, "%s switch", "%s switches");
  g_autofree char *links = tf_format_things (m->link_count, "%s link", "%s links");
  g_autofree char *hops = tf_format_things (m->diameter, "%s hop", "%s hops");
  g_autofree char *cut = tf_format_things (m->bisection_links, "%s link", "%s links");
  g_autofree char *bandwidth = tf_format_quantity (m->bisection_bandwidth, 0, "GB/s");
  g_autofree char *paths = tf_format_count (m->path_diversity);

  /* Translators: the panel's lines: family and parameters; "4,096 chips on 1,024 boards of
   * 4, in 2 racks and 1 pod"; switches and links; the diameter and the average path in hops;
   * the bisection in links and bandwidth; the path diversity. */
  g_autofree char *text = g_markup_printf_escaped (
      _("<b>%s</b> %s\n%s on %s of %s, in %s and %s\n"
        "%s, %s\nDiameter %s, average\u00a0%.2f\n"
        "Bisection %s, %s\nPath diversity %s"),
      family, params, chips, boards, per_board, racks, pods, switches, links, hops,
      m->average_path_length, cut, bandwidth, paths);
  g_autofree char *cost = NULL, *optical = NULL, *line = NULL;

  if (m->cost_method == TF_METHOD_NONE)
    return g_steal_pointer (&text);
  /* What it costs and how much of it is optics, as enumerate's cost and optical_cables. */
  cost = tf_format_quantity (m->network_cost, 0, C_("unit", "USD"));
  optical = tf_format_things (m->cables_by_class[TF_CABLE_OPTICAL], "%s optical cable",
                              "%s optical cables");
  /* Translators: "Cost 8,808,192 USD, 768 optical cables"; ~ marks an estimate. */
  line = g_markup_printf_escaped (_("Cost %s%s, %s"),
                                  m->cost_method == TF_METHOD_EXACT ? "" : "~", cost, optical);
  return g_strconcat (text, "\n", line, NULL);
}
