// A GIF decoder over giflib (Debian: libgif7), which GIF.c loads with dlopen on first use. giflib reads
// through a callback, so the reading loop is in C; Swift calls this one function.
#include <stddef.h>
#include <stdint.h>

/// What CGIF_decodeFirstFrameGray came to.
enum {
    CGIF_OK = 0,
    /// Not a GIF giflib can read, cut short, or without a picture; the message says why.
    CGIF_DAMAGED = 1,
    /// The screen or the frame claims more pixels than allowed.
    CGIF_TOO_LARGE = 2,
    /// giflib is not installed.
    CGIF_NO_LIBRARY = 3,
    /// The pixels' memory could not be had.
    CGIF_NO_MEMORY = 4,
};

/// Decodes the first frame of a GIF to 8-bit grey on a white screen (transparent pixels stay white); the
/// frames after it are never read. On CGIF_OK, `*pixels` holds `*width` × `*height` bytes (the logical
/// screen), to be released with free(). `maxPixels` is checked against the header before any pixel is read.
int CGIF_decodeFirstFrameGray(const uint8_t *data, size_t size, uint64_t maxPixels,
                              uint8_t **pixels, int *width, int *height, char *message, size_t messageSize);
