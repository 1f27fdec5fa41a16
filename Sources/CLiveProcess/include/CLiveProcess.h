#ifndef WEFT_CLIVEPROCESS_H
#define WEFT_CLIVEPROCESS_H

/// prctl(PR_SET_PDEATHSIG, signal): the kernel sends `signal` to this process when its parent dies. prctl is
/// variadic, so Swift cannot call it directly. Returns 0, or -1 with errno set.
int weft_die_with_parent(int signal);

/// An inotify descriptor (non-blocking, close-on-exec) watching `directory` for files written, closed after
/// writing, created, moved in or out, or deleted; -1 with errno set when that is not possible.
int weft_watch_directory(const char *directory);

/// Reads and discards every pending inotify event on `fd`; returns 1 when the directory's watch ended (the
/// directory was deleted or moved), else 0.
int weft_drain(int fd);

#endif
