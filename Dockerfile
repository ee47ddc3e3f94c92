# Waypoint container image.
#
#   docker build -t waypoint .
#   docker run -p 8080:8080 -v waypoint-data:/data waypoint
#
# .ci/check-container.sh builds this file with podman, runs the image as its own user on a named volume,
# probes it, restarts it, stops it and lints the instructions below.

# ---- build: the same toolchain as development (Swift 6.3.1 on Debian 12, like the runtime stage) ----
FROM swift:6.3.1-bookworm AS build

# COpenSSL links the system OpenSSL, so the headers must be there at build time.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends libssl-dev \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build
# Manifest and sources first: editing Public/ or Templates/ does not rebuild the binary.
# Tests/ is copied because the manifest declares test targets, which SwiftPM checks exist.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests

# The Swift runtime and FoundationEssentials are linked in, so the runtime image needs no Swift toolchain.
# Sources import FoundationEssentials, never Foundation: FoundationInternationalization and ICU, about
# 45 MB of code and data, stay out of the binary.
# The binary lands in /build/.build/release/waypoint (release is a link to the platform's folder).
RUN swift build -c release --static-swift-stdlib --product waypoint --scratch-path /build/.build
# Debug information and the symbol table are half the binary (33 MB unstripped, 17 MB stripped). A crash
# still prints its backtrace, with addresses instead of names; the build stage (--target build) keeps the
# unstripped binary at /build/.build/release/waypoint to symbolicate one.
RUN strip --strip-all -o /build/waypoint /build/.build/release/waypoint
# The backtracer reads the crashed process, not its own symbols: stripped, it still prints the same
# backtrace (10.4 MB → 7.2 MB; the image's layers have a 40 MB budget).
RUN strip --strip-all -o /build/swift-backtrace-static /usr/libexec/swift/linux/swift-backtrace-static

# ---- run: a slim Debian with only what the binary links against ----
FROM debian:bookworm-slim

LABEL org.opencontainers.image.title="Waypoint" \
      org.opencontainers.image.description="MVVM-C on the server: server-rendered HTML whose URLs are deep links"

# libssl3: libssl.so.3 and libcrypto.so.3 (the only shared libraries outside the base image).
# ca-certificates: the system CAs that a rediss:// URL is verified against without --redis-ca.
# No curl: the HEALTHCHECK speaks HTTP through bash, which the base image has.
# apt-get clean: apt's package caches (~80 MB) must not stay in the layer where the base image does not
# remove them itself.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends libssl3 ca-certificates \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/*

# A fixed numeric id, so orchestrators can verify the user is not root and a bind-mounted data folder
# can be handed to it (chown 10001:10001); a named volume starts out owned by it.
RUN groupadd --system --gid 10001 waypoint \
    && useradd --system --uid 10001 --gid waypoint --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin waypoint \
    && mkdir -p /data \
    && chown waypoint:waypoint /data \
    && chmod 700 /data

WORKDIR /app
# Owned by root: the server reads these and writes only to /data.
COPY --from=build /build/waypoint /app/waypoint
COPY --from=build /build/swift-backtrace-static /app/swift-backtrace-static
COPY Public /app/Public
COPY Templates /app/Templates

ENV HOST=0.0.0.0 \
    PORT=8080 \
    WAYPOINT_DATA=/data \
    WAYPOINT_PUBLIC=/app/Public \
    WAYPOINT_TEMPLATES=/app/Templates \
    SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=/app/swift-backtrace-static

# Declared after the chown: a fresh named volume copies the folder, ownership included.
VOLUME /data
EXPOSE 8080
USER 10001:10001

# The server finishes the requests in flight on SIGTERM and exits 0.
# SIGTERM: /readyz turns 503, the server serves on for WAYPOINT_SHUTDOWN_GRACE seconds (default 5),
# then stops accepting, finishes requests in flight, saves and exits 0. Give docker stop -t more than that.
STOPSIGNAL SIGTERM
# First start seeds the data folder, hence the start period. bash's /dev/tcp sends the request and the
# status line must say 200; a hung server is cut off by --timeout. (Build with --format docker under
# podman: the OCI format has no HEALTHCHECK.)
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT} && printf 'GET /healthz HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n' >&3 && read -r -t 4 status <&3 && [[ $status == *' 200 '* ]]"]

# Exec form: the binary is PID 1 and receives SIGTERM itself.
ENTRYPOINT ["/app/waypoint"]
