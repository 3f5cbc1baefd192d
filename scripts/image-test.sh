#!/usr/bin/env bash
# Builds the Docker image from the Dockerfile and runs it, without a Docker engine (none runs where this project is
# developed): buildah with chroot isolation, from local base images that debootstrap makes from Debian's own
# packages (no registry can be pulled from here). Then, as a self-hoster's `docker run` would: the server starts as
# the image's unprivileged user, the image's HEALTHCHECK command answers, games are created and played over HTTP
# and WebSocket (the project's load generator), SIGTERM stops the server cleanly, a second start on the same data
# directory still has every game with every acknowledged move. Leaves nothing running and removes its containers.
#
# The base images are made once and kept outside the clone as tarballs ($BAO_IMAGE_CACHE, default
# /var/cache/bao-image-bases as root, else ${XDG_CACHE_HOME:-~/.cache}/bao-image-bases), imported again when the
# local image store lacks them; the build stage's cargo registry and target directory are cache mounts (buildah
# keeps them in /var/tmp/buildah-cache*), so that a warm run compiles only what changed. No --layers: cargo with
# its target directory kept finds nothing to do in seconds, and no intermediate image is left behind per build.
#
# Needs root (or podman, buildah and debootstrap installed and working for this user). Exits non-zero when a check
# fails. Environment: BAO_IMAGE_TAG (default localhost/bao-server:test; the image is kept, replacing the previous
# build of that tag), BAO_IMAGE_CACHE, BAO_DEBIAN_MIRROR (default http://deb.debian.org/debian), BAO_LOADTEST_BIN
# (the load generator that plays through the image; default: a release build of it), BAO_IMAGE_BUILD_ONLY=1 (build
# the image and stop: scripts/test.sh builds it in the background while other tests run, then runs this again,
# which finds nothing to compile).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
started=$SECONDS
step() { echo "== image test: $* ($((SECONDS - started)) s)"; }

# ---- tools ----
tools=(podman buildah debootstrap)
missing=()
for t in "${tools[@]}"; do command -v "$t" >/dev/null || missing+=("$t"); done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "image test: ${missing[*]} missing; install them as root with:" >&2
    echo "  apt-get install -y podman buildah debootstrap" >&2
    exit 1
  fi
  step "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman buildah debootstrap >/dev/null
fi

# ---- base images ----
# The recipe's version is in the names: a changed recipe makes new bases instead of reusing old ones.
suite=bookworm
recipe=v1
mirror="${BAO_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
if [ "$(id -u)" = 0 ]; then cache_default=/var/cache/bao-image-bases; else
  cache_default="${XDG_CACHE_HOME:-$HOME/.cache}/bao-image-bases"; fi
cache="${BAO_IMAGE_CACHE:-$cache_default}"
mkdir -p "$cache"
runtime_base="localhost/bao-image-base/debian:$suite-slim-$recipe"
build_base="localhost/bao-image-base/rust:$suite-$recipe"
runtime_tar="$cache/debian-$suite-slim-$recipe.tar"
build_tar="$cache/rust-$suite-$recipe.oci.tar"

