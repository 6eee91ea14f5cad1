// libpng's simplified reading API (Debian: libpng-dev). The library is not linked: PNG.c loads it the first
// time a PNG is decoded. The simplified API catches libpng's errors itself and answers 0 with a message.
#include <png.h>
