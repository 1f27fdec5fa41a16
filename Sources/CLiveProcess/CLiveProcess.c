#define _GNU_SOURCE
#include "CLiveProcess.h"
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <unistd.h>

int weft_die_with_parent(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

int weft_watch_directory(const char *directory) {
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return -1;
    uint32_t mask = IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF | IN_ATTRIB;
    if (inotify_add_watch(fd, directory, mask) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int weft_drain(int fd) {
    char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int ended = 0;
    for (;;) {
        ssize_t got = read(fd, buffer, sizeof buffer);
        if (got <= 0) return ended;
        for (char *at = buffer; at < buffer + got;) {
            const struct inotify_event *event = (const struct inotify_event *)at;
            if (event->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) ended = 1;
            at += sizeof(struct inotify_event) + event->len;
        }
    }
}
