#!/usr/bin/env bash
# Checks Waypoint's container image without a container engine.
#   1. Reads the Dockerfile: a build stage 'FROM swift:… AS build' and a slim final stage on the same Debian
#      release; 'swift build -c release --static-swift-stdlib --product waypoint' with libssl-dev; COPY
#      sources present in the build context and not ignored; COPY --from=build taking the binary from where
#      that build puts it (or a toolchain file that exists); Public/ and Templates/ beside the binary, named
#      by WAYPOINT_PUBLIC/WAYPOINT_TEMPLATES; ENV HOST=0.0.0.0; an exec-form ENTRYPOINT running the binary;
#      a USER that is not root; EXPOSE 8080; WAYPOINT_DATA as a VOLUME; STOPSIGNAL SIGTERM; a HEALTHCHECK
#      on /healthz whose tool the image installs; .dockerignore excluding .build*, data, .git.
#   2. Runs the same release build here; the binary (and the copied backtracer) may link only libraries of
#      the base image or of packages the final stage installs, and no Swift runtime library; every ENV the
#      image sets is an option of 'waypoint --help'.
#   3. Lays out the image's files in a temporary folder and starts the binary as the container would: as a
#      non-root user (root only: a system user, CHECK_USER) and as PID 1 of its own PID namespace, with the
#      image's environment (HOST=127.0.0.1 and a free PORT). Expects /healthz 200, / 200 (redirects
#      followed), a static file byte for byte, then exit 0 within STOP_TIMEOUT of SIGTERM with an idle
#      connection open. Always stops the server and removes the folder.
#
# Usage: .ci/check-dockerfile.sh [--static-only]   (--static-only: step 1 alone, in about a second)
# Environment: SCRATCH_PATH (default .build-release), STARTUP_TIMEOUT (s, default 60: first start seeds
#              the data folder), STOP_TIMEOUT (s, default 10: docker stop's grace period),
#              CHECK_USER (default waypoint-ci).
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH_PATH=${SCRATCH_PATH:-.build-release}
STARTUP_TIMEOUT=${STARTUP_TIMEOUT:-60}
STOP_TIMEOUT=${STOP_TIMEOUT:-10}
CHECK_USER=${CHECK_USER:-waypoint-ci}
PRODUCT=waypoint
STATIC_ONLY=0
case "${1:-}" in
    --static-only) STATIC_ONLY=1 ;;
    "") ;;
    *) echo "usage: $0 [--static-only]" >&2; exit 2 ;;
esac

failures=0
pass() { printf '  ok    %s\n' "$*"; }
fail() { printf '  FAIL  %s\n' "$*"; failures=$((failures + 1)); }
note() { printf '  note  %s\n' "$*"; }
section() { printf '\n== %s\n' "$*"; }
finish() {
    if [ "$failures" -gt 0 ]; then
        printf '\n%d check(s) failed.\n' "$failures"
        exit 1
    fi
}
started=$(date +%s)

