#!/usr/bin/env bash
# Makes, on this machine, the two base images that Waypoint's Dockerfile names, so that the real
# Dockerfile can be built and run with podman although no image registry is reachable here:
#   localhost/debian:bookworm-slim   debootstrap (minbase) from Debian's packages, trimmed
#   localhost/swift:TAG-bookworm     that, plus the Swift image's build packages and this machine's toolchain in /usr
# Usage: make-base-images.sh [SWIFT_TAG]   (default: the tag in the Dockerfile's `FROM swift:…-bookworm`)
# .ci/check-container.sh runs it when the images are missing, then builds and runs with podman (runc, low
# ulimits, host network, --pull=never); README.md's Container section has the commands.
# Takes ~3–4 minutes and ~5 GB of disk; re-running replaces the images. Needs root (apt, chroot).
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:-$(sed -n 's/^FROM swift:\([0-9.]*\)-bookworm.*/\1/p' Dockerfile 2>/dev/null | head -1)}"
[ -n "$tag" ] || { echo "make-base-images: no Swift tag given and none found in ./Dockerfile" >&2; exit 2; }
export DEBIAN_FRONTEND=noninteractive
command -v podman >/dev/null && command -v runc >/dev/null && command -v debootstrap >/dev/null || {
  apt-get update -qq && apt-get install -y -qq --no-install-recommends podman runc debootstrap >/dev/null; }
mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
[ -n "$mirror" ] || mirror=$(awk '$1=="deb" && $3=="bookworm" {print $2; exit}' /etc/apt/sources.list 2>/dev/null)
[ -n "$mirror" ] || { echo "make-base-images: no Debian mirror configured for apt" >&2; exit 1; }
swift_usr=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
work=$(mktemp -d /tmp/base-images.XXXXXX); trap 'rm -rf "$work"' EXIT; trap 'exit 143' TERM INT

echo "== debian:bookworm-slim (debootstrap minbase)"
debootstrap --variant=minbase bookworm "$work/slim" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
rm -rf "$work/slim/var/lib/apt/lists/"* "$work/slim/var/cache/apt/"*.bin "$work/slim/usr/share/doc/"* "$work/slim/usr/share/man/"* "$work/slim/usr/share/locale/"*
tar -C "$work/slim" -c . | podman import -q - localhost/debian:bookworm-slim >/dev/null

echo "== swift:$tag-bookworm (build packages + the toolchain from $swift_usr)"
cp -a "$work/slim" "$work/swift"; cp /etc/resolv.conf "$work/swift/etc/resolv.conf"
chroot "$work/swift" /bin/sh -c 'export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq --no-install-recommends binutils git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev libz3-dev pkg-config tzdata zlib1g-dev ca-certificates >/dev/null && rm -rf /var/lib/apt/lists/*'
cp -a "$swift_usr/." "$work/swift/usr/"
tar -C "$work/swift" -c . | podman import -q - "localhost/swift:$tag-bookworm" >/dev/null
podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'localhost/(debian|swift)'
