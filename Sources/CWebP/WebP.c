// The libwebp functions Parla calls, each forwarding to libwebp, which is loaded with dlopen on the first
// call (a command that shows no picture never loads it). Without the library nothing decodes (0, NULL).
#include <dlfcn.h>
#include <pthread.h>
#pragma GCC visibility push(hidden)
#include "CWebP.h"

static struct {
    __typeof__(WebPGetInfo) *get_info;
    __typeof__(WebPDecodeRGBAInto) *decode_rgba_into;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libwebp.so.7", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.get_info = dlsym(library, "WebPGetInfo");
    api.decode_rgba_into = dlsym(library, "WebPDecodeRGBAInto");
}

int WebPGetInfo(const uint8_t *data, size_t data_size, int *width, int *height) {
    pthread_once(&loaded, load);
    return api.get_info ? api.get_info(data, data_size, width, height) : 0;
}

uint8_t *WebPDecodeRGBAInto(const uint8_t *data, size_t data_size, uint8_t *output_buffer, size_t output_buffer_size, int output_stride) {
    pthread_once(&loaded, load);
    return api.decode_rgba_into ? api.decode_rgba_into(data, data_size, output_buffer, output_buffer_size, output_stride) : NULL;
}
