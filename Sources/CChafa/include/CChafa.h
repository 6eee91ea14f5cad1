// The part of chafa's API Parla calls (Debian: libchafa0, 1.12), declared here as chafa.h declares it,
// without its GLib headers (gint is int, guint32 uint32_t, gfloat float, gboolean int, gunichar uint32_t).
// The library is not linked: Chafa.c loads it the first time a picture is drawn.
#include <stddef.h>
#include <stdint.h>

typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaSymbolMap ChafaSymbolMap;

/// chafa's ChafaCanvasMode: two colours, the configured foreground on the configured background.
#define CCHAFA_CANVAS_MODE_FGBG 5
/// chafa's ChafaPixelType for unassociated RGBA, 8 bits a channel.
#define CCHAFA_PIXEL_RGBA8_UNASSOCIATED 2
/// chafa's ChafaSymbolTags: the space, the solid block, the block elements, ASCII.
#define CCHAFA_SYMBOL_TAG_SPACE (1 << 0)
#define CCHAFA_SYMBOL_TAG_SOLID (1 << 1)
#define CCHAFA_SYMBOL_TAG_BLOCK (1 << 3)
#define CCHAFA_SYMBOL_TAG_ASCII (1 << 14)

/// chafa's ChafaPixelMode: DEC sixels, kitty's graphics protocol.
#define CCHAFA_PIXEL_MODE_SIXELS 1
#define CCHAFA_PIXEL_MODE_KITTY 2

/// GLib's GString, as chafa_canvas_print returns it (freed with g_string_free).
typedef struct GString {
    char *str;
    size_t len;
    size_t allocated_len;
} GString;

/// Whether libchafa could be loaded (the other functions may only be called when it could).
int CChafa_available(void);

ChafaSymbolMap *chafa_symbol_map_new(void);
void chafa_symbol_map_unref(ChafaSymbolMap *symbol_map);
void chafa_symbol_map_add_by_tags(ChafaSymbolMap *symbol_map, int tags);
ChafaCanvasConfig *chafa_canvas_config_new(void);
void chafa_canvas_config_unref(ChafaCanvasConfig *config);
void chafa_canvas_config_set_geometry(ChafaCanvasConfig *config, int width, int height);
void chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *config, int mode);
void chafa_canvas_config_set_symbol_map(ChafaCanvasConfig *config, const ChafaSymbolMap *symbol_map);
void chafa_canvas_config_set_fg_color(ChafaCanvasConfig *config, uint32_t fg_color_packed_rgb);
void chafa_canvas_config_set_bg_color(ChafaCanvasConfig *config, uint32_t bg_color_packed_rgb);
void chafa_canvas_config_set_preprocessing_enabled(ChafaCanvasConfig *config, int preprocessing_enabled);
ChafaCanvas *chafa_canvas_new(const ChafaCanvasConfig *config);
void chafa_canvas_unref(ChafaCanvas *canvas);
void chafa_canvas_draw_all_pixels(ChafaCanvas *canvas, int src_pixel_type, const uint8_t *src_pixels, int src_width,
                                  int src_height, int src_rowstride);
uint32_t chafa_canvas_get_char_at(ChafaCanvas *canvas, int x, int y);
void chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *config, int pixel_mode);
void chafa_canvas_config_set_cell_geometry(ChafaCanvasConfig *config, int cell_width, int cell_height);
/// The canvas as the escape sequences of its pixel mode; `term_info` NULL is chafa's fallback (every mode's sequences).
GString *chafa_canvas_print(ChafaCanvas *canvas, void *term_info);
/// GLib's, through libchafa's own dependency.
char *g_string_free(GString *string, int free_segment);
void chafa_calc_canvas_geometry(int src_width, int src_height, int *dest_width_inout, int *dest_height_inout,
                                float font_ratio, int zoom, int stretch);
