#define _GNU_SOURCE
#include "CTermSupport.h"
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <pthread.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wchar.h>

static volatile sig_atomic_t pending_signal = 0;

static void on_termination(int sig) {
    if (pending_signal == 0) pending_signal = sig;
}

void ts_install_signal_handlers(void) {
    int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_termination;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns so the loop sees the flag */
        sigaction(signals[i], &sa, NULL);
    }
}

void ts_unblock_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT, SIGABRT};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(&set, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int ts_take_pending_signal(void) {
    int sig = pending_signal;
    pending_signal = 0;
    return sig;
}

static ts_restore_hook restore_hook = NULL;
static volatile sig_atomic_t restore_done = 0;
static struct sigaction previous[NSIG];
static int crash_installed = 0;

void ts_run_restore_once(void) {
    if (restore_done || restore_hook == NULL) return;
    restore_done = 1;
    restore_hook();
}

void ts_rearm_restore(void) { restore_done = 0; }

static ts_restore_hook crash_hook = NULL;

void ts_set_crash_hook(ts_restore_hook hook) { crash_hook = hook; }

static void on_crash(int sig, siginfo_t *info, void *context) {
    if (crash_hook != NULL) crash_hook();
    ts_run_restore_once();
    ts_capture_stderr_end();
    if ((previous[sig].sa_flags & SA_SIGINFO) && previous[sig].sa_sigaction != NULL) {
        previous[sig].sa_sigaction(sig, info, context);
    } else if (previous[sig].sa_handler != SIG_DFL && previous[sig].sa_handler != SIG_IGN && previous[sig].sa_handler != NULL) {
        previous[sig].sa_handler(sig);
    }
    /* Die of the signal now. Returning would re-run a faulting instruction, but a crash signal sent
       from outside (kill -SEGV) would let the process go on with its screen already given back. */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void at_exit_restore(void) {
    ts_run_restore_once();
    ts_capture_stderr_end();
}

void ts_install_crash_restore(ts_restore_hook hook) {
    restore_hook = hook;
    restore_done = 0;
    if (crash_installed) return;
    crash_installed = 1;
    static char alternate[1 << 16];
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = alternate;
    ss.ss_size = sizeof alternate;
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) sigaltstack(&ss, NULL);
    int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_crash;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_RESETHAND | SA_ONSTACK;
        sigaction(signals[i], &sa, &previous[signals[i]]);
    }
    atexit(at_exit_restore);
}

static int saved_stderr = -1;
static int capture_fd = -1;

int ts_capture_stderr_begin(void) {
    if (capture_fd >= 0) return 0;
    char path[] = "/tmp/allin-stderr-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    unlink(path);
    fflush(stderr);
    saved_stderr = dup(2);
    if (saved_stderr < 0) { close(fd); return -1; }
    dup2(fd, 2);
    capture_fd = fd;
    return 0;
}

void ts_capture_stderr_end(void) {
    if (capture_fd < 0) return;
    dup2(saved_stderr, 2);
    close(saved_stderr);
    saved_stderr = -1;
    char buffer[4096];
    off_t offset = 0;
    ssize_t n;
    while ((n = pread(capture_fd, buffer, sizeof buffer, offset)) > 0) {
        ts_write_all(2, buffer, (size_t)n);
        offset += n;
    }
    close(capture_fd);
    capture_fd = -1;
}

int ts_setup_utf8_locale(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0)) return 0;
    setlocale(LC_CTYPE, "C.UTF-8");
    return 1;
}

const char *ts_codeset(void) { return nl_langinfo(CODESET); }

void ts_stop_self(void) {
    struct sigaction dfl, old;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &old);
    sigset_t set, oldset;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, &oldset);
    /* To this thread, not the process: a process-directed signal may be taken by another thread
       (an async Swift main parks the main thread in sigsuspend) after the old handler is back. */
    raise(SIGTSTP);
    sigprocmask(SIG_SETMASK, &oldset, NULL);
    sigaction(SIGTSTP, &old, NULL);
}

int ts_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

int ts_write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t n = write(fd, bytes, count);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        bytes += n;
        count -= (size_t)n;
    }
    return 0;
}
