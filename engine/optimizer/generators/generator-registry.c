/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-registry.c: the optimizer's registered candidate generators. The list itself is
 * engine/optimizer/generators/meson.build's `generators`, one line per generator; it becomes
 * TF_GENERATOR_LIST in registered-generators.h. */
#include "generators-private.h"
#include "registered-generators.h"

#define DECLARE_GENERATOR(name) extern const TfGenerator tf_generator_##name;
#define LIST_GENERATOR(name) &tf_generator_##name,

TF_GENERATOR_LIST (DECLARE_GENERATOR)

static const TfGenerator *const registry[] = {
  TF_GENERATOR_LIST (LIST_GENERATOR)
};

guint
tf_generators_get_count (void)
{
  return G_N_ELEMENTS (registry);
}

const TfGenerator *
tf_generators_get (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (registry), NULL);
  return registry[index];
}
