#ifndef WAYPOINT_CSYSTEM_H
#define WAYPOINT_CSYSTEM_H
// Shims for what Swift cannot import directly (epoll's packed epoll_event). Filled in by HTTPServer work.
#endif
