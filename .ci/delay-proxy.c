/* A TCP proxy on loopback that holds every chunk DELAY_MS milliseconds in each direction, to put a
 * server "further away" where tc netem is not available (bench-redis.sh builds it with cc).
 *
 * Why C and not asyncio: asyncio's timers round up to the millisecond in epoll_wait, so "0.5 ms each
 * way" held every chunk about 1.1 ms, a 2.4 ms round trip instead of 1 ms. Here a chunk is due at
 * read time + DELAY exactly (CLOCK_MONOTONIC, nanoseconds) and an absolute timerfd with 1 ns of timer
 * slack wakes the proxy when the oldest one is: on an idle machine the round trip is 2 x DELAY plus
 * some 50 µs. At DELAY 0 a chunk is written as soon as it is read (when nothing waits before it), so
 * the proxy at 0 is the same program with the same per-chunk work minus the wait: the fair peer.
 * Order is kept: each direction is one queue, written in the order it was read, each chunk no
 * earlier than its due time. One thread, epoll, non-blocking sockets; a closed or failed side
 * closes its pair (Redis clients reconnect).
 *
 * Usage: delay-proxy LISTEN_PORT TARGET_PORT DELAY_MS     (DELAY_MS may be fractional: 0.5) */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

struct chunk {
    struct chunk *next;
    uint64_t due;
    size_t length, offset;
    char bytes[];
};

/* One side of a proxied connection: its socket and what waits to be written to it. */
struct end {
    int fd;
    struct end *peer;
    struct chunk *head, *tail;
    int watches_out;
    struct end *next_end; /* every open end, to find the next due chunk */
};

static int epoll_fd, timer_fd, listen_fd, target_port;
static uint64_t delay_ns;
static struct end *ends;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void watch(struct end *e, int out) {
    struct epoll_event event = {.events = EPOLLIN | EPOLLRDHUP | (out ? EPOLLOUT : 0), .data.ptr = e};
    epoll_ctl(epoll_fd, EPOLL_CTL_MOD, e->fd, &event);
    e->watches_out = out;
}

static void close_pair(struct end *e) {
    struct end *pair[2] = {e, e->peer};
    for (int i = 0; i < 2; i++) {
        struct end **link = &ends;
        while (*link && *link != pair[i]) link = &(*link)->next_end;
        if (*link) *link = pair[i]->next_end;
        close(pair[i]->fd);
        while (pair[i]->head) {
            struct chunk *c = pair[i]->head;
            pair[i]->head = c->next;
            free(c);
        }
    }
    free(pair[0] < pair[1] ? pair[0] : pair[1]); /* both ends live in one allocation */
}

/* Writes what is due to `e`; -1 when the socket failed (the pair is then closed by the caller). */
static int flush(struct end *e, uint64_t now) {
    while (e->head && e->head->due <= now) {
        struct chunk *c = e->head;
        ssize_t n = write(e->fd, c->bytes + c->offset, c->length - c->offset);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                if (!e->watches_out) watch(e, 1);
                return 0;
            }
            if (errno == EINTR) continue;
            return -1;
        }
        c->offset += (size_t)n;
        if (c->offset < c->length) continue;
        e->head = c->next;
        if (!e->head) e->tail = NULL;
        free(c);
    }
    if (e->watches_out) watch(e, 0);
    return 0;
}

/* Reads what `from` has into its peer's queue; -1 at end of stream or on failure. */
static int pump(struct end *from, uint64_t now) {
    static char buffer[65536];
    struct end *to = from->peer;
    for (;;) {
        ssize_t n = read(from->fd, buffer, sizeof buffer);
        if (n == 0) return -1;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
        size_t offset = 0;
        if (delay_ns == 0 && !to->head) { /* nothing waits before it: straight through */
            ssize_t w = write(to->fd, buffer, (size_t)n);
            if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return -1;
            offset = w > 0 ? (size_t)w : 0;
            if (offset == (size_t)n) continue;
        }
        struct chunk *c = malloc(sizeof *c + (size_t)n - offset);
        if (!c) return -1;
        c->next = NULL;
        c->due = now + delay_ns;
        c->length = (size_t)n - offset;
        c->offset = 0;
        memcpy(c->bytes, buffer + offset, c->length);
        if (to->tail) to->tail->next = c; else to->head = c;
        to->tail = c;
        if (delay_ns == 0) flush(to, now);
        if ((size_t)n < sizeof buffer) return 0;
    }
}

