#define _GNU_SOURCE
#include <sys/socket.h>
#include "CSystem.h"

int wp_accept(int fd, struct sockaddr *address, socklen_t *length) {
    return accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
