#ifndef WEFT_CPOSIXSPAWN_H
#define WEFT_CPOSIXSPAWN_H
#include <spawn.h>

/// posix_spawn_file_actions_addchdir_np, which glibc declares only under _GNU_SOURCE (not visible to Swift's Glibc
/// module): the child changes to `path` before exec.
int weft_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

#include <sys/types.h>

/// Starts `file` (searched in PATH) with `argv` in a process group of its own, stdin from /dev/null, stdout and
/// stderr on `out_fd` and `err_fd`, in `directory` when not NULL, and with a parent-death signal (SIGKILL), so a
/// refresh killed with -9 does not leave it running. Returns the pid, or -1 with the errno in `error` (an exec
/// failure included).
pid_t weft_spawn_group_child(const char *file, char *const argv[], int out_fd, int err_fd, const char *directory,
                             int *error);

#endif
