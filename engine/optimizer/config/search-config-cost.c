/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config-cost.c: the price of each switch radix the hardware allows, from the price
 * sheet (cost-prices.c) the configuration's cost: block made.
 */
#include "search-config-private.h"

/* The price of each radix option, in the options' order; FALSE with the first option that has
 * none. */
gboolean
tf_config_resolve_switch_prices (const TfPriceSheet             *sheet,
                                 const TfHardwareConstraints *hw,
                                 TfPriceTable                *prices,
                                 guint                       *missing)
{
  prices->n_switch_prices = 0;
  for (guint o = 0; o < hw->n_radix_options; o++)
    {
      guint i;

      for (i = 0; i < sheet->n_switch && sheet->switch_radix[i] != hw->radix_options[o]; i++)
        ;
      if (i == sheet->n_switch)
        {
          *missing = o;
          return FALSE;
        }
      prices->switch_radix[o] = hw->radix_options[o];
      prices->switch_price[o] = sheet->switch_price[i];
      prices->n_switch_prices++;
    }
  return TRUE;
}
