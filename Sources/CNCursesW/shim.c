#include "cncursesw.h"

#include <pthread.h>
#include <sys/ioctl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

int parla_put_cell(int y, int x, const wchar_t *text, int length, unsigned int attributes, int pair) {
    wchar_t buffer[9];
    if (length > 8) length = 8;
    if (length <= 0) { buffer[0] = L' '; length = 1; }
    else memcpy(buffer, text, (size_t)length * sizeof(wchar_t));
    buffer[length] = L'\0';
    cchar_t cell;
    if (setcchar(&cell, buffer, (attr_t)attributes, (short)pair, NULL) != OK) {
        wchar_t blank[2] = {L'?', L'\0'};
        setcchar(&cell, blank, (attr_t)attributes, (short)pair, NULL);
    }
    return mvwadd_wch(stdscr, y, x, &cell);
}

void parla_input_modes(int escape_delay_ms) {
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(escape_delay_ms);
    leaveok(stdscr, FALSE);
    struct termios modes;
    if (tcgetattr(STDIN_FILENO, &modes) == 0) {
        modes.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
        tcsetattr(STDIN_FILENO, TCSANOW, &modes);
    }
    def_prog_mode();  // curses restores these modes after endwin/refresh cycles
}

static volatile sig_atomic_t parla_wake_fd = -1;
static volatile sig_atomic_t parla_signal_received = 0;
static struct termios parla_saved_modes;
static volatile sig_atomic_t parla_saved_valid = 0;
static char parla_restore_sequence[256];
static size_t parla_restore_length = 0;

static void parla_on_termination(int signal_number) {
    parla_signal_received = signal_number;
    int fd = parla_wake_fd;
    if (fd >= 0) {
        char byte = 1;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
}

static void parla_on_fatal(int signal_number) {
    if (parla_saved_valid) tcsetattr(STDIN_FILENO, TCSANOW, &parla_saved_modes);
    if (parla_restore_length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, parla_restore_sequence, parla_restore_length);
        (void)ignored;
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void parla_append_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return;
    size_t length = strlen(value);
    if (parla_restore_length + length >= sizeof(parla_restore_sequence)) return;
    memcpy(parla_restore_sequence + parla_restore_length, value, length);
    parla_restore_length += length;
}

void parla_remember_terminal(void) {
    // curses saved the shell's modes at initscr; read them back for the fatal path.
    reset_shell_mode();
    if (tcgetattr(STDIN_FILENO, &parla_saved_modes) == 0) parla_saved_valid = 1;
    reset_prog_mode();
    parla_restore_length = 0;
    parla_append_capability("sgr0");
    parla_append_capability("cnorm");
    parla_append_capability("rmcup");
    if (parla_restore_length + 2 < sizeof(parla_restore_sequence)) {
        parla_restore_sequence[parla_restore_length++] = '\r';
        parla_restore_sequence[parla_restore_length++] = '\n';
    }
}

void parla_install_signal_handlers(int wake_fd) {
    parla_wake_fd = wake_fd;
    // A parent may have started us with these blocked; Parla must see them.
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGWINCH);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = parla_on_termination;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    struct sigaction fatal;
    memset(&fatal, 0, sizeof fatal);
    fatal.sa_handler = parla_on_fatal;
    sigemptyset(&fatal.sa_mask);
    int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
    for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) sigaction(fatal_signals[i], &fatal, NULL);
}

int parla_termination_signal(void) { return parla_signal_received; }

int parla_check_resize(void) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return 0;
    if (size.ws_row == LINES && size.ws_col == COLS) return 0;
    resizeterm(size.ws_row, size.ws_col);
    return 1;
}
