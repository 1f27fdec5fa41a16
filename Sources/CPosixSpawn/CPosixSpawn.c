#define _GNU_SOURCE
#include "CPosixSpawn.h"

int weft_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

pid_t weft_spawn_group_child(const char *file, char *const argv[], int out_fd, int err_fd, const char *directory,
                             int *error) {
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
        // Only async-signal-safe calls from here to exec: the parent has other threads.
        int code = 0;
        setpgid(0, 0);
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        struct sigaction standard;
        standard.sa_handler = SIG_DFL;
        standard.sa_flags = 0;
        sigemptyset(&standard.sa_mask);
        sigaction(SIGPIPE, &standard, NULL);
        int null_fd = open("/dev/null", O_RDONLY);
        if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) {
            code = errno;
        } else if (directory != NULL && chdir(directory) != 0) {
            code = errno;
        } else {
            execvp(file, argv);
            code = errno;
        }
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
    setpgid(pid, pid);
    return pid;
}
