// Wraps libgd's function-like macros, which Swift cannot import, as inline functions.
#ifndef RISTRETTO_CGD_SHIM_H
#define RISTRETTO_CGD_SHIM_H
#include <stdarg.h>
#include <gd.h>
#include <gd_errors.h>

static inline int cgd_true_color_alpha(int red, int green, int blue, int alpha) {
    return gdTrueColorAlpha(red, green, blue, alpha);
}
static inline int cgd_width(gdImagePtr image) { return gdImageSX(image); }
static inline int cgd_height(gdImagePtr image) { return gdImageSY(image); }
static inline int cgd_pixel_red(int color) { return gdTrueColorGetRed(color); }
static inline int cgd_pixel_green(int color) { return gdTrueColorGetGreen(color); }
static inline int cgd_pixel_blue(int color) { return gdTrueColorGetBlue(color); }
static inline int cgd_pixel_alpha(int color) { return gdTrueColorGetAlpha(color); }
static inline int cgd_true_color_pixel(gdImagePtr image, int x, int y) { return gdImageTrueColorPixel(image, x, y); }
static inline void cgd_set_true_color_pixel(gdImagePtr image, int x, int y, int color) { gdImageTrueColorPixel(image, x, y) = color; }
static inline int cgd_anti_aliased(void) { return gdAntiAliased; }
static inline int cgd_ftex_resolution(void) { return gdFTEX_RESOLUTION; }
static inline int cgd_ftex_linespace(void) { return gdFTEX_LINESPACE; }
// libgd prints warnings for corrupt PNGs to stderr; Ristretto reports those itself, once, with the file name.
static void cgd_ignore_error(int priority, const char *format, va_list args) { (void)priority; (void)format; (void)args; }
static inline void cgd_silence_errors(void) { gdSetErrorMethod(cgd_ignore_error); }
#endif
