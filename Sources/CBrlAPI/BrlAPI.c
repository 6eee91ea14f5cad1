// The BrlAPI functions Parla calls, each forwarding to libbrlapi, which is loaded with dlopen on the first
// call: Parla runs where BRLTTY is not installed, and a command that writes no braille never loads it.
// Without the library no connection is made (an invalid descriptor, with BRLAPI_ERROR_LIBCERR/ENOENT in
// brlapi_error); the other functions are only ever called on a connection that was made.
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#pragma GCC visibility push(hidden)
#include "CBrlAPI.h"

static struct {
    __typeof__(brlapi_getHandleSize) *getHandleSize;
    __typeof__(brlapi__openConnection) *openConnection;
    __typeof__(brlapi__closeConnection) *closeConnection;
    __typeof__(brlapi__setExceptionHandler) *setExceptionHandler;
    __typeof__(brlapi__enterTtyModeWithPath) *enterTtyModeWithPath;
    __typeof__(brlapi__leaveTtyMode) *leaveTtyMode;
    __typeof__(brlapi__getDisplaySize) *getDisplaySize;
    __typeof__(brlapi__writeWText) *writeWText;
    __typeof__(brlapi__readKeyWithTimeout) *readKeyWithTimeout;
    __typeof__(brlapi_error_location) *errorLocation;
    __typeof__(brlapi_strerror) *strerror;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static brlapi_error_t unloaded = {BRLAPI_ERROR_LIBCERR, ENOENT, 0, NULL};

static void load(void) {
    void *library = dlopen("libbrlapi.so.0.8", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.getHandleSize = dlsym(library, "brlapi_getHandleSize");
    api.openConnection = dlsym(library, "brlapi__openConnection");
    api.closeConnection = dlsym(library, "brlapi__closeConnection");
    api.setExceptionHandler = dlsym(library, "brlapi__setExceptionHandler");
    api.enterTtyModeWithPath = dlsym(library, "brlapi__enterTtyModeWithPath");
    api.leaveTtyMode = dlsym(library, "brlapi__leaveTtyMode");
    api.getDisplaySize = dlsym(library, "brlapi__getDisplaySize");
    api.writeWText = dlsym(library, "brlapi__writeWText");
    api.readKeyWithTimeout = dlsym(library, "brlapi__readKeyWithTimeout");
    api.errorLocation = dlsym(library, "brlapi_error_location");
    api.strerror = dlsym(library, "brlapi_strerror");
    if (!api.getHandleSize || !api.openConnection || !api.errorLocation) api.openConnection = NULL;
}

#define FORWARD(function, ...) \
    pthread_once(&loaded, load); \
    return api.function ? api.function(__VA_ARGS__) : -1

size_t brlapi_getHandleSize(void) {
    pthread_once(&loaded, load);
    return api.getHandleSize ? api.getHandleSize() : 0;
}

brlapi_fileDescriptor brlapi__openConnection(brlapi_handle_t *handle, const brlapi_connectionSettings_t *desired,
                                             brlapi_connectionSettings_t *actual) {
    pthread_once(&loaded, load);
    if (api.openConnection) return api.openConnection(handle, desired, actual);
    return BRLAPI_INVALID_FILE_DESCRIPTOR;
}

void brlapi__closeConnection(brlapi_handle_t *handle) {
    pthread_once(&loaded, load);
    if (api.closeConnection) api.closeConnection(handle);
}

brlapi__exceptionHandler_t brlapi__setExceptionHandler(brlapi_handle_t *handle, brlapi__exceptionHandler_t handler) {
    pthread_once(&loaded, load);
    return api.setExceptionHandler ? api.setExceptionHandler(handle, handler) : NULL;
}

int brlapi__enterTtyModeWithPath(brlapi_handle_t *handle, const int *ttys, int count, const char *driver) {
    FORWARD(enterTtyModeWithPath, handle, ttys, count, driver);
}

int brlapi__leaveTtyMode(brlapi_handle_t *handle) { FORWARD(leaveTtyMode, handle); }

int brlapi__getDisplaySize(brlapi_handle_t *handle, unsigned int *x, unsigned int *y) { FORWARD(getDisplaySize, handle, x, y); }

int brlapi__writeWText(brlapi_handle_t *handle, int cursor, const wchar_t *text) { FORWARD(writeWText, handle, cursor, text); }

int brlapi__readKeyWithTimeout(brlapi_handle_t *handle, int timeout_ms, brlapi_keyCode_t *code) {
    FORWARD(readKeyWithTimeout, handle, timeout_ms, code);
}

brlapi_error_t *brlapi_error_location(void) {
    pthread_once(&loaded, load);
    return api.errorLocation ? api.errorLocation() : &unloaded;
}

const char *brlapi_strerror(const brlapi_error_t *error) {
    pthread_once(&loaded, load);
    return api.strerror ? api.strerror(error) : "libbrlapi.so.0.8 is not installed";
}
