/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cost-prices.c: the cost model's price table and floor plan as written in YAML: the built-in
 * data/prices.yaml (compiled in as text by scripts/embed-text.py), which enumerate, generate and
 * metrics price with, and the cost: block of a search configuration that overrides it.
 */
#include <string.h>

#include "cost-private.h"
#include "yaml-reader-private.h"

#include "prices-yaml.h"

#define MAX_PRICE  1e9     /* USD for one item */

/* prices.switch: {radix: USD}, merged into the sheet's switches. */
static gboolean
read_switch_prices (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  TfPriceSheet *sheet = at->field;
  TfYamlMapping m;
  const char *key;
  guint n_here = 0;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      guint64 radix;
      double price;
      guint i;

      if (strspn (key, "0123456789") != strlen (key)
          || !g_ascii_string_to_unsigned (key, 10, 2, TF_PRICE_MAX_RADIX, &radix, NULL))
        {
          tf_yaml_reader_fail_at (r, m.key_mark, "'%s' is not a switch radix: keys here are "
                                  "radixes, whole numbers from 2 to %u", key, TF_PRICE_MAX_RADIX);
          break;
        }
      if (++n_here > TF_PRICE_MAX_SWITCHES)
        {
          tf_yaml_reader_fail_at (r, m.key_mark, "more than %u switch prices",
                                  TF_PRICE_MAX_SWITCHES);
          break;
        }
      if (!tf_yaml_read_real_in (r, 0, FALSE, MAX_PRICE, "USD", &price))
        break;
      for (i = 0; i < sheet->n_switch && sheet->switch_radix[i] != (guint) radix; i++)
        ;
      if (i == sheet->n_switch)
        {
          /* Built in at most 8, the file's at most 8: there is room. */
          g_assert (sheet->n_switch < TF_PRICE_SHEET_MAX_SWITCHES);
          sheet->switch_radix[sheet->n_switch++] = (guint) radix;
        }
      sheet->switch_price[i] = price;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && n_here == 0)
    return tf_yaml_reader_fail_at (r, m.start, "names no switch price");
  return r->error == NULL;
}

#define PRICE(key, field) \
  TF_YAML_KEY_REAL_IN (key, TfPriceSheet, base.field, 0, FALSE, MAX_PRICE, "USD")

static const TfYamlKey price_keys[] = {
  TF_YAML_KEY_CALL ("switch", read_switch_prices),
  TF_YAML_KEY_REAL_IN ("port_gb_per_s", TfPriceSheet, base.port_gbps, 0, TRUE, 1e9, "GB/s"),
  PRICE ("nic_port", nic_port),
  PRICE ("pcb_link", pcb_link),
  PRICE ("copper_link", copper_link),
  PRICE ("optical_link_fixed", optical_link_fixed),
  PRICE ("optical_link_per_m", optical_link_per_m),
  PRICE ("scale_up_switch", scale_up_switch),
};

#undef PRICE

/* Pitches are distances between racks: positive. Runs may be zero. */
static const TfYamlKey floor_keys[] = {
  TF_YAML_KEY_REAL_IN ("rack_pitch_m", TfPriceSheet, floor.rack_pitch_m, 0, TRUE,
                       TF_PRICE_MAX_METRES, "m"),
  TF_YAML_KEY_REAL_IN ("row_pitch_m", TfPriceSheet, floor.row_pitch_m, 0, TRUE,
                       TF_PRICE_MAX_METRES, "m"),
  TF_YAML_KEY_REAL_IN ("vertical_run_m", TfPriceSheet, floor.vertical_run_m, 0, FALSE,
                       TF_PRICE_MAX_METRES, "m"),
  TF_YAML_KEY_REAL_IN ("in_rack_m", TfPriceSheet, floor.in_rack_m, 0, FALSE,
                       TF_PRICE_MAX_METRES, "m"),
  TF_YAML_KEY_REAL_IN ("max_copper_m", TfPriceSheet, floor.max_copper_m, 0, FALSE,
                       TF_PRICE_MAX_METRES, "m"),
};

/* A block of @keys into the sheet, every key of it required when *@at->data (complete). */
static gboolean
read_block (TfYamlReader      *r,
            const TfYamlKeyAt *at,
            const TfYamlKey   *keys,
            guint              n_keys)
{
  const gboolean *complete = at->data;
  guint64 have;
  TfMark start;

  if (!tf_yaml_read_keys (r, keys, n_keys, at->field, at->data, NULL, &have, &start))
    return FALSE;
  if (*complete && have != (G_GUINT64_CONSTANT (1) << n_keys) - 1)
    return tf_yaml_keys_fail_missing (r, start, keys, n_keys, have);
  return TRUE;
}

static gboolean
read_prices (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  return read_block (r, at, price_keys, G_N_ELEMENTS (price_keys));
}

static gboolean
read_floor (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  return read_block (r, at, floor_keys, G_N_ELEMENTS (floor_keys));
}

static const TfYamlKey cost_keys[] = {
  TF_YAML_KEY_CALL ("prices", read_prices),
  TF_YAML_KEY_CALL ("floor", read_floor),
};

/* The cost: block, or the whole of data/prices.yaml (@complete: every key required). */
gboolean
tf_price_sheet_read (TfYamlReader *r,
                     TfPriceSheet *sheet,
                     gboolean      complete)
{
  TfYamlKeyAt at = { .field = sheet, .data = &complete };

  return read_block (r, &at, cost_keys, G_N_ELEMENTS (cost_keys));
}

void
tf_price_sheet_builtin (TfPriceSheet *sheet)
{
  TfYamlReader r;

  memset (sheet, 0, sizeof *sheet);
  if (!tf_yaml_reader_init (&r, "data/prices.yaml", (const guchar *) tf_prices_yaml,
                            sizeof tf_prices_yaml - 1)
      || !tf_yaml_reader_begin_document (&r) || !tf_price_sheet_read (&r, sheet, TRUE)
      || !tf_yaml_reader_end_document (&r))
    tf_yaml_builtin_failed ("data/prices.yaml", r.error);
  tf_yaml_reader_clear (&r);
}

void
tf_cost_model_builtin (TfCostModel *out)
{
  TfPriceSheet sheet;

  tf_price_sheet_builtin (&sheet);
  out->prices = sheet.base;
  out->prices.n_switch_prices = MIN (sheet.n_switch, TF_PRICE_MAX_SWITCHES);
  for (guint i = 0; i < out->prices.n_switch_prices; i++)
    {
      out->prices.switch_radix[i] = sheet.switch_radix[i];
      out->prices.switch_price[i] = sheet.switch_price[i];
    }
  out->floor = sheet.floor;
  out->port_gbps = 0;   /* enumerate prices at the table's own port speed */
}
