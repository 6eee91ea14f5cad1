// A JPEG decoder over libjpeg-turbo (Debian: libjpeg62-turbo), which JPEG.c loads with dlopen on first use.
// libjpeg reports errors by calling a function that must not return, so the decoding (setjmp and its error
// manager) is in C; Swift calls this one function.
#include <stddef.h>
#include <stdint.h>

/// What CJPEG_decodeGray came to.
enum {
    CJPEG_OK = 0,
    /// The data is not a JPEG libjpeg can read, or it is cut short; the message says why.
    CJPEG_DAMAGED = 1,
    /// The header claims more pixels than allowed.
    CJPEG_TOO_LARGE = 2,
    /// libjpeg is not installed.
    CJPEG_NO_LIBRARY = 3,
    /// The pixels' memory could not be had.
    CJPEG_NO_MEMORY = 4,
};

/// Decodes a JPEG to 8-bit grey, at the smallest of libjpeg's scales (1/8, 1/4, 1/2, 1) that is still at
/// least `minWidth` by `minHeight` (0 and 0: full size). On CJPEG_OK, `*pixels` holds `*width` × `*height`
/// bytes, rows top first, to be released with free(). `maxPixels` is checked against the header before
/// any pixel is decoded.
int CJPEG_decodeGray(const uint8_t *data, size_t size, uint64_t maxPixels, int minWidth, int minHeight,
                     uint8_t **pixels, int *width, int *height, char *message, size_t messageSize);
