// giflib's decoder, loaded with dlopen on the first GIF shown (a command that shows none never loads it).
// Only the first frame is decoded: an animation of ten thousand frames costs what its first one does.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#pragma GCC visibility push(hidden)
#include <gif_lib.h>
#include "CGIF.h"

static struct {
    __typeof__(DGifOpen) *open;
    __typeof__(DGifCloseFile) *close;
    __typeof__(DGifGetRecordType) *record_type;
    __typeof__(DGifGetImageDesc) *image_desc;
    __typeof__(DGifGetLine) *get_line;
    __typeof__(DGifGetExtension) *extension;
    __typeof__(DGifGetExtensionNext) *extension_next;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libgif.so.7", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.open = dlsym(library, "DGifOpen");
    api.close = dlsym(library, "DGifCloseFile");
    api.record_type = dlsym(library, "DGifGetRecordType");
    api.image_desc = dlsym(library, "DGifGetImageDesc");
    api.get_line = dlsym(library, "DGifGetLine");
    api.extension = dlsym(library, "DGifGetExtension");
    api.extension_next = dlsym(library, "DGifGetExtensionNext");
}

struct reader {
    const uint8_t *data;
    size_t size;
    size_t at;
};

static int readBytes(GifFileType *file, GifByteType *into, int count) {
    struct reader *reader = file->UserData;
    size_t left = reader->size - reader->at;
    size_t n = count < 0 ? 0 : (size_t)count;
    if (n > left) n = left;
    memcpy(into, reader->data + reader->at, n);
    reader->at += n;
    return (int)n;
}

static int damaged(GifFileType *file, uint8_t *canvas, uint8_t *line, const char *why, char *message, size_t messageSize) {
    if (message && messageSize > 0) snprintf(message, messageSize, "%s", why);
    free(canvas);
    free(line);
    int ignored;
    if (file) api.close(file, &ignored);
    return CGIF_DAMAGED;
}

static uint8_t greyOf(const ColorMapObject *map, int index) {
    if (!map || index < 0 || index >= map->ColorCount) return 255;
    GifColorType c = map->Colors[index];
    return (uint8_t)((c.Red * 30u + c.Green * 59u + c.Blue * 11u) / 100u);
}

int CGIF_decodeFirstFrameGray(const uint8_t *data, size_t size, uint64_t maxPixels,
                              uint8_t **pixels, int *width, int *height, char *message, size_t messageSize) {
    pthread_once(&loaded, load);
    if (!api.open || !api.close || !api.record_type || !api.image_desc || !api.get_line || !api.extension || !api.extension_next)
        return CGIF_NO_LIBRARY;
    *pixels = NULL;
    struct reader reader = {data, size, 0};
    int error = 0;
    GifFileType *file = api.open(&reader, readBytes, &error);
    if (!file) return damaged(NULL, NULL, NULL, "not a GIF", message, messageSize);
    int screenWidth = file->SWidth, screenHeight = file->SHeight;
    if (screenWidth <= 0 || screenHeight <= 0 || (uint64_t)screenWidth * (uint64_t)screenHeight > maxPixels) {
        api.close(file, &error);
        return CGIF_TOO_LARGE;
    }
    int transparent = -1;
    for (;;) {
        GifRecordType type;
        if (api.record_type(file, &type) == GIF_ERROR) return damaged(file, NULL, NULL, "cut short before its first picture", message, messageSize);
        if (type == TERMINATE_RECORD_TYPE) return damaged(file, NULL, NULL, "no picture in it", message, messageSize);
        if (type == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *block;
            if (api.extension(file, &code, &block) == GIF_ERROR) return damaged(file, NULL, NULL, "a damaged extension", message, messageSize);
            if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4 && (block[1] & 1)) transparent = block[4];
            while (block) {
                if (api.extension_next(file, &block) == GIF_ERROR) return damaged(file, NULL, NULL, "a damaged extension", message, messageSize);
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (api.image_desc(file) == GIF_ERROR) return damaged(file, NULL, NULL, "a damaged frame", message, messageSize);
        GifImageDesc frame = file->Image;
        if (frame.Width <= 0 || frame.Height <= 0 || (uint64_t)frame.Width * (uint64_t)frame.Height > maxPixels) {
            api.close(file, &error);
            return CGIF_TOO_LARGE;
        }
        const ColorMapObject *map = frame.ColorMap ? frame.ColorMap : file->SColorMap;
        uint8_t *canvas = malloc((size_t)screenWidth * (size_t)screenHeight);
        uint8_t *line = malloc((size_t)frame.Width);
        if (!canvas || !line) {
            free(canvas);
            free(line);
            api.close(file, &error);
            return CGIF_NO_MEMORY;
        }
        memset(canvas, 255, (size_t)screenWidth * (size_t)screenHeight);
        static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
        int passes = frame.Interlace ? 4 : 1;
        for (int pass = 0; pass < passes; pass++) {
            int start = frame.Interlace ? starts[pass] : 0, step = frame.Interlace ? steps[pass] : 1;
            for (int row = start; row < frame.Height; row += step) {
                if (api.get_line(file, line, frame.Width) == GIF_ERROR)
                    return damaged(file, canvas, line, "cut short in its first picture", message, messageSize);
                int y = frame.Top + row;
                if (y < 0 || y >= screenHeight) continue;
                for (int x = 0; x < frame.Width; x++) {
                    int column = frame.Left + x;
                    if (column < 0 || column >= screenWidth || line[x] == transparent) continue;
                    canvas[(size_t)y * (size_t)screenWidth + (size_t)column] = greyOf(map, line[x]);
                }
            }
        }
        free(line);
        api.close(file, &error);
        *pixels = canvas;
        *width = screenWidth;
        *height = screenHeight;
        return CGIF_OK;
    }
}