work="$(mktemp -d)"
containers=()
server_pid="" # the `buildah run` of the server
srv_pid=""    # the server's own process
cleanup() {
  if [ -n "$srv_pid" ]; then kill -KILL "$srv_pid" 2>/dev/null || true; fi
  if [ -n "$server_pid" ]; then
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  for c in "${containers[@]}"; do buildah rm "$c" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# The runtime base: a minimal Debian like debian:bookworm-slim (same suites, no documentation or locales).
if ! podman image exists "$runtime_base"; then
  if [ ! -s "$runtime_tar" ]; then
    step "making $runtime_base with debootstrap (once: kept in $runtime_tar)"
    rootfs="$work/rootfs"
    debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
      || { tail -20 "$work/debootstrap.log"; exit 1; }
    rm -f "$rootfs/etc/apt/sources.list"
    cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    # What the slim images leave out, and apt's caches.
    cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
    find "$rootfs/usr/share/doc" -mindepth 1 ! -name copyright ! -type d -delete
    find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
    rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/var/cache/apt/*.bin \
      "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/log/*.log "$rootfs"/var/cache/debconf/*-old
    find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
    tar --numeric-owner -C "$rootfs" -cf "$runtime_tar.part" .
    mv "$runtime_tar.part" "$runtime_tar"
    rm -rf "$rootfs"
  fi
  step "importing $runtime_base from $runtime_tar"
  podman import -q "$runtime_tar" "$runtime_base" >/dev/null
fi

# The build base: the same Debian with Debian's Rust toolchain (rustc-web/cargo-web, from the security suite),
# standing in for rust:1-bookworm.
if ! podman image exists "$build_base"; then
  if [ ! -s "$build_tar" ]; then
    step "making $build_base (once: kept in $build_tar)"
    c="$(buildah from --pull=never "$runtime_base")"
    containers+=("$c")
    buildah run --isolation=chroot "$c" -- sh -c 'apt-get update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
           rustc-web cargo-web ca-certificates >/dev/null \
      && rm -rf /var/lib/apt/lists/* && cargo --version && rustc --version'
    buildah commit -q "$c" "$build_base" >/dev/null
    podman save -q --format oci-archive -o "$build_tar.part" "$build_base"
    mv "$build_tar.part" "$build_tar"
  else
    step "loading $build_base from $build_tar"
    podman load -q -i "$build_tar" >/dev/null
    # An OCI archive loads under the name it was saved with only when podman recorded it; name it again.
    podman image exists "$build_base" || { echo "loading $build_tar did not give $build_base"; exit 1; }
  fi
fi

# ---- build ----
tag="${BAO_IMAGE_TAG:-localhost/bao-server:test}"
commit="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
old_image="$(podman image inspect --format '{{.Id}}' "$tag" 2>/dev/null || true)"
build=(--build-arg "BUILD_IMAGE=$build_base" --build-arg "RUNTIME_IMAGE=$runtime_base"
  --build-arg "BAO_COMMIT=$commit")
# cargo inside the build reaches the crate registry through this machine's certificate authorities: the host's
# bundle, mounted for the build only (over the image's own bundle it would break apt-get).
ca=/etc/ssl/certs/ca-certificates.crt
if [ -s "$ca" ]; then build+=(-v "$ca:/run/host-ca.crt:ro" --build-arg CARGO_HTTP_CAINFO=/run/host-ca.crt); fi
step "building $tag (commit $commit)"
build_started=$SECONDS
# --format docker keeps the HEALTHCHECK (the OCI format has none); --jobs 2 runs the runtime stage's apt-get
# beside the compile.
buildah bud --isolation=chroot --pull=never --format docker --jobs 2 "${build[@]}" -t "$tag" . \
  >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; echo "image build failed"; exit 1; }
build_secs=$((SECONDS - build_started))
image_id="$(podman image inspect --format '{{.Id}}' "$tag")"
if [ -n "$old_image" ] && [ "$old_image" != "$image_id" ]; then
  podman rmi "$old_image" >/dev/null 2>&1 || true # the previous build of this tag, when nothing else uses it
fi
size="$(podman image inspect --format '{{.Size}}' "$tag")"
if [ "${BAO_IMAGE_BUILD_ONLY:-0}" = "1" ]; then
  step "built $tag ($size bytes) in $build_secs s; not run (BAO_IMAGE_BUILD_ONLY=1)"
  exit 0
fi

# ---- what the image says about itself ----
c="$(buildah from --pull=never "$tag")"
containers+=("$c")
# What the image declares (buildah inspect's JSON): its user, entry point and health check command.
buildah inspect "$c" >"$work/inspect.json"
declared() { # $1: user, entrypoint or health; lists one per line
  python3 - "$work/inspect.json" "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
config = d["Docker"]["config"]
if sys.argv[2] == "user":
    print(config.get("User") or "")
elif sys.argv[2] == "entrypoint":
    print(*(config.get("Entrypoint") or []), sep="\n")
else:
    test = (config.get("Healthcheck") or {}).get("Test") or []
    assert test[:1] == ["CMD"], f"HEALTHCHECK is not in exec form: {test}"
    print(*test[1:], sep="\n")
PY
}
user="$(declared user)"
case "$user" in "" | root | 0 | 0:* | root:*) echo "the image runs as root (USER '$user')"; exit 1 ;; esac
uid="$(buildah run --isolation=chroot "$c" -- id -u)"
[ "$uid" != 0 ] || { echo "USER $user is uid 0"; exit 1; }
mnt="$(buildah mount "$c")"
binary_size="$(stat -c %s "$mnt/usr/local/bin/bao-server")"
# The certificate authorities for TLS (NATS over tls://), where rustls looks for them.
certs="$(grep -c 'BEGIN CERTIFICATE' "$mnt/etc/ssl/certs/ca-certificates.crt" || true)"
[ "${certs:-0}" -ge 50 ] || { echo "the image has no certificate bundle ($certs certificates)"; exit 1; }
buildah umount "$c" >/dev/null
mapfile -t entrypoint < <(declared entrypoint)
mapfile -t health < <(declared health)
[ "${#entrypoint[@]}" -gt 0 ] || { echo "the image has no ENTRYPOINT"; exit 1; }
[ "${#health[@]}" -gt 0 ] || { echo "the image has no HEALTHCHECK"; exit 1; }
version="$(buildah run --isolation=chroot "$c" -- "${entrypoint[@]}" --version)"
case "$version" in *"(commit $commit)") ;; *) echo "--version says '$version', not commit $commit"; exit 1 ;; esac
echo "image: $tag, $size bytes ($(( (size + 524288) / 1048576 )) MiB), binary $binary_size bytes, USER $user" \
  "(uid $uid), built in $build_secs s; $version"

# ---- run it ----
# The host's data directory is bound beside the declared VOLUME /data, not over it: buildah run puts an anonymous
# volume over /data that would hide the bind.
data="$work/data"
mkdir -p "$data"
chown "$uid" "$data"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
run=(--isolation=chroot -v "$data:/srv/bao-test-data" -e BAO_DATA_DIR=/srv/bao-test-data
  -e "BAO_BIND=127.0.0.1:$port")
start_server() { # $1: a log file; sets server_pid (buildah run) and srv_pid (the server's own process)
  local c
  c="$(buildah from --pull=never "$tag")"
  containers+=("$c")
  buildah run "${run[@]}" "$c" -- "${entrypoint[@]}" >"$1" 2>&1 &
  server_pid=$!
  srv_pid=""
  python3 - "$port" <<'PY' || { cat "$1"; echo "the server in the image never answered /healthz"; exit 1; }
import sys, time, urllib.request
deadline = time.monotonic() + 120
while time.monotonic() < deadline:
    try:
        if urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/healthz", timeout=2).status == 200:
            sys.exit(0)
    except OSError:
        pass
    time.sleep(0.2)
sys.exit(1)
PY
  srv_pid="$(ss -Hltnp "sport = :$port" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)"
  [ -n "$srv_pid" ] || { echo "no process listens on port $port"; exit 1; }
  # The process serving the port is the image's user, not root (chroot isolation maps no user ids).
  local running
  running="$(stat -c %u "/proc/$srv_pid")"
  [ "$running" = "$uid" ] || { echo "the server runs as uid $running, not $uid ($user)"; exit 1; }
  # The image's health check command, in the image, against it.
  buildah run "${run[@]}" "$c" -- "${health[@]}" || { echo "the HEALTHCHECK command failed"; exit 1; }
}
stop_server() { # SIGTERM, as `docker stop` sends; the server must stop by itself, with exit status 0
  kill -TERM "$srv_pid"
  local status=0
  wait "$server_pid" || status=$?
  server_pid=""
  [ "$status" = 0 ] || { cat "$1"; echo "the server ended with status $status after SIGTERM"; exit 1; }
  grep -q '"stopped"' "$1" || { cat "$1"; echo "no 'stopped' line in the log after SIGTERM"; exit 1; }
}

step "starting the image's server on 127.0.0.1:$port"
start_server "$work/server1.log"
# The image's ENV holds: JSON logs.
head -1 "$work/server1.log" | python3 -c 'import json,sys; json.loads(sys.stdin.readline())' \
  || { cat "$work/server1.log"; echo "the log is not JSON (BAO_LOG_FORMAT=json in the image)"; exit 1; }

step "playing games over HTTP and WebSocket"
# The load generator: BAO_LOADTEST_BIN (scripts/test.sh passes the one its Rust tests built), else a release build.
loadtest="${BAO_LOADTEST_BIN:-}"
if [ -z "$loadtest" ]; then
  cargo build --release --locked -q -p bao-loadtest
  loadtest="$target/release/bao-loadtest"
fi
"$loadtest" --target "http://127.0.0.1:$port" --games 4 --duration 3s --rate 60 --think 0 \
  --seed 11 --progress 0 --json --verify-moves --games-out "$work/games.json" >"$work/report.json"
python3 - "$work/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["ok"] and r["errors_total"] == 0 and r["moves_lost"] == 0, r
assert r["games_ready"] >= 4 and r["moves_acked"] >= 20, r
print(f"image test: {r['moves_acked']} moves in {r['games_created']} games, every one read back")
PY

step "SIGTERM, then a second start on the same data"
stop_server "$work/server1.log"
[ "$(stat -c %u "$data/bao.db")" = "$uid" ] || { echo "bao.db is not the image user's"; exit 1; }
start_server "$work/server2.log"
python3 - "$port" "$work/games.json" <<'PY'
import json, sys, urllib.request
port, games = sys.argv[1], json.load(open(sys.argv[2]))
assert games and sum(g["moves"] for g in games) > 0, games
for g in games:
    snap = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{g['id']}", timeout=10))
    assert len(snap["moves"]) == g["moves"], (g, len(snap["moves"]))
print(f"image test: after the restart, {len(games)} games with all {sum(g['moves'] for g in games)} moves")
PY
stop_server "$work/server2.log"
step "ok: $tag ($size bytes) built in $build_secs s"
