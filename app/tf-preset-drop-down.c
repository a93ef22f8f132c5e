/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-preset-drop-down.c: a drop-down of presets (a chip, a rack's cooling) and Custom, as the
 * context form and the search form show them. */
#include <glib/gi18n.h>

#include "tf-preset-drop-down.h"

/* A chip's name without a closing parenthesis: "NVIDIA B200 (HGX)" is "NVIDIA B200". */
static char *
dup_short_name (const char *name)
{
  static const char *const parens[][2] = { { "(", ")" }, { "\uff08", "\uff09" } };
  g_autofree char *text = g_strstrip (g_strdup (name));

  for (guint i = 0; i < G_N_ELEMENTS (parens); i++)
    {
      char *open = g_strrstr (text, parens[i][0]);

      if (open != NULL && open > text && g_str_has_suffix (text, parens[i][1]))
        {
          *open = '\0';
          return g_strdup (g_strchomp (text));
        }
    }
  return g_steal_pointer (&text);
}

/* A preset drop-down's button shows the chosen preset's short name, the whole name in its
 * tooltip. Every short name is a page of one stack, so that the button is as wide as the widest
 * of them whichever is chosen: the form neither jumps nor cuts a name short. */
static void
setup_preset_button (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     GtkDropDown              *drop_down)
{
  GListModel *names = gtk_drop_down_get_model (drop_down);
  GtkWidget *stack = gtk_stack_new ();

  for (guint i = 0; names != NULL && i < g_list_model_get_n_items (names); i++)
    {
      g_autoptr(GtkStringObject) name = g_list_model_get_item (names, i);
      g_autofree char *short_name = dup_short_name (gtk_string_object_get_string (name));
      GtkWidget *label = gtk_label_new (short_name);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_stack_add_child (GTK_STACK (stack), label);
    }
  gtk_list_item_set_child (item, stack);
}

static void
bind_preset_button (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    GtkDropDown              *drop_down)
{
  GtkWidget *stack = gtk_list_item_get_child (item);
  GtkWidget *page = gtk_widget_get_first_child (stack);

  for (guint i = 0; page != NULL && i < gtk_list_item_get_position (item); i++)
    page = gtk_widget_get_next_sibling (page);
  if (page != NULL)
    gtk_stack_set_visible_child (GTK_STACK (stack), page);
}

/* The list shows the whole names, with a check mark on the chosen one as GtkDropDown's own
 * items have. */
static void
setup_preset_row (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  GtkDropDown              *drop_down)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = g_object_new (GTK_TYPE_IMAGE, "icon-name", "object-select-symbolic",
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
}

static void
sync_preset_check (GtkDropDown *drop_down,
                   GParamSpec  *pspec,
                   GtkListItem *item)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (check, gtk_drop_down_get_selected (drop_down)
                                 == gtk_list_item_get_position (item));
}

static void
bind_preset_row (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 GtkDropDown              *drop_down)
{
  GtkWidget *box = gtk_list_item_get_child (item);

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
  g_signal_connect (drop_down, "notify::selected", G_CALLBACK (sync_preset_check), item);
  sync_preset_check (drop_down, NULL, item);
}

static void
unbind_preset_row (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   GtkDropDown              *drop_down)
{
  g_signal_handlers_disconnect_by_func (drop_down, sync_preset_check, item);
}

void
tf_preset_drop_down_build (GtkDropDown       *drop_down,
                           const char *const *names)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (names);
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list = gtk_signal_list_item_factory_new ();

  gtk_string_list_append (model, C_("preset", "Custom"));
  g_signal_connect (button, "setup", G_CALLBACK (setup_preset_button), drop_down);
  g_signal_connect (button, "bind", G_CALLBACK (bind_preset_button), drop_down);
  g_signal_connect (list, "setup", G_CALLBACK (setup_preset_row), drop_down);
  g_signal_connect (list, "bind", G_CALLBACK (bind_preset_row), drop_down);
  g_signal_connect (list, "unbind", G_CALLBACK (unbind_preset_row), drop_down);
  gtk_drop_down_set_model (drop_down, G_LIST_MODEL (model));
  gtk_drop_down_set_factory (drop_down, button);
  gtk_drop_down_set_list_factory (drop_down, list);
}

void
tf_preset_drop_down_sync_tooltip (GtkDropDown *drop_down)
{
  GtkStringObject *chosen = gtk_drop_down_get_selected_item (drop_down);

  gtk_widget_set_tooltip_text (GTK_WIDGET (drop_down),
                               chosen ? gtk_string_object_get_string (chosen) : NULL);
}

