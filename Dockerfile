# Waypoint container image.
#
#   docker build -t waypoint .
#   docker run -p 8080:8080 -v waypoint-data:/data waypoint
#
# .ci/check-dockerfile.sh checks this file and runs the same build and layout without a container engine.

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

# The Swift runtime and Foundation are linked in, so the runtime image needs no Swift toolchain.
# The binary lands in /build/.build/release/waypoint (release is a link to the platform's folder).
RUN swift build -c release --static-swift-stdlib --product waypoint --scratch-path /build/.build

# ---- run: a slim Debian with only what the binary links against ----
FROM debian:bookworm-slim

LABEL org.opencontainers.image.title="Waypoint" \
      org.opencontainers.image.description="MVVM-C on the server: server-rendered HTML whose URLs are deep links"

# libssl3: libssl.so.3 and libcrypto.so.3 (the only shared libraries outside the base image).
# curl: the HEALTHCHECK probe (the binary has no probe of its own).
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends libssl3 curl \
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
COPY --from=build /build/.build/release/waypoint /app/waypoint
COPY --from=build /usr/libexec/swift/linux/swift-backtrace-static /app/swift-backtrace-static
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
# First start seeds the data folder, hence the start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD curl --fail --silent --show-error --max-time 4 --output /dev/null "http://127.0.0.1:${PORT}/healthz" || exit 1

# Exec form: the binary is PID 1 and receives SIGTERM itself.
ENTRYPOINT ["/app/waypoint"]
