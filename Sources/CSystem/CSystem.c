#define _GNU_SOURCE
#include <sys/socket.h>
#include "CSystem.h"

int wp_accept(int fd, struct sockaddr *address, socklen_t *length) {
    return accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

/// Set on an event loop's thread while it runs: blocking calls check it and trap.
static _Thread_local int wp_event_loop_thread = 0;

void wp_mark_event_loop_thread(int on) { wp_event_loop_thread = on; }

int wp_is_event_loop_thread(void) { return wp_event_loop_thread; }
