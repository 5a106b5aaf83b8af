#ifndef ALLIN_CPROCESS_H
#define ALLIN_CPROCESS_H

#include <sys/types.h>

/* Spawns `path` (absolute, or searched in PATH when `search_path` is non-zero) with `argv` and
 * `envp`. The child reads /dev/null, writes stdout and stderr to `log_path` (appended, mode 0600;
 * /dev/null when NULL), inherits no other descriptor, has every signal at its default and none
 * blocked, and leads its own process group. The spawn runs on one long-lived helper thread, so a
 * parent-death signal set by the child (setpriv --pdeathsig) is tied to the process, not to a
 * worker thread that may exit. The first spawn also forks a guardian process that kills every
 * spawned child's process group still unreaped when allin's end of its socket closes (allin exited
 * or was killed, even by SIGKILL), so helpers a player forked never outlive allin.
 * Returns 0 with the pid in *pid_out, or an errno value. */
int cps_spawn(const char *path, char *const argv[], char *const envp[], const char *log_path,
              int search_path, pid_t *pid_out);

/* Sends SIGKILL (and SIGCONT) to the process group of every child cps_spawn started that has not
 * been reaped yet. Async-signal-safe: for crash handlers, so no player outlives a crashed allin. */
void cps_kill_tracked_groups(void);

/* waitpid(pid) retried on EINTR. Returns the pid when reaped, 0 when still running (nohang),
 * -1 on error (errno set). */
int cps_reap(pid_t pid, int *status, int nohang);

/* 1 when `pid` has exited (a zombie waiting to be reaped), 0 when it runs or is stopped, -1 on
 * error. Does not reap, so the pid (and its process group id) cannot be reused meanwhile. */
int cps_has_exited(pid_t pid);

int cps_status_exited(int status);
int cps_status_code(int status);
int cps_status_signaled(int status);
int cps_status_signal(int status);

/* Columns of the terminal on `fd`, or 0 when it is not a terminal. */
int cps_terminal_columns(int fd);

/* Puts the terminal on `fd` in character mode (no line buffering, no echo; signals still work).
 * Returns 0, or -1 when it is not a terminal. The previous mode is kept for cps_tty_restore. */
int cps_tty_enter_keys(int fd);
/* Restores the mode saved by cps_tty_enter_keys; safe to call more than once. */
void cps_tty_restore(void);

#endif