static void accept_all(void) {
    for (;;) {
        int client = accept4(listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client < 0) return;
        int upstream = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_in target = {.sin_family = AF_INET, .sin_port = htons((uint16_t)target_port)};
        target.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (upstream < 0 || connect(upstream, (struct sockaddr *)&target, sizeof target) != 0) {
            close(client);
            if (upstream >= 0) close(upstream);
            continue;
        }
        int one = 1;
        setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        setsockopt(upstream, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        fcntl(upstream, F_SETFL, O_NONBLOCK);
        struct end *pair = calloc(2, sizeof *pair);
        pair[0].fd = client;
        pair[1].fd = upstream;
        pair[0].peer = &pair[1];
        pair[1].peer = &pair[0];
        for (int i = 0; i < 2; i++) {
            struct epoll_event event = {.events = EPOLLIN | EPOLLRDHUP, .data.ptr = &pair[i]};
            epoll_ctl(epoll_fd, EPOLL_CTL_ADD, pair[i].fd, &event);
            pair[i].next_end = ends;
            ends = &pair[i];
        }
    }
}

/* Flushes every due chunk and arms the timer for the next one. */
static void settle(void) {
    uint64_t now = now_ns(), next = 0;
    for (struct end *e = ends; e;) {
        struct end *following = e->next_end;
        if (flush(e, now) != 0) {
            /* closing removes e and its peer: start over from the list's head */
            close_pair(e);
            e = ends;
            continue;
        }
        if (e->head && e->head->due > now && (next == 0 || e->head->due < next)) next = e->head->due;
        e = following;
    }
    struct itimerspec spec = {0};
    if (next) {
        spec.it_value.tv_sec = (time_t)(next / 1000000000u);
        spec.it_value.tv_nsec = (long)(next % 1000000000u);
    }
    timerfd_settime(timer_fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s LISTEN_PORT TARGET_PORT DELAY_MS\n", argv[0]);
        return 2;
    }
    target_port = atoi(argv[2]);
    delay_ns = (uint64_t)(atof(argv[3]) * 1e6);
    signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0); /* wake at the due time, not up to 50 µs after */

    listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1]))};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listen_fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(listen_fd, 128) != 0) {
        perror("delay-proxy: listen");
        return 1;
    }
    epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    struct epoll_event listening = {.events = EPOLLIN, .data.ptr = &listen_fd};
    struct epoll_event timer = {.events = EPOLLIN, .data.ptr = &timer_fd};
    epoll_ctl(epoll_fd, EPOLL_CTL_ADD, listen_fd, &listening);
    epoll_ctl(epoll_fd, EPOLL_CTL_ADD, timer_fd, &timer);

    struct epoll_event events[64];
    for (;;) {
        int count = epoll_wait(epoll_fd, events, 64, -1);
        if (count < 0 && errno != EINTR) {
            perror("delay-proxy: epoll_wait");
            return 1;
        }
        uint64_t now = now_ns();
        for (int i = 0; i < count; i++) {
            void *source = events[i].data.ptr;
            if (source == &listen_fd) {
                accept_all();
            } else if (source == &timer_fd) {
                uint64_t expirations;
                (void)!read(timer_fd, &expirations, sizeof expirations);
            } else {
                struct end *e = source;
                /* a pair closed earlier in this batch is gone: skip events of freed ends */
                struct end *open = ends;
                while (open && open != e) open = open->next_end;
                if (!open) continue;
                if ((events[i].events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) && pump(e, now) != 0) {
                    close_pair(e);
                    continue;
                }
                if ((events[i].events & EPOLLOUT) && flush(e, now) != 0) close_pair(e);
            }
        }
        settle();
    }
}
