// BRLTTY's client library, BrlAPI (Debian: libbrlapi-dev). The library is not linked: BrlAPI.c loads it
// the first time Parla connects to a braille display.
#include <brlapi.h>
