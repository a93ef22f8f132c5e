/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cost-prices.c: the cost model's price table and floor plan as written in YAML: the built-in
 * data/prices.yaml (compiled in as text by scripts/embed-text.py), which enumerate, generate and
 * metrics price with, and the cost: block of a search configuration that overrides it.
 */
#include <string.h>

#include "cost-private.h"
#include "names-private.h"
#include "yaml-reader-private.h"

#include "prices-yaml.h"

TF_STATIC_NAMES (cost_keys, "prices", "floor");
TF_STATIC_NAMES (price_keys,
  "switch", "port_gb_per_s", "nic_port", "pcb_link", "copper_link", "optical_link_fixed",
  "optical_link_per_m", "scale_up_switch",
);
TF_STATIC_NAMES (floor_keys,
  "rack_pitch_m", "row_pitch_m", "vertical_run_m", "in_rack_m", "max_copper_m",
);

#define MAX_PRICE  1e9     /* USD for one item */

static gboolean
read_switch_prices (TfYamlReader *r,
                    TfPriceSheet    *sheet)
{
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

static gboolean
read_prices (TfYamlReader *r,
             TfPriceSheet    *sheet,
             gboolean      complete)
{
  double *fields[G_N_ELEMENTS (price_keys_list)] = {
    NULL, &sheet->base.port_gbps, &sheet->base.nic_port, &sheet->base.pcb_link,
    &sheet->base.copper_link, &sheet->base.optical_link_fixed, &sheet->base.optical_link_per_m,
    &sheet->base.scale_up_switch,
  };
  TfYamlMapping m;
  const char *key;
  guint have = 0;
  guint i;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!tf_names_find (price_keys, key, &i))
        tf_yaml_unknown_key (r, &m, key, price_keys);
      else if (i == 0 ? read_switch_prices (r, sheet)
               : i == 1 ? tf_yaml_read_real_in (r, 0, TRUE, 1e9, "GB/s", fields[i])
               : tf_yaml_read_real_in (r, 0, FALSE, MAX_PRICE, "USD", fields[i]))
        have |= 1u << i;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && complete && have != (1u << price_keys.n) - 1)
    return tf_yaml_fail_missing (r, m.start, price_keys, have);
  return r->error == NULL;
}

static gboolean
read_floor (TfYamlReader *r,
            TfFloorPlan  *floor,
            gboolean      complete)
{
  /* Pitches are distances between racks: positive. Runs may be zero. */
  struct { double *value; gboolean positive; } fields[G_N_ELEMENTS (floor_keys_list)] = {
    { &floor->rack_pitch_m, TRUE }, { &floor->row_pitch_m, TRUE },
    { &floor->vertical_run_m, FALSE }, { &floor->in_rack_m, FALSE },
    { &floor->max_copper_m, FALSE },
  };
  TfYamlMapping m;
  const char *key;
  guint have = 0;
  guint i;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!tf_names_find (floor_keys, key, &i))
        tf_yaml_unknown_key (r, &m, key, floor_keys);
      else if (tf_yaml_read_real_in (r, 0, fields[i].positive, TF_PRICE_MAX_METRES, "m", fields[i].value))
        have |= 1u << i;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && complete && have != (1u << floor_keys.n) - 1)
    return tf_yaml_fail_missing (r, m.start, floor_keys, have);
  return r->error == NULL;
}

/* The cost: block, or the whole of data/prices.yaml (@complete: every key required). */
gboolean
tf_price_sheet_read (TfYamlReader *r,
                     TfPriceSheet    *sheet,
                     gboolean      complete)
{
  TfYamlMapping m;
  const char *key;
  guint have = 0;
  guint i;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!tf_names_find (cost_keys, key, &i))
        tf_yaml_unknown_key (r, &m, key, cost_keys);
      else if (i == 0 ? read_prices (r, sheet, complete)
               : read_floor (r, &sheet->floor, complete))
        have |= 1u << i;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && complete && have != 3)
    return tf_yaml_fail_missing (r, m.start, cost_keys, have);
  return r->error == NULL;
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
