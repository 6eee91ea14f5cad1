// The Tesseract functions Parla calls, each forwarding to libtesseract, which is loaded with dlopen on the
// first call (a command that recognises no text never loads it and its C++ dependencies). Without the
// library no recogniser is created (NULL), which Parla reports as "recognition is not installed"; the
// other functions are only ever called on a recogniser that was created.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#pragma GCC visibility push(hidden)
#include "CTesseract.h"

static struct {
    __typeof__(TessBaseAPICreate) *create;
    __typeof__(TessBaseAPIDelete) *delete_;
    __typeof__(TessBaseAPISetVariable) *set_variable;
    __typeof__(TessBaseAPIInit3) *init3;
    __typeof__(TessBaseAPISetPageSegMode) *set_page_seg_mode;
    __typeof__(TessBaseAPISetImage) *set_image;
    __typeof__(TessBaseAPISetSourceResolution) *set_source_resolution;
    __typeof__(TessBaseAPIGetUTF8Text) *get_utf8_text;
    __typeof__(TessDeleteText) *delete_text;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libtesseract.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.create = dlsym(library, "TessBaseAPICreate");
    api.delete_ = dlsym(library, "TessBaseAPIDelete");
    api.set_variable = dlsym(library, "TessBaseAPISetVariable");
    api.init3 = dlsym(library, "TessBaseAPIInit3");
    api.set_page_seg_mode = dlsym(library, "TessBaseAPISetPageSegMode");
    api.set_image = dlsym(library, "TessBaseAPISetImage");
    api.set_source_resolution = dlsym(library, "TessBaseAPISetSourceResolution");
    api.get_utf8_text = dlsym(library, "TessBaseAPIGetUTF8Text");
    api.delete_text = dlsym(library, "TessDeleteText");
}

TessBaseAPI *TessBaseAPICreate(void) {
    pthread_once(&loaded, load);
    if (!api.create || !api.delete_ || !api.set_variable || !api.init3 || !api.set_page_seg_mode || !api.set_image
        || !api.set_source_resolution || !api.get_utf8_text || !api.delete_text) return NULL;
    return api.create();
}

void TessBaseAPIDelete(TessBaseAPI *handle) { api.delete_(handle); }

BOOL TessBaseAPISetVariable(TessBaseAPI *handle, const char *name, const char *value) {
    return api.set_variable(handle, name, value);
}

int TessBaseAPIInit3(TessBaseAPI *handle, const char *datapath, const char *language) {
    return api.init3(handle, datapath, language);
}

void TessBaseAPISetPageSegMode(TessBaseAPI *handle, TessPageSegMode mode) { api.set_page_seg_mode(handle, mode); }

void TessBaseAPISetImage(TessBaseAPI *handle, const unsigned char *imagedata, int width, int height, int bytes_per_pixel,
                         int bytes_per_line) {
    api.set_image(handle, imagedata, width, height, bytes_per_pixel, bytes_per_line);
}

void TessBaseAPISetSourceResolution(TessBaseAPI *handle, int ppi) { api.set_source_resolution(handle, ppi); }

char *TessBaseAPIGetUTF8Text(TessBaseAPI *handle) { return api.get_utf8_text(handle); }

void TessDeleteText(const char *text) { api.delete_text(text); }