# Whatever happens, stop the server this script started and remove its temporary files.
build_log=""
stage_root=""
server_pid=""
launcher_pid=""
cleanup() {
    exec 3<&-
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
    if [ -n "$launcher_pid" ]; then kill -KILL "$launcher_pid" 2>/dev/null || true; wait "$launcher_pid" 2>/dev/null || true; fi
    local tries=0
    while [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null && [ "$tries" -lt 30 ]; do sleep 0.1; tries=$((tries + 1)); done
    if [ -n "$stage_root" ]; then rm -rf "$stage_root"; fi
    if [ -n "$build_log" ]; then rm -f "$build_log"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap 'echo "check-dockerfile.sh: unexpected failure at line $LINENO" >&2' ERR

# ---------------------------------------------------------------------------------------------------
# 1. The Dockerfile, read as instructions
# ---------------------------------------------------------------------------------------------------
section "Dockerfile"
[ -f Dockerfile ] || { fail "no Dockerfile at the top of the repository"; finish; }

# One logical instruction per line: comment and blank lines dropped, continuation lines joined.
mapfile -t lines < <(awk '
    /^[[:space:]]*#/ { next }
    /^[[:space:]]*$/ { next }
    {
        sub(/[[:space:]]+$/, "")
        if (sub(/\\$/, "")) { buffer = buffer $0 " "; next }
        print buffer $0; buffer = ""
    }
    END { if (buffer != "") print buffer }
' Dockerfile)

stage_count=0
declare -a inst_stage=() inst_name=() inst_args=() inst_workdir=()
declare -A stage_alias=() stage_image=()
workdir=/
for line in "${lines[@]}"; do
    line="${line#"${line%%[![:space:]]*}"}"
    name="${line%%[[:space:]]*}"
    name="${name^^}"
    args="${line#"${line%%[[:space:]]*}"}"
    args="${args#"${args%%[![:space:]]*}"}"
    if [ "$name" = FROM ]; then
        stage_count=$((stage_count + 1))
        workdir=/
        read -ra words <<<"$args"
        image=""
        for word in "${words[@]}"; do [[ $word == --* ]] || { image=$word; break; }; done
        stage_image[$stage_count]=$image
        if [ "${#words[@]}" -ge 3 ] && [ "${words[-2]^^}" = AS ]; then stage_alias[$stage_count]=${words[-1]}; fi
    elif [ "$name" = WORKDIR ]; then
        if [[ $args == /* ]]; then workdir=$args; else workdir="${workdir%/}/$args"; fi
    fi
    inst_stage+=("$stage_count")
    inst_name+=("$name")
    inst_args+=("$args")
    inst_workdir+=("$workdir")
done
final=$stage_count

# Instructions of one stage: "index" lines for the caller to loop over.
indexes() { # stage instruction
    local i
    for i in "${!inst_name[@]}"; do
        if [ "${inst_stage[$i]}" = "$1" ] && [ "${inst_name[$i]}" = "$2" ]; then echo "$i"; fi
    done
}
# Absolute form of a path written in the Dockerfile, relative to the instruction's WORKDIR.
absolute() { # path workdir
    case "$1" in
        /*) echo "$1" ;;
        ./*) echo "${2%/}/${1#./}" ;;
        *) echo "${2%/}/$1" ;;
    esac
}
# The words of an exec-form (JSON array) or shell-form argument list.
words_of() {
    local text=$1
    if [[ $text == \[* ]]; then
        text=${text#[}; text=${text%]}
        text=${text//,/ }; text=${text//\"/}
    fi
    echo "$text"
}

# Stages
build_stage=0
for stage in $(seq 1 "$stage_count"); do
    if [ "${stage_alias[$stage]:-}" = build ]; then build_stage=$stage; fi
done
if [ "$stage_count" -ge 2 ]; then pass "$stage_count stages"; else fail "expected a build stage and a runtime stage, found $stage_count FROM"; fi
if [ "$build_stage" -gt 0 ] && [ "$build_stage" -lt "$final" ]; then
    pass "build stage 'FROM ${stage_image[$build_stage]} AS build'"
else
    fail "no stage named 'build' before the final stage (expected 'FROM swift:… AS build')"
fi
if [ "$build_stage" -gt 0 ] && [[ ${stage_image[$build_stage]} != swift:* ]]; then
    fail "the build stage starts from '${stage_image[$build_stage]}', expected the official swift image"
fi
if [[ ${stage_image[$final]:-} == swift:* ]]; then
    fail "the final stage starts from the Swift toolchain image '${stage_image[$final]}': run in a slim image"
else
    pass "final stage 'FROM ${stage_image[$final]:-?}'"
fi

# One Debian release for both stages: the binary links the build stage's glibc and OpenSSL.
codename() { grep -oE '(buster|bullseye|bookworm|trixie|focal|jammy|noble)' <<<"$1" | head -n 1 || true; }
build_release=$(codename "${stage_image[$build_stage]:-}")
final_release=$(codename "${stage_image[$final]:-}")
if [ -n "$build_release" ] && [ "$build_release" = "$final_release" ]; then
    pass "both stages are Debian $build_release"
else
    fail "the build stage (${build_release:-unknown release}) and the final stage (${final_release:-unknown release}) must be the same distribution release"
fi
local_release=$(sed -n "s/^VERSION_CODENAME=//p" /etc/os-release 2>/dev/null || true)
if [ -n "$build_release" ] && [ "$local_release" != "$build_release" ]; then
    note "this machine is ${local_release:-not Debian}, the image $build_release: the shared-library check below describes this machine's build"
fi

# The release, static-stdlib build
build_scratch=""
for i in $(indexes "$build_stage" RUN); do
    args=${inst_args[$i]}
    [[ $args == *"swift build"* ]] || continue
    command=${args#*swift build}
    command=${command%%&&*}
    if [[ " $command " =~ [[:space:]](-c[[:space:]]+release|--configuration[[:space:]]+release|-c=release|--configuration=release)[[:space:]] ]] \
        && [[ " $command " == *" --static-swift-stdlib "* ]] && [[ " $command " =~ [[:space:]]--product[[:space:]=]${PRODUCT}[[:space:]] ]]; then
        scratch=".build"
        if [[ " $command " =~ [[:space:]]--scratch-path[[:space:]=]([^[:space:]]+) ]]; then scratch=${BASH_REMATCH[1]}; fi
        build_scratch=$(absolute "$scratch" "${inst_workdir[$i]}")
    fi
done
if [ -n "$build_scratch" ]; then
    pass "build stage runs 'swift build -c release --static-swift-stdlib --product $PRODUCT' (output under $build_scratch)"
else
    fail "the build stage has no 'swift build -c release --static-swift-stdlib --product $PRODUCT'"
fi
if grep -Eq 'apt-get install[^&;|]*libssl-dev' <<<"$(for i in $(indexes "$build_stage" RUN); do echo "${inst_args[$i]}"; done)"; then
    pass "build stage installs libssl-dev (COpenSSL)"
else
    fail "the build stage does not install libssl-dev, which COpenSSL needs"
fi

# Runtime packages of the final stage
final_packages=()
for i in $(indexes "$final" RUN); do
    while read -r install; do
        read -ra words <<<"$install"
        for word in "${words[@]:2}"; do [[ $word == -* ]] || final_packages+=("$word"); done
    done < <(grep -oE 'apt-get install[^&;|]*' <<<"${inst_args[$i]}" || true)
done
installs() { local p; for p in "${final_packages[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }
note "final stage installs: ${final_packages[*]:-(nothing)}"
if installs libssl-dev; then fail "the final stage installs libssl-dev: the runtime needs libssl3 only"; fi

# Environment of the final stage (stages inherit nothing from each other)
declare -A final_env=()
for i in $(indexes "$final" ENV); do
    read -ra words <<<"${inst_args[$i]}"
    if [[ ${words[0]} != *=* ]]; then
        final_env[${words[0]}]="${words[*]:1}"
    else
        for word in "${words[@]}"; do
            value=${word#*=}; value=${value#\"}; value=${value%\"}
            final_env[${word%%=*}]=$value
        done
    fi
done
if [ "${final_env[HOST]:-}" = 0.0.0.0 ]; then
    pass "ENV HOST=0.0.0.0"
else
    fail "the final stage must set ENV HOST=0.0.0.0 (found '${final_env[HOST]:-unset}'): 127.0.0.1 is unreachable from outside a container"
fi

# COPY: sources exist, and what the build stage produced is copied from where the build puts it
toolchain_root=""
if command -v swift >/dev/null; then toolchain_root=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"); fi
ignored() { # top-level name excluded by .dockerignore (simple patterns only)
    local pattern
    [ -f .dockerignore ] || return 1
    while read -r pattern; do
        pattern=${pattern%/}; pattern=${pattern#/}
        [ -z "$pattern" ] || [[ $pattern == \#* ]] || [[ $pattern == !* ]] && continue
        # shellcheck disable=SC2053
        [[ $1 == $pattern ]] && return 0
    done <.dockerignore
    return 1
}
declare -A copied=()   # image path → repository path, or "build:<path in build stage>"
binary_destination=""
for i in $(indexes "$final" COPY) $(indexes "$final" ADD); do
    from=""
    sources=()
    read -ra words <<<"$(words_of "${inst_args[$i]}")"
    for word in "${words[@]}"; do
        case "$word" in
            --from=*) from=${word#--from=} ;;
            --*) ;;
            *) sources+=("$word") ;;
        esac
    done
    if [ "${#sources[@]}" -lt 2 ]; then fail "${inst_name[$i]} ${inst_args[$i]}: needs a source and a destination"; continue; fi
    destination=$(absolute "${sources[-1]}" "${inst_workdir[$i]}")
    unset 'sources[-1]'
    for source in "${sources[@]}"; do
        target=$destination
        if [[ $destination == */ ]] || [ "${#sources[@]}" -gt 1 ]; then target="${destination%/}/$(basename "$source")"; fi
        if [ -z "$from" ]; then
            relative=${source#./}; relative=${relative%/}
            if [ ! -e "$relative" ]; then
                fail "COPY $source: no such path in the repository"
            elif ignored "${relative%%/*}"; then
                fail "COPY $source: excluded by .dockerignore"
            else
                pass "COPY $source → $target (in the build context)"
                if git rev-parse --git-dir >/dev/null 2>&1 && [ -z "$(git ls-files -- "$relative" | head -n 1)" ]; then
                    note "COPY $source: present here but nothing under it is tracked by git, so a fresh checkout cannot build the image"
                fi
            fi
            copied[$target]=$relative
        elif [ "$from" = build ] || [ "$from" = "$build_stage" ]; then
            copied[$target]="build:$source"
            if [ -n "$build_scratch" ] && [[ $source =~ ^${build_scratch%/}/([a-z0-9_]+-[a-z0-9_]+-linux-gnu/)?release/$PRODUCT$ ]]; then
                binary_destination=$target
                pass "COPY --from=build $source → $target (where the release build puts $PRODUCT)"
            elif [ -n "$toolchain_root" ] && [ -e "$toolchain_root$source" ]; then
                pass "COPY --from=build $source → $target (toolchain file; here: $toolchain_root$source)"
            else
                fail "COPY --from=build $source: neither the release build's $PRODUCT (under ${build_scratch:-?}/release) nor a file of the Swift toolchain"
            fi
        else
            fail "COPY --from=$from $source: only the build stage is expected as a source stage"
        fi
    done
done
[ -n "$binary_destination" ] || fail "the final stage does not copy the built $PRODUCT from the build stage"
for folder in Public Templates; do
    found=""
    for target in "${!copied[@]}"; do [ "${copied[$target]}" = "$folder" ] && found=$target; done
    if [ -z "$found" ]; then
        fail "$folder/ is not copied into the final stage"
    elif [ -n "$binary_destination" ] && [ "$(dirname "$found")" != "$(dirname "$binary_destination")" ]; then
        fail "$folder/ is copied to $found, not beside the binary ($(dirname "$binary_destination"))"
    fi
done
for pair in WAYPOINT_PUBLIC:Public WAYPOINT_TEMPLATES:Templates; do
    variable=${pair%%:*}; folder=${pair#*:}
    value=${final_env[$variable]:-}
    if [ -n "$value" ] && [ "${copied[$(absolute "$value" "${inst_workdir[-1]}")]:-}" = "$folder" ]; then
        pass "ENV $variable=$value (where $folder/ is copied)"
    else
        fail "ENV $variable must point at the copied $folder/ folder (found '${value:-unset}')"
    fi
done

if [[ ${final_env[SWIFT_BACKTRACE]:-} =~ swift-backtrace=([^,]+) ]]; then
    backtracer=${BASH_REMATCH[1]}
    if [ -n "${copied[$backtracer]:-}" ]; then
        pass "SWIFT_BACKTRACE names the copied backtracer $backtracer"
    else
        fail "SWIFT_BACKTRACE names $backtracer, which the final stage does not copy: crashes would log no backtrace"
    fi
fi

# Entry point runs the copied binary
entry=""
for i in $(indexes "$final" ENTRYPOINT) $(indexes "$final" CMD); do
    read -ra words <<<"$(words_of "${inst_args[$i]}")"
    [ -n "$entry" ] || entry=$(absolute "${words[0]}" "${inst_workdir[$i]}")
    if [[ ${inst_args[$i]} != \[* ]] && [ "${inst_name[$i]}" = ENTRYPOINT ]; then
        fail "ENTRYPOINT in shell form runs /bin/sh as PID 1, which does not pass SIGTERM on: use the exec form"
    fi
done
if [ -z "$binary_destination" ]; then
    :
elif [ "$entry" = "$binary_destination" ]; then
    pass "ENTRYPOINT runs $entry"
else
    fail "ENTRYPOINT/CMD must start the copied binary ${binary_destination:-?} (found '${entry:-none}')"
fi

# Non-root user
user=""
for i in $(indexes "$final" USER); do user=${inst_args[$i]%%:*}; done
if [ -z "$user" ]; then
    fail "the final stage has no USER: the server would run as root"
elif [ "$user" = root ] || [ "$user" = 0 ]; then
    fail "the final stage's USER is root"
else
    pass "USER ${user} (not root)"
fi

# Port, volume, stop signal
exposed=""
for i in $(indexes "$final" EXPOSE); do exposed="$exposed ${inst_args[$i]}"; done
if [[ " $exposed " =~ [[:space:]]8080(/tcp)?[[:space:]] ]]; then pass "EXPOSE 8080"; else fail "EXPOSE 8080 is missing (found '${exposed# }')"; fi
if [ -n "${final_env[PORT]:-}" ] && [ "${final_env[PORT]}" != 8080 ]; then fail "ENV PORT=${final_env[PORT]} but EXPOSE 8080"; fi
volumes=()
for i in $(indexes "$final" VOLUME); do read -ra words <<<"$(words_of "${inst_args[$i]}")"; volumes+=("${words[@]}"); done
if [ "${#volumes[@]}" -eq 0 ]; then
    fail "no VOLUME: the data folder would live in the container's writable layer"
elif [ -n "${final_env[WAYPOINT_DATA]:-}" ] && printf '%s\n' "${volumes[@]}" | grep -qxF "${final_env[WAYPOINT_DATA]}"; then
    pass "VOLUME ${final_env[WAYPOINT_DATA]} is WAYPOINT_DATA"
else
    fail "ENV WAYPOINT_DATA ('${final_env[WAYPOINT_DATA]:-unset}') must be a VOLUME (${volumes[*]})"
fi
signal=""
for i in $(indexes "$final" STOPSIGNAL); do signal=${inst_args[$i]}; done
if [ "$signal" = SIGTERM ] || [ "$signal" = 15 ]; then pass "STOPSIGNAL SIGTERM"; else fail "STOPSIGNAL SIGTERM is missing (found '${signal:-none}')"; fi

# Health check
health=""
for i in $(indexes "$final" HEALTHCHECK); do health=${inst_args[$i]}; done
if [ -z "$health" ] || [[ ${health^^} == NONE* ]]; then
    fail "no HEALTHCHECK in the final stage"
elif [[ $health != *CMD* ]] || [[ $health != */healthz* ]]; then
    fail "the HEALTHCHECK does not probe /healthz: $health"
else
    probe=${health#*CMD}
    read -ra words <<<"$(words_of "${probe# }")"
    tool=$(basename "${words[0]}")
    if { [ "$tool" = curl ] || [ "$tool" = wget ]; } && ! installs "$tool"; then
        fail "the HEALTHCHECK runs $tool, which the final stage does not install (debian:bookworm-slim has neither curl nor wget)"
    else
        pass "HEALTHCHECK probes /healthz with $tool"
    fi
    if [[ $probe =~ (127\.0\.0\.1|localhost):([^/\"[:space:]]+) ]]; then
        port=${BASH_REMATCH[2]}
        # shellcheck disable=SC2016 # matches the literal text of the probe
        case "$port" in
            8080) ;;
            '${PORT}' | '$PORT') [ -n "${final_env[PORT]:-}" ] || fail "the HEALTHCHECK uses \$PORT but the final stage does not set ENV PORT" ;;
            *) fail "the HEALTHCHECK probes port $port, the server listens on 8080" ;;
        esac
    fi
fi

# .dockerignore
if [ -f .dockerignore ]; then
    for name in .build .build-release data .git; do
        if ignored "$name"; then pass ".dockerignore excludes $name"; else fail ".dockerignore does not exclude $name"; fi
    done
else
    fail "no .dockerignore: build folders, data and .git would be sent as build context"
fi

finish
if [ "$STATIC_ONLY" = 1 ]; then printf '\nDockerfile checks passed (%ss).\n' "$(($(date +%s) - started))"; exit 0; fi

# ---------------------------------------------------------------------------------------------------
# 2. The same release build, here
# ---------------------------------------------------------------------------------------------------
section "Release build (--scratch-path $SCRATCH_PATH)"
build_started=$(date +%s)
build_log=$(mktemp "${TMPDIR:-/tmp}/waypoint-release-build.XXXXXX")
if ! swift build -c release --static-swift-stdlib --product "$PRODUCT" --scratch-path "$SCRATCH_PATH" >"$build_log" 2>&1; then
    fail "the release build failed; its last lines:"
    tail -n 40 "$build_log" | sed 's/^/        | /'
    finish
fi
tail -n 1 "$build_log" | sed 's/^/        | /'
rm -f "$build_log"
bin_path=$(swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH_PATH" --show-bin-path)
binary="$bin_path/$PRODUCT"
pass "built $binary in $(($(date +%s) - build_started))s ($(du -h "$binary" | cut -f1))"
if [ -x "$SCRATCH_PATH/release/$PRODUCT" ]; then
    pass "$SCRATCH_PATH/release/$PRODUCT exists: the Dockerfile's ${build_scratch:-?}/release/$PRODUCT is the same layout"
else
    fail "$SCRATCH_PATH/release/$PRODUCT does not exist: the build puts the binary at $binary"
fi

# Shared libraries of every executable the image gets from the build stage: nothing of Swift, everything
# else in the base image or installed by the final stage.
base_packages=" libc6 libgcc-s1 libstdc++6 zlib1g "   # present in debian:bookworm-slim
check_libraries() { # file name
    local entry library path package candidate swift_linked=""
    mapfile -t libraries < <(ldd "$1" | awk '$2 == "=>" { print $1 " " $3 } $2 != "=>" && $1 ~ /^\// { print $1 " " $1 }')
    for entry in "${libraries[@]}"; do
        library=${entry%% *}; path=${entry#* }
        if [[ $library =~ (libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu) ]]; then
            swift_linked="$swift_linked $library"
            continue
        fi
        package=""
        if command -v dpkg >/dev/null; then
            for candidate in "$path" "/usr$path" "$(readlink -f "$path")"; do
                package=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$package" ] && break
            done
        fi
        if [ -z "$package" ]; then
            note "$2: $library ($path) has no Debian package here, cannot check the runtime stage installs it"
        elif [[ $base_packages == *" $package "* ]]; then
            note "$2: $library → $package (in debian:bookworm-slim)"
        elif installs "$package"; then
            pass "$2: $library → $package (installed by the final stage)"
        else
            fail "$2: $library → $package, which the final stage does not install"
        fi
    done
    if [ -z "$swift_linked" ]; then pass "$2: no Swift runtime library linked dynamically"; else fail "$2 links dynamically:$swift_linked"; fi
}
check_libraries "$binary" "$PRODUCT"
for target in "${!copied[@]}"; do
    source=${copied[$target]}
    if [[ $source == build:* ]] && [ "$target" != "$binary_destination" ] && [ -f "$toolchain_root${source#build:}" ]; then
        check_libraries "$toolchain_root${source#build:}" "$(basename "$target")"
    fi
done

help_text=$("$binary" --help)
for variable in "${!final_env[@]}"; do
    case "$variable" in SWIFT_* | PATH | LANG | LC_* | TZ) continue ;; esac
    if grep -qw -- "$variable" <<<"$help_text"; then
        pass "ENV $variable is an option of '$PRODUCT --help'"
    else
        fail "ENV $variable is not among the variables '$PRODUCT --help' lists"
    fi
done
finish

# ---------------------------------------------------------------------------------------------------
# 3. The image's layout, started as the container would start it
# ---------------------------------------------------------------------------------------------------
section "Staged run"
stage_root=$(mktemp -d "${TMPDIR:-/tmp}/waypoint-image.XXXXXX")
chmod 755 "$stage_root"
image_path() { echo "$stage_root$1"; }

# Files, as the final stage copies them (owned by root, read-only for the server).
for target in "${!copied[@]}"; do
    source=${copied[$target]}
    mkdir -p "$(dirname "$(image_path "$target")")"
    if [ "$target" = "$binary_destination" ]; then
        cp "$binary" "$(image_path "$target")"
    elif [[ $source == build:* ]]; then
        cp -R "$toolchain_root${source#build:}" "$(image_path "$target")"
    else
        cp -R "$source" "$(image_path "$target")"
    fi
done
chmod -R a+rX "$stage_root"
workdir=${inst_workdir[-1]}
mkdir -p "$(image_path "$workdir")"

# The server's user, and the data folder it owns.
run_as=()
if [ "$(id -u)" = 0 ]; then
    if ! id -u "$CHECK_USER" >/dev/null 2>&1; then
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$CHECK_USER"
    fi
    run_as=(setpriv --reuid="$(id -u "$CHECK_USER")" --regid="$(id -g "$CHECK_USER")" --clear-groups --)
else
    note "not root: the server runs as $(id -un), without switching user (CI runs this as root)"
fi
for volume in "${volumes[@]}"; do
    mkdir -p "$(image_path "$volume")"
    chmod 700 "$(image_path "$volume")"
    if [ "$(id -u)" = 0 ]; then chown "$CHECK_USER:" "$(image_path "$volume")"; fi
done

# The final stage's environment, with image paths moved into the staged folder.
port=""
for _ in $(seq 1 50); do
    candidate=$((20000 + RANDOM % 40000))
    if command -v ss >/dev/null; then
        ss -Htln "sport = :$candidate" | grep -q . && continue
    elif (exec 9<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
        continue
    fi
    port=$candidate
    break
done
[ -n "$port" ] || { fail "no free port found"; finish; }
prefixes=$(for path in "${!copied[@]}" "${volumes[@]}" "$workdir"; do echo "/$(cut -d/ -f2 <<<"$path")"; done | sort -u)
environment=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin)
for variable in "${!final_env[@]}"; do
    value=${final_env[$variable]}
    for prefix in $prefixes; do
        value=$(sed -E "s#(^|[=,:])${prefix}(/|$|,)#\\1${stage_root}${prefix}\\2#g" <<<"$value")
    done
    environment+=("$variable=$value")
done
environment+=(HOST=127.0.0.1 "PORT=$port")

# PID 1 of a fresh PID namespace, as with an exec-form ENTRYPOINT: a process that relies on default
# signal handling would ignore SIGTERM there.
namespace=()
if [ "$(id -u)" = 0 ] && unshare --pid --fork -- true 2>/dev/null; then
    namespace=(unshare --pid --fork --kill-child --)
else
    note "cannot create a PID namespace here: the server runs as an ordinary process, not PID 1"
fi

log="$stage_root/server.log"
(cd "$(image_path "$workdir")" && exec "${namespace[@]}" "${run_as[@]}" env -i "${environment[@]}" "$(image_path "$binary_destination")") >"$log" 2>&1 &
launcher_pid=$!
if [ "${#namespace[@]}" -gt 0 ]; then
    for _ in $(seq 1 50); do
        server_pid=$(pgrep -P "$launcher_pid" | head -n 1 || true)
        [ -n "$server_pid" ] && break
        sleep 0.1
    done
else
    server_pid=$launcher_pid
fi
show_log() { sed 's/^/        | /' "$log" | tail -n 20; }

url="http://127.0.0.1:$port"
deadline=$(($(date +%s) + STARTUP_TIMEOUT))
status=""
while [ "$(date +%s)" -lt "$deadline" ]; do
    if ! kill -0 "$launcher_pid" 2>/dev/null; then break; fi
    status=$(curl --silent --output /dev/null --write-out '%{http_code}' --max-time 3 "$url/healthz" || true)
    [ "$status" = 200 ] && break
    sleep 0.2
done
if [ "$status" = 200 ]; then
    pass "GET /healthz → 200 after $(($(date +%s) - deadline + STARTUP_TIMEOUT))s"
elif ! kill -0 "$launcher_pid" 2>/dev/null; then
    code=0
    wait "$launcher_pid" || code=$?
    launcher_pid=""
    fail "the server exited (status $code) before /healthz answered 200; server log:"
    show_log
    finish
else
    fail "GET /healthz did not answer 200 within ${STARTUP_TIMEOUT}s (last status '${status:-none}'); server log:"
    show_log
    finish
fi

# What the kernel says about the running server, not what we asked for.
server_uid=$(awk '/^Uid:/ { print $2 }' "/proc/$server_pid/status")
if [ "${#run_as[@]}" -gt 0 ]; then
    if [ "$server_uid" = "$(id -u "$CHECK_USER")" ]; then pass "the server's uid is $server_uid ($CHECK_USER)"; else fail "the server runs with uid $server_uid, not $CHECK_USER's"; fi
fi
if [ "${#namespace[@]}" -gt 0 ]; then
    inner_pid=$(awk '/^NSpid:/ { print $NF }' "/proc/$server_pid/status")
    if [ "$inner_pid" = 1 ]; then pass "the server is PID 1 in its namespace"; else fail "the server is PID ${inner_pid:-?} in its namespace, not 1"; fi
fi

cookies="$stage_root/cookies"
read -r root_status redirects landed < <(curl --silent --output /dev/null --max-time 10 --location --max-redirs 5 \
    --cookie "$cookies" --cookie-jar "$cookies" --write-out '%{http_code} %{num_redirects} %{url_effective}\n' "$url/" || true)
if [ "${root_status:-}" = 200 ]; then
    pass "GET / → 200 (${redirects} redirect(s), landed on ${landed#"$url"})"
else
    fail "GET / answered '${root_status:-nothing}' after ${redirects:-0} redirect(s) (expected 200)"
fi
static_file=$(cd Public && find . -type f ! -name '.*' | sort | head -n 1)
if [ -n "$static_file" ]; then
    static_file=${static_file#./}
    fetched="$stage_root/fetched"
    static_status=$(curl --silent --output "$fetched" --write-out '%{http_code}' --max-time 10 "$url/$static_file" || true)
    if [ "$static_status" = 200 ] && cmp -s "$fetched" "Public/$static_file"; then
        pass "GET /$static_file → 200, same bytes as Public/$static_file"
    else
        fail "GET /$static_file answered '$static_status' or different bytes than Public/$static_file"
    fi
else
    note "Public/ holds no file to fetch"
fi
note "data folder after start: $(find "$(image_path "${final_env[WAYPOINT_DATA]:-/data}")" -mindepth 1 | wc -l) entries"

# docker stop: SIGTERM, then SIGKILL after the grace period. An idle keep-alive connection (a browser's)
# must not hold the server up.
exec 3<>"/dev/tcp/127.0.0.1/$port" || note "could not open an idle connection"
kill -TERM "$server_pid"
stop_started=$(date +%s)
stop_deadline=$((stop_started + STOP_TIMEOUT))
while kill -0 "$launcher_pid" 2>/dev/null && [ "$(date +%s)" -lt "$stop_deadline" ]; do sleep 0.1; done
if kill -0 "$launcher_pid" 2>/dev/null; then
    fail "still running ${STOP_TIMEOUT}s after SIGTERM (docker stop would SIGKILL it); server log:"
    show_log
else
    code=0
    wait "$launcher_pid" || code=$?
    launcher_pid=""
    if [ "$code" = 0 ]; then
        pass "SIGTERM → exit 0 within $(($(date +%s) - stop_started))s"
    else
        fail "exit status $code after SIGTERM (expected 0); server log:"
        show_log
    fi
fi
exec 3<&-

finish
printf '\nAll image checks passed in %ss.\n' "$(($(date +%s) - started))"
