// libhunspell's C API (Debian: libhunspell-dev). The library is not linked: Hunspell.c loads it the
// first time a dictionary is opened.
#include <hunspell/hunspell.h>
