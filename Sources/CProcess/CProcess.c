#define _GNU_SOURCE
#include "CProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int weft_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int weft_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int weft_pidfd_send_signal(int pidfd, int signal) {
#ifdef SYS_pidfd_send_signal
    return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// The write end for `weft_signal_note`: a signal handler can reach nothing else. Set once, before any handler.
static int weft_signal_write_end = -1;
static volatile sig_atomic_t weft_signal_seen = 0;

static void weft_signal_note(int signal) {
    if (weft_signal_seen) _exit(0);
    weft_signal_seen = 1;
    int saved = errno;
    unsigned char number = (unsigned char)signal;
    ssize_t ignored = write(weft_signal_write_end, &number, 1);
    (void)ignored;
    alarm(10);
    errno = saved;
}

int weft_signal_pipe(const int *signals, int count) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    weft_signal_write_end = ends[1];
    struct sigaction note;
    note.sa_handler = weft_signal_note;
    note.sa_flags = SA_RESTART;
    sigemptyset(&note.sa_mask);
    for (int index = 0; index < count; index++) sigaction(signals[index], &note, NULL);
    return ends[0];
}

int weft_die_with_parent(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

/// Marks every descriptor above 2 close-on-exec, so a program weft starts inherits only its three standard streams:
/// a descriptor another library opened without O_CLOEXEC (a lock, a socket, the bar's pipe) must not outlive weft
/// in a detached action or keep a reader of weft's output waiting. Marked rather than closed, so the report pipe
/// stays open until exec itself.
static void weft_close_inherited(void) {
#ifdef CLOSE_RANGE_CLOEXEC
    if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
#endif
    // Kernels before 5.11: one fcntl per possible descriptor (a failing one was not open).
    long most = sysconf(_SC_OPEN_MAX);
    if (most < 0 || most > 1048576) most = 1048576;
    for (int fd = 3; fd < (int)most; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

/// The child's half: returns only on failure, with the errno to report.
static int weft_spawn_child(const struct weft_spawn_request *request, pid_t parent) {
    if (request->new_group && setpgid(0, 0) != 0) return errno;
    if (request->parent_death_signal != 0) {
        if (prctl(PR_SET_PDEATHSIG, (unsigned long)request->parent_death_signal, 0UL, 0UL, 0UL) != 0) return errno;
        // The parent may have ended before the request was made: then nobody would send the signal.
        if (getppid() != parent) _exit(127);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    // An ignored signal outlives exec; the parent may ignore SIGPIPE (a closed bar shows as EPIPE).
    struct sigaction standard;
    standard.sa_handler = SIG_DFL;
    standard.sa_flags = 0;
    sigemptyset(&standard.sa_mask);
    sigaction(SIGPIPE, &standard, NULL);
    int sources[3] = {request->stdin_fd, request->stdout_fd, request->stderr_fd};
    for (int target = 0; target < 3; target++) {
        if (sources[target] < 0) {
            sources[target] = open("/dev/null", target == 0 ? O_RDONLY : O_WRONLY);
            if (sources[target] < 0) return errno;
        }
    }
    // A source among 0–2 that is not its own target is moved above 2 first, so no dup2 overwrites another's source.
    for (int target = 0; target < 3; target++) {
        if (sources[target] < 3 && sources[target] != target) {
            sources[target] = fcntl(sources[target], F_DUPFD, 3);
            if (sources[target] < 0) return errno;
        }
    }
    for (int target = 0; target < 3; target++) {
        if (sources[target] != target && dup2(sources[target], target) < 0) return errno;
    }
    weft_close_inherited();
    if (request->directory != NULL && chdir(request->directory) != 0) return errno;
    execve(request->path, request->argv, request->envp != NULL ? request->envp : environ);
    return errno;
}

pid_t weft_spawn(const struct weft_spawn_request *request, int *error) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        *error = errno;
        return -1;
    }
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        *error = errno;
        close(report[0]);
        close(report[1]);
        return -1;
    }
    if (pid == 0) {
        // Only async-signal-safe calls from here to exec.
        close(report[0]);
        int code = weft_spawn_child(request, parent);
        ssize_t ignored = write(report[1], &code, sizeof code);
        (void)ignored;
        _exit(127);
    }
    close(report[1]);
    int code = 0;
    ssize_t got;
    do {
        got = read(report[0], &code, sizeof code);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof code) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        *error = code;
        return -1;
    }
    // Also set from here, so the group exists before the parent signals it, whichever runs first.
    if (request->new_group) setpgid(pid, pid);
    return pid;
}
