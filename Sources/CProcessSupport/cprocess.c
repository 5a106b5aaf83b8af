#define _GNU_SOURCE
#include "cprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

struct spawn_request {
    const char *path;
    char *const *argv;
    char *const *envp;
    const char *log_path;
    int search_path;
    pid_t pid;
    int result;
    int done;
};

static pthread_mutex_t keeper_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t keeper_wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t keeper_done = PTHREAD_COND_INITIALIZER;
static struct spawn_request *keeper_pending = NULL;
static pthread_once_t keeper_once = PTHREAD_ONCE_INIT;
static int keeper_started = 0;

static int spawn_now(struct spawn_request *r) {
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    sigset_t all, none;
    int rc = posix_spawn_file_actions_init(&fa);
    if (rc != 0) return rc;
    rc = posix_spawnattr_init(&attr);
    if (rc != 0) { posix_spawn_file_actions_destroy(&fa); return rc; }
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (r->log_path != NULL) {
        posix_spawn_file_actions_addopen(&fa, 1, r->log_path, O_WRONLY | O_CREAT | O_APPEND, 0600);
    } else {
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    }
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    posix_spawn_file_actions_addclosefrom_np(&fa, 3);
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
    pid_t pid = 0;
    if (r->search_path) {
        rc = posix_spawnp(&pid, r->path, &fa, &attr, r->argv, r->envp);
    } else {
        rc = posix_spawn(&pid, r->path, &fa, &attr, r->argv, r->envp);
    }
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    if (rc == 0) r->pid = pid;
    return rc;
}

static void *keeper_main(void *unused) {
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);   /* signals are handled elsewhere */
    pthread_mutex_lock(&keeper_lock);
    for (;;) {
        while (keeper_pending == NULL) pthread_cond_wait(&keeper_wake, &keeper_lock);
        struct spawn_request *r = keeper_pending;
        r->result = spawn_now(r);
        r->done = 1;
        keeper_pending = NULL;
        pthread_cond_broadcast(&keeper_done);
    }
    return NULL;
}

static void keeper_start(void) {
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    keeper_started = pthread_create(&t, &a, keeper_main, NULL) == 0;
    pthread_attr_destroy(&a);
}

/* Children spawned and not yet reaped, for cps_kill_tracked_groups (which may run in a crash
   handler, so the table is a fixed array updated with atomics). */
#define CPS_TRACKED 32
static pid_t tracked[CPS_TRACKED];

/* The guardian: a small process forked from allin when it starts its first child, in a process
   group of its own. allin holds one end of a socket pair and tells the guardian each child's
   process group as it starts ("+PID") and once it is reaped ("-PID"). When allin's end closes,
   because allin exited or was killed outright (SIGKILL can't be caught), the guardian kills every
   group still listed and exits. A parent-death signal (setpriv --pdeathsig) reaches the player
   alone; without the guardian a helper the player forked would outlive a killed allin. */
static int guardian_fd = -1;
static pthread_once_t guardian_once = PTHREAD_ONCE_INIT;

/* Runs in the forked child of a threaded process: async-signal-safe calls only, no allocation. */
static void guardian_main(int fd) {
    struct sigaction act;
    memset(&act, 0, sizeof act);
    sigemptyset(&act.sa_mask);
    for (int s = 1; s < NSIG; s++) {
        /* Handlers allin installed are not ours; the terminal's signals are for allin. */
        act.sa_handler = (s == SIGINT || s == SIGQUIT || s == SIGTSTP || s == SIGTTIN || s == SIGTTOU
                          || s == SIGHUP || s == SIGPIPE) ? SIG_IGN : SIG_DFL;
        sigaction(s, &act, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    setpgid(0, 0);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) { dup2(null, 0); dup2(null, 1); dup2(null, 2); }
    if (fd != 3) { dup2(fd, 3); fd = 3; }
    if (close_range(4, ~0U, 0) != 0) {
        for (int other = 4; other < 4096; other++) close(other);
    }
    pid_t groups[CPS_TRACKED];
    memset(groups, 0, sizeof groups);
    char buf[256];
    char sign = 0;
    long value = 0;
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        for (ssize_t i = 0; i < n; i++) {
            char c = buf[i];
            if (c == '+' || c == '-') { sign = c; value = 0; continue; }
            if (c >= '0' && c <= '9') { value = value * 10 + (c - '0'); continue; }
            if (c != '\n' || value <= 0) { sign = 0; continue; }
            if (sign == '+') {
                for (int k = 0; k < CPS_TRACKED; k++) if (groups[k] == 0) { groups[k] = (pid_t)value; break; }
            } else if (sign == '-') {
                for (int k = 0; k < CPS_TRACKED; k++) if (groups[k] == (pid_t)value) groups[k] = 0;
            }
            sign = 0;
        }
    }
    for (int k = 0; k < CPS_TRACKED; k++) {
        if (groups[k] > 0) kill(-groups[k], SIGKILL);
    }
    _exit(0);
}

