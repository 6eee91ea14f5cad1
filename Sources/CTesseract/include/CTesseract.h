// Tesseract's C API (Debian: libtesseract-dev, with tesseract-ocr-eng, -spa and -cat for the data). The
// library is not linked: Tesseract.c loads it the first time a picture's text is recognised.
#include <tesseract/capi.h>
