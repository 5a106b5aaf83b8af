/* Small C helpers for the terminal front: signal flags, crash restore, stderr capture while the screen
   is taken, locale set-up, stopping for Ctrl-Z and wcwidth. Async-signal-safe
   where it runs in a handler. */
#ifndef ALLIN_CTERMSUPPORT_H
#define ALLIN_CTERMSUPPORT_H
#include <stddef.h>
#include <sys/types.h>

/* Installs handlers for SIGINT, SIGTERM, SIGHUP and SIGQUIT that only record the signal. Call before
   newterm so ncurses leaves them alone. SIGWINCH and SIGTSTP stay with ncurses. */
void ts_install_signal_handlers(void);
/* Unblocks INT, TERM, HUP, QUIT, WINCH, TSTP, CONT and ABRT on the calling thread. An async Swift main
   runs on a thread with most signals blocked (libdispatch's mask), so without this no signal arrives. */
void ts_unblock_signals(void);
/* The first pending termination signal (and clears the record), or 0. */
int ts_take_pending_signal(void);

/* A hook that restores the terminal; run at most once, from a crash handler or at exit. */
typedef void (*ts_restore_hook)(void);
/* Chains handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT (on an alternate stack)
   in front of the existing ones, and registers the hook with atexit. */
void ts_install_crash_restore(ts_restore_hook hook);
/* A hook run first when the process crashes, before the terminal is restored (e.g. to kill child
   processes). Must be async-signal-safe. */
void ts_set_crash_hook(ts_restore_hook hook);
/* Runs the hook now if it has not run yet. */
void ts_run_restore_once(void);
/* Allows the hook to run again (after a normal restore, for a new session in the same process). */
void ts_rearm_restore(void);

/* While the screen is taken, stderr goes to an unlinked temporary file; ending puts stderr back and
   copies anything written meanwhile to it. Both are idempotent. */
int ts_capture_stderr_begin(void);
void ts_capture_stderr_end(void);

/* setlocale(LC_ALL, "") and, when the codeset is not UTF-8, LC_CTYPE C.UTF-8. Returns 1 when it fell back. */
int ts_setup_utf8_locale(void);
/* The current LC_CTYPE codeset name. */
const char *ts_codeset(void);

/* Stops the process as Ctrl-Z would (default SIGTSTP action) and returns after it is continued. */
void ts_stop_self(void);

/* glibc wcwidth (hidden from Swift's Glibc module). */
int ts_wcwidth(unsigned int scalar);

/* Writes all bytes to a file descriptor, retrying on EINTR and short writes. Returns 0 or -1. */
int ts_write_all(int fd, const char *bytes, size_t count);

/* Runs argv[0] (searched in PATH) with envp, stdin from /dev/null, stdout and stderr into one buffer
   (malloc'd, NUL-terminated, caller frees), no other descriptors inherited; waits for it.
   Returns the wait status, or -1 when it could not start. */
#endif
