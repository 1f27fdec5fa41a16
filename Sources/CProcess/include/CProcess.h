#ifndef WEFT_CPROCESS_H
#define WEFT_CPROCESS_H
#include <sys/types.h>

/// What `weft_spawn` starts. Descriptors below 0 mean /dev/null; pass 0, 1 or 2 to keep the parent's.
struct weft_spawn_request {
    /// The executable's path (already looked up on PATH): exec does no search of its own.
    const char *path;
    /// The arguments, NULL-terminated.
    char *const *argv;
    /// The whole environment, NULL-terminated; NULL keeps this process's.
    char *const *envp;
    /// The working directory; NULL keeps the parent's.
    const char *directory;
    int stdin_fd;
    int stdout_fd;
    int stderr_fd;
    /// Non-zero: the child leads a process group of its own, so everything it starts can be signalled at once.
    int new_group;
    /// Non-zero: the signal the kernel sends the child when the thread that started it ends.
    int parent_death_signal;
};

/// Forks and execs `request` with only async-signal-safe calls between the two (the parent has other threads, so
/// Swift cannot run in the child), SIGPIPE back at its default, no signal blocked and no descriptor above 2
/// inherited. Returns the pid, or -1 with the errno in `error` (a failed exec included: the child reports it
/// through a close-on-exec pipe and is reaped).
pid_t weft_spawn(const struct weft_spawn_request *request, int *error);

/// pipe2(fds, O_CLOEXEC), which Swift's Glibc module does not show: a pipe no other child inherits, even one forked
/// by another thread at the same moment. Returns 0, or -1 with errno set.
int weft_pipe(int fds[2]);

/// prctl(PR_SET_PDEATHSIG, signal) for this process: the kernel sends `signal` when its parent dies. prctl is
/// variadic, so Swift cannot call it directly. Returns 0, or -1 with errno set.
int weft_die_with_parent(int signal);

/// pidfd_open(pid, 0): a descriptor that names this very process, not whatever later gets its pid. Returns -1 with
/// errno set (ENOSYS before Linux 5.3).
int weft_pidfd_open(pid_t pid);

/// pidfd_send_signal(pidfd, signal): signals the process the descriptor names, or fails with ESRCH once it ended.
int weft_pidfd_send_signal(int pidfd, int signal);

/// Installs a handler for each of `signals` that writes the signal's number to a pipe and returns the pipe's read
/// end (non-blocking, close-on-exec), so a loop that polls it can end in order. The handler also arms a 10 s alarm:
/// a loop stuck elsewhere (a write nobody reads) still ends, by SIGALRM. A second such signal ends the process at
/// once. Returns -1 with errno set when the pipe cannot be made. Call it once per process.
int weft_signal_pipe(const int *signals, int count);

#endif
