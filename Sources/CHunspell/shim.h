// libhunspell's C API (Debian: libhunspell-dev).
#include <hunspell/hunspell.h>
