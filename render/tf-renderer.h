/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-renderer.h: draws a TfScene with OpenGL 3.3 core. Every call needs the GL context current
 * (GtkGLArea's realize, render and unrealize). Shaders come from the app's GResource. */
#pragma once

#include "tf-camera.h"
#include "tf-scene.h"

G_BEGIN_DECLS

typedef struct _TfRenderer TfRenderer;

TfRenderer *tf_renderer_new (GError **error);
void        tf_renderer_free (TfRenderer *renderer);
/* Uploads the scene's instance and line buffers, and clears the highlight. */
void        tf_renderer_set_scene (TfRenderer *renderer, const TfScene *scene);
/* The same without what @filter (NULL: nothing) hides. */
void        tf_renderer_set_scene_filtered (TfRenderer *renderer, const TfScene *scene,
                                            const TfSceneFilter *filter);
/* Dims the scene and draws @boxes (TfSceneBox) and @vertices (TfSceneVertex lines) over it, as
 * tf_scene_highlight gives them; NULL for both ends the highlight. */
void        tf_renderer_set_highlight (TfRenderer *renderer, const GArray *boxes,
                                       const GArray *vertices);
/* Outlines one box (the hovered or selected element), or nothing with NULL. */
void        tf_renderer_set_mark (TfRenderer *renderer, const TfSceneBox *box);
/* FALSE when GL reported an error. */
gboolean    tf_renderer_draw (TfRenderer *renderer, const TfCamera *camera, int width,
                              int height, const float background[4]);

G_END_DECLS