static void guardian_start(void) {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return;
    pid_t pid = fork();
    if (pid == 0) {
        close(sv[0]);
        guardian_main(sv[1]);
    }
    close(sv[1]);
    if (pid < 0) { close(sv[0]); return; }
    guardian_fd = sv[0];
}

static void guardian_tell(char sign, pid_t pid) {
    pthread_once(&guardian_once, guardian_start);
    if (guardian_fd < 0) return;
    char line[32];
    int len = snprintf(line, sizeof line, "%c%d\n", sign, (int)pid);
    /* One short write is atomic on a stream socket's buffer; a gone guardian is no error. */
    while (send(guardian_fd, line, (size_t)len, MSG_NOSIGNAL) < 0 && errno == EINTR) {}
}

static void track(pid_t pid) {
    guardian_tell('+', pid);
    for (int i = 0; i < CPS_TRACKED; i++) {
        pid_t empty = 0;
        if (__atomic_compare_exchange_n(&tracked[i], &empty, pid, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return;
    }
}

static void untrack(pid_t pid) {
    int found = 0;
    for (int i = 0; i < CPS_TRACKED; i++) {
        pid_t expected = pid;
        if (__atomic_compare_exchange_n(&tracked[i], &expected, 0, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) found = 1;
    }
    if (found) guardian_tell('-', pid);
}

void cps_kill_tracked_groups(void) {
    for (int i = 0; i < CPS_TRACKED; i++) {
        pid_t pid = __atomic_load_n(&tracked[i], __ATOMIC_SEQ_CST);
        if (pid > 0) {
            kill(-pid, SIGKILL);
            kill(-pid, SIGCONT);
        }
    }
}

static int spawn_tracked(const char *path, char *const argv[], char *const envp[], const char *log_path,
                         int search_path, pid_t *pid_out);

int cps_spawn(const char *path, char *const argv[], char *const envp[], const char *log_path,
              int search_path, pid_t *pid_out) {
    int rc = spawn_tracked(path, argv, envp, log_path, search_path, pid_out);
    if (rc == 0) track(*pid_out);
    return rc;
}

static int spawn_tracked(const char *path, char *const argv[], char *const envp[], const char *log_path,
                         int search_path, pid_t *pid_out) {
    struct spawn_request r = { path, argv, envp, log_path, search_path, 0, 0, 0 };
    pthread_once(&keeper_once, keeper_start);
    if (!keeper_started) {            /* no helper thread: spawn from this one */
        int rc = spawn_now(&r);
        if (rc == 0) *pid_out = r.pid;
        return rc;
    }
    pthread_mutex_lock(&keeper_lock);
    while (keeper_pending != NULL) pthread_cond_wait(&keeper_done, &keeper_lock);
    keeper_pending = &r;
    pthread_cond_broadcast(&keeper_wake);
    while (!r.done) pthread_cond_wait(&keeper_done, &keeper_lock);
    pthread_mutex_unlock(&keeper_lock);
    if (r.result == 0) *pid_out = r.pid;
    return r.result;
}

int cps_reap(pid_t pid, int *status, int nohang) {
    for (;;) {
        pid_t got = waitpid(pid, status, nohang ? WNOHANG : 0);
        if (got == pid) untrack(pid);
        if (got >= 0) return (int)got;
        if (errno == ECHILD) untrack(pid);
        if (errno != EINTR) return -1;
    }
}

int cps_has_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    for (;;) {
        if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0) return info.si_pid == pid ? 1 : 0;
        if (errno != EINTR) return -1;
    }
}

int cps_status_exited(int status) { return WIFEXITED(status); }
int cps_status_code(int status) { return WEXITSTATUS(status); }
int cps_status_signaled(int status) { return WIFSIGNALED(status); }
int cps_status_signal(int status) { return WTERMSIG(status); }

int cps_terminal_columns(int fd) {
    struct winsize ws;
    if (!isatty(fd) || ioctl(fd, TIOCGWINSZ, &ws) != 0) return 0;
    return ws.ws_col;
}

static struct termios saved_mode;
static int saved_fd = -1;

int cps_tty_enter_keys(int fd) {
    struct termios t;
    if (!isatty(fd) || tcgetattr(fd, &t) != 0) return -1;
    if (saved_fd < 0) { saved_mode = t; saved_fd = fd; }
    t.c_lflag &= ~(ICANON | ECHO);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    return tcsetattr(fd, TCSANOW, &t) == 0 ? 0 : -1;
}

void cps_tty_restore(void) {
    if (saved_fd >= 0) {
        tcsetattr(saved_fd, TCSANOW, &saved_mode);
        saved_fd = -1;
    }
}
