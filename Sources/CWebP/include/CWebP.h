// libwebp's simple decoding API (Debian: libwebp-dev). The library is not linked: WebP.c loads it the first
// time a WebP picture is decoded.
#include <webp/decode.h>
