// C shim over ncursesw for Parla: wide characters on, macros wrapped as functions.
#ifndef PARLA_CNCURSESW_H
#define PARLA_CNCURSESW_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Key codes (ncurses defines these as octal macros).
static const int PARLA_KEY_CODE_YES = KEY_CODE_YES;
static const int PARLA_KEY_DOWN = KEY_DOWN;
static const int PARLA_KEY_UP = KEY_UP;
static const int PARLA_KEY_LEFT = KEY_LEFT;
static const int PARLA_KEY_RIGHT = KEY_RIGHT;
static const int PARLA_KEY_HOME = KEY_HOME;
static const int PARLA_KEY_END = KEY_END;
static const int PARLA_KEY_BACKSPACE = KEY_BACKSPACE;
static const int PARLA_KEY_F0 = KEY_F0;
static const int PARLA_KEY_DC = KEY_DC;
static const int PARLA_KEY_IC = KEY_IC;
static const int PARLA_KEY_NPAGE = KEY_NPAGE;
static const int PARLA_KEY_PPAGE = KEY_PPAGE;
static const int PARLA_KEY_ENTER = KEY_ENTER;
static const int PARLA_KEY_BTAB = KEY_BTAB;
static const int PARLA_KEY_RESIZE = KEY_RESIZE;
static const int PARLA_KEY_SLEFT = KEY_SLEFT;
static const int PARLA_KEY_SRIGHT = KEY_SRIGHT;
static const int PARLA_KEY_SHOME = KEY_SHOME;
static const int PARLA_KEY_SEND = KEY_SEND;
static const int PARLA_KEY_SDC = KEY_SDC;
static const int PARLA_KEY_SR = KEY_SR;
static const int PARLA_KEY_SF = KEY_SF;
static const int PARLA_KEY_A1 = KEY_A1;
static const int PARLA_KEY_C1 = KEY_C1;
static const int PARLA_KEY_A3 = KEY_A3;
static const int PARLA_KEY_C3 = KEY_C3;
static const int PARLA_OK = OK;
static const int PARLA_ERR = ERR;

static const unsigned int PARLA_A_NORMAL = A_NORMAL;
static const unsigned int PARLA_A_BOLD = A_BOLD;
static const unsigned int PARLA_A_UNDERLINE = A_UNDERLINE;
static const unsigned int PARLA_A_REVERSE = A_REVERSE;

static inline WINDOW *parla_stdscr(void) { return stdscr; }
static inline int parla_lines(void) { return LINES; }
static inline int parla_cols(void) { return COLS; }
static inline int parla_colors(void) { return COLORS; }
static inline int parla_color_pairs(void) { return COLOR_PAIRS; }

/// Starts curses on standard output and input; NULL when the terminal type is unusable.
static inline SCREEN *parla_newterm(void) { return newterm(NULL, stdout, stdin); }

/// Starts curses on the given files with the given terminal type (tests); NULL when unusable.
static inline SCREEN *parla_newterm_files(const char *term, FILE *output, FILE *input) {
    return newterm(term, output, input);
}

/// Writes one grapheme cluster (up to 8 wide characters) at (y, x) with attributes and colour pair.
int parla_put_cell(int y, int x, const wchar_t *text, int length, unsigned int attributes, int pair);

/// Reads one wide character or key code; returns OK, KEY_CODE_YES or ERR.
static inline int parla_get_wch(int *out) {
    wint_t value = 0;
    int result = wget_wch(stdscr, &value);
    *out = (int)value;
    return result;
}

/// Moves the hardware cursor (stdscr's cursor, shown because leaveok is FALSE).
static inline int parla_move(int y, int x) { return wmove(stdscr, y, x); }

/// Sets input modes: cbreak, no echo, no newline translation, keypad on, the given Esc delay,
/// and XON/XOFF flow control off so Ctrl+Q and Ctrl+S reach the program.
void parla_input_modes(int escape_delay_ms);

/// Installs handlers: SIGINT, SIGTERM and SIGHUP write a byte to `wake_fd` and set the flag read by
/// `parla_termination_signal`; fatal signals restore the terminal before the default action.
void parla_install_signal_handlers(int wake_fd);

/// Compares the terminal's real size with curses' idea of it; resizes curses and returns 1 when
/// they differ (a missed SIGWINCH), else 0.
int parla_check_resize(void);

/// The termination signal received, or 0.
int parla_termination_signal(void);

/// Records the terminal state that fatal-signal handlers restore (call after initscr).
void parla_remember_terminal(void);
#endif
