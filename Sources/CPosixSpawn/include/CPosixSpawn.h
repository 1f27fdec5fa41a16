#ifndef WEFT_CPOSIXSPAWN_H
#define WEFT_CPOSIXSPAWN_H
#include <spawn.h>

/// posix_spawn_file_actions_addchdir_np, which glibc declares only under _GNU_SOURCE (not visible to Swift's Glibc
/// module): the child changes to `path` before exec.
int weft_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

#endif
