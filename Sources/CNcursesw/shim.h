/* The ncursesw API for Swift: the wide-character functions need NCURSES_WIDECHAR, and the globals and
   attribute macros Swift cannot import (or rejects under strict concurrency) get inline accessors. */
#ifndef ALLIN_CNCURSESW_SHIM_H
#define ALLIN_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

static inline WINDOW *allin_stdscr(void) { return stdscr; }
static inline WINDOW *allin_curscr(void) { return curscr; }
static inline int allin_colors(void) { return COLORS; }
static inline int allin_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t allin_a_normal(void) { return A_NORMAL; }
static inline attr_t allin_a_bold(void) { return A_BOLD; }
static inline attr_t allin_a_dim(void) { return A_DIM; }
static inline attr_t allin_a_reverse(void) { return A_REVERSE; }
static inline attr_t allin_a_underline(void) { return A_UNDERLINE; }
static inline int allin_key_max(void) { return KEY_MAX; }
#endif
