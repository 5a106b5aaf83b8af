#define _GNU_SOURCE
#include "cprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/ioctl.h>
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

static void track(pid_t pid) {
    for (int i = 0; i < CPS_TRACKED; i++) {
        pid_t empty = 0;
        if (__atomic_compare_exchange_n(&tracked[i], &empty, pid, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return;
    }
}

static void untrack(pid_t pid) {
    for (int i = 0; i < CPS_TRACKED; i++) {
        pid_t expected = pid;
        __atomic_compare_exchange_n(&tracked[i], &expected, 0, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    }
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
