#ifndef WAYPOINT_CSYSTEM_H
#define WAYPOINT_CSYSTEM_H
// Shims for what Swift cannot import cleanly: epoll's packed epoll_event, eventfd, errno and
// signal masks. Everything is static inline so the calls cost nothing over the libc ones.

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

enum {
    WP_EPOLLIN = EPOLLIN,
    WP_EPOLLOUT = EPOLLOUT,
    WP_EPOLLERR = EPOLLERR,
    WP_EPOLLHUP = EPOLLHUP,
    WP_EPOLLRDHUP = EPOLLRDHUP,
};

static inline int wp_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// Registers `fd` with a caller-chosen 64-bit token that comes back with each of its events.
static inline int wp_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof(event));
    event.events = events;
    event.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &event);
}

static inline int wp_epoll_add(int epfd, int fd, uint32_t events, uint64_t token) { return wp_epoll_ctl(epfd, EPOLL_CTL_ADD, fd, events, token); }
static inline int wp_epoll_mod(int epfd, int fd, uint32_t events, uint64_t token) { return wp_epoll_ctl(epfd, EPOLL_CTL_MOD, fd, events, token); }
static inline int wp_epoll_del(int epfd, int fd) { return wp_epoll_ctl(epfd, EPOLL_CTL_DEL, fd, 0, 0); }

/// Waits for up to `max` (at most 256) events and copies tokens and event masks into plain arrays.
static inline int wp_epoll_wait(int epfd, uint64_t *tokens, uint32_t *events, int max, int timeoutMilliseconds) {
    struct epoll_event buffer[256];
    if (max > 256) max = 256;
    int count = epoll_wait(epfd, buffer, max, timeoutMilliseconds);
    for (int i = 0; i < count; i++) {
        tokens[i] = buffer[i].data.u64;
        events[i] = buffer[i].events;
    }
    return count;
}

static inline int wp_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/// A blocking eventfd counting like a semaphore: each read waits for and takes one unit.
static inline int wp_eventfd_semaphore(void) { return eventfd(0, EFD_SEMAPHORE | EFD_CLOEXEC); }

static inline int wp_eventfd_add(int fd, uint64_t count) { return (int)write(fd, &count, sizeof(count)); }

static inline int wp_eventfd_signal(int fd) {
    uint64_t one = 1;
    return (int)write(fd, &one, sizeof(one));
}

static inline int wp_eventfd_drain(int fd) {
    uint64_t value = 0;
    return (int)read(fd, &value, sizeof(value));
}

/// accept4 (a GNU extension the Glibc module hides): accepts as non-blocking and close-on-exec in one call.
int wp_accept(int fd, struct sockaddr *address, socklen_t *length);

/// Marks (1) or unmarks (0) the calling thread as an event loop's (a thread-local flag).
void wp_mark_event_loop_thread(int on);

/// Whether the calling thread is marked as an event loop's.
int wp_is_event_loop_thread(void);

static inline int wp_errno(void) { return errno; }

/// Blocks SIGTERM and SIGINT in the calling thread (and every thread it starts later), so that
/// `wp_wait_termination_signal` can receive them synchronously.
static inline int wp_block_termination_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    return pthread_sigmask(SIG_BLOCK, &set, NULL);
}

/// Ignores SIGPIPE process-wide: a closed stdout pipe must surface as a write error, not kill the server.
static inline void wp_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

/// send(2) that reports a vanished peer as EPIPE instead of raising SIGPIPE. Kept here rather than in
/// COpenSSL so socket headers are owned by one C module, and Swift files that import only Glibc
/// still see SOCK_STREAM and friends.
static inline long wp_send_nosignal(int fd, const void *bytes, size_t length) {
    return (long)send(fd, bytes, length, MSG_NOSIGNAL);
}

/// Waits for SIGTERM or SIGINT; returns the signal number.
static inline int wp_wait_termination_signal(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    int signal = 0;
    while (sigwait(&set, &signal) != 0) {}
    return signal;
}

/// The calling thread's nice value (Linux keeps one per thread), or INT32_MIN when it cannot be read.
static inline int wp_thread_niceness(void) {
    errno = 0;
    int value = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
    return (value == -1 && errno != 0) ? INT32_MIN : value;
}

/// Makes the calling thread `increment` nicer (capped at 19), so the scheduler lets threads at the
/// normal priority (the event loops) run first. Raising niceness needs no privilege. Returns the
/// thread's new nice value, or INT32_MIN on failure.
static inline int wp_lower_thread_priority(int increment) {
    int current = wp_thread_niceness();
    if (current == INT32_MIN) return INT32_MIN;
    int wanted = current + increment > 19 ? 19 : current + increment;
    if (setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), wanted) != 0) return INT32_MIN;
    return wanted;
}

#endif
