#!/usr/bin/env bash
# The project's one test command (README: "Test"): every Rust test of the workspace (cargo nextest when installed,
# else cargo test), the rules pages' texts, the web client's types, the browser tests in a real headless Chromium,
# the dependencies checked by cargo deny (deny.toml), the HTTP API fuzzed against its OpenAPI description (scripts/api-fuzz.sh), a smoke test of the server as a
# self-hoster runs it, and the Docker image built (in the background, at the lowest priority, while the tests run)
# and run (scripts/image-test.sh; BAO_SKIP_IMAGE_TEST=1 skips it).
#
# The workspace is built once, by the Rust tests (the test profile, optimised): the browser tests, the fuzzing and
# the smoke test run the bao-server and bao-loadtest binaries of that build. What the tests need from Debian
# (chromium, prometheus's promtool, nginx, systemd's systemd-analyze for the units of deploy/, postgresql and
# nats-server when the machine runs none, podman, buildah and debootstrap for the image) is named in one line first
# and installed when run as root; otherwise the command stops there with the apt-get line to run. PostgreSQL and
# NATS are the machine's when they answer (127.0.0.1:5432, :4222), else started from Debian's packages by
# scripts/services.sh and stopped again at the end. Prints the time of every step at the end. Exits non-zero when
# any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
source scripts/lib.sh

services_base=${BAO_SERVICES_DIR:-/tmp/bao-test-services}
image_build_pid=""
finish() {
  local status=$?
  if [ -n "${wasm_build_pid:-}" ] && kill -0 "$wasm_build_pid" 2>/dev/null; then
    kill -TERM -- "-$wasm_build_pid" 2>/dev/null || true
  fi
  if [ -n "${deny_install_pid:-}" ] && kill -0 "$deny_install_pid" 2>/dev/null; then
    kill -TERM -- "-$deny_install_pid" 2>/dev/null || true
  fi
  if [ -n "$image_build_pid" ] && kill -0 "$image_build_pid" 2>/dev/null; then
    kill -TERM -- "-$image_build_pid" 2>/dev/null || true
    wait "$image_build_pid" 2>/dev/null || true
  fi
  # This run no longer uses the services: stop those started for the tests, unless another run still does.
  exec 8>&-
  scripts/services.sh stop || true
  steps_summary
  exit "$status"
}
trap finish EXIT

# ---- what the machine must have ----
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
packages=()
for tool in node npm python3; do
  command -v "$tool" >/dev/null || { echo "test.sh: $tool is missing (the README's requirements)" >&2; exit 1; }
done
[ "${BAO_SKIP_BROWSER_TESTS:-0}" = "1" ] || [ -x /usr/bin/chromium ] || packages+=(chromium)
command -v promtool >/dev/null || packages+=(prometheus)
# nginx -t and a real proxy run of deploy/proxy/nginx.conf (crates/bao-server/tests/it/deploy.rs).
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || packages+=(nginx)
command -v systemd-analyze >/dev/null || packages+=(systemd)
# Debian's second Rust toolchain, which rebuilds web/engine/bao.wasm (scripts/build-wasm.sh), and brotli, which
# precompresses it (web/engine/bao.wasm.br).
[ -x /usr/bin/wasm-ld-19 ] && [ -x /usr/bin/cargo ] || packages+=(rustc-web cargo-web rust-web-src lld-19)
[ -x /usr/bin/brotli ] || packages+=(brotli)
answers 5432 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || packages+=(postgresql)
answers 4222 || command -v nats-server >/dev/null || packages+=(nats-server)
if [ "${BAO_SKIP_IMAGE_TEST:-0}" != "1" ]; then
  for tool in podman buildah debootstrap; do command -v "$tool" >/dev/null || packages+=("$tool"); done
fi
if [ "${#packages[@]}" -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "test.sh: the tests need Debian packages that are not installed; as root run:" >&2
    echo "  apt-get install -y --no-install-recommends ${packages[*]}" >&2
    exit 1
  fi
  step "installing Debian packages the tests need: ${packages[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

# ---- services ----
# PostgreSQL for the store's tests on both databases and the server's tests on PostgreSQL, and NATS for the
# cluster's tests. Held shared while this run lasts, so that another run's end does not stop them under it.
step "PostgreSQL and NATS for the tests"
mkdir -p "$services_base"
exec 8>"$services_base/users"
flock -s 8
# (fd 8 closed for what it starts: a server that kept it would hold the lock for ever.)
scripts/services.sh postgres nats 8>&-

# ---- Rust ----
step "building the Rust tests (cargo test --workspace --no-run)"
cargo test --workspace --locked --no-run
# The Docker image compiles the workspace again in its own build stage (the shipped profile): at the lowest
# priority in the background from here on, on the cores the tests below leave idle; the image test at the end
# waits for it and runs the image.
image_log="$target/image-build.log"
if [ "${BAO_SKIP_IMAGE_TEST:-0}" != "1" ]; then
  echo "   (the image builds in the background; its log: $image_log)"
  # Its own process group (stopped whole if this run ends first). With the kernel's autogroups a new session
  # gets a group of its own, whose niceness is set too (else `nice` alone would not lower it against the tests).
  BAO_IMAGE_BUILD_ONLY=1 setsid bash -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 scripts/image-test.sh' \
    >"$image_log" 2>&1 8>&- &
  image_build_pid=$!
fi
# The engine's WebAssembly module rebuilt from its sources (another toolchain, its own target/wasm), in the
# background at the lowest priority like the image build, and compared with the checked-in bytes further down.
wasm_log="$target/build-wasm.log"
echo "   (web/engine/bao.wasm is rebuilt in the background; its log: $wasm_log)"
setsid bash -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 scripts/build-wasm.sh --check' >"$wasm_log" 2>&1 8>&- &
wasm_build_pid=$!
# cargo-deny for the dependency check at the end: installed (pinned) when missing, in the background at the
# lowest priority like the image build.
deny_version=0.20.2
deny_log="$target/cargo-deny-install.log"
deny_install_pid=""
if ! cargo deny --version 2>/dev/null | grep -q "$deny_version"; then
  echo "   (cargo-deny $deny_version installs in the background; its log: $deny_log)"
  setsid bash -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 cargo install --locked --quiet cargo-deny --version "$0"' \
    "$deny_version" >"$deny_log" 2>&1 8>&- &
  deny_install_pid=$!
fi
if command -v cargo-nextest >/dev/null; then
  # One process per test, as many at once as cores, each test's output shown only when it fails
  # (.config/nextest.toml: no retries). Doc tests are not run by nextest: cargo test runs them after.
  step "Rust tests (cargo nextest run --workspace)"
  cargo nextest run --workspace --locked
  step "Rust doc tests (cargo test --doc --workspace)"
  cargo test --doc --workspace --locked
else
  step "Rust tests (cargo test --workspace; install cargo-nextest for a faster run)"
  cargo test --workspace --locked
fi
# The binaries the Rust tests' build made (the test profile writes them under debug/), for the steps below.
server_bin="$target/debug/bao-server"
loadtest_bin="$target/debug/bao-loadtest"
[ -x "$server_bin" ] && [ -x "$loadtest_bin" ] || { echo "test.sh: the test build left no $server_bin or $loadtest_bin" >&2; exit 1; }

# ---- the dependencies ----
# Licences, duplicate versions, sources (deny.toml); known vulnerabilities from the RustSec database when it can
# be fetched (it lives on GitHub), else from a copy already on this machine, else said so.
step "dependency check (cargo deny, deny.toml)"
if [ -n "$deny_install_pid" ]; then
  wait "$deny_install_pid" || { cat "$deny_log"; echo "test.sh: cargo-deny did not install" >&2; exit 1; }
  deny_install_pid=""
fi
cargo deny --locked check licenses bans sources
if timeout 60 cargo deny fetch db >/dev/null 2>&1; then
  cargo deny --locked check advisories
elif ls -d "${CARGO_HOME:-$HOME/.cargo}"/advisory-dbs/*/crates >/dev/null 2>&1; then
  echo "   (the RustSec database cannot be fetched: checking against the copy on this machine)"
  cargo deny --offline --locked check advisories
else
  echo "   ADVISORIES NOT CHECKED: the RustSec database (github.com/rustsec/advisory-db) cannot be fetched from here"
fi

# ---- the web client ----
# The module checked in is what its sources build (a reproducible build); the parity test (cargo tests above,
# crates/bao-wasm/tests/parity.rs) has compared its answers with the native crates'.
step "the engine's WebAssembly module rebuilt (scripts/build-wasm.sh --check)"
wasm_status=0
wait "$wasm_build_pid" || wasm_status=$?
cat "$wasm_log"
[ "$wasm_status" = 0 ] || { echo "test.sh: web/engine/bao.wasm is not what its sources build"; exit 1; }

# The rules pages' texts against web/rules-data.js, which the Rust tests have just checked against the engine.
step "rules pages (node --test tests/rules)"
node --test tests/rules/

# The web client's JSDoc, type-checked: tsc --checkJs --noEmit over web/ (typescript pinned in tests/typecheck).
step "web client types (tsc --checkJs, tests/typecheck)"
(cd tests/typecheck && { [ -x node_modules/.bin/tsc ] || npm ci --no-audit --no-fund; } && node_modules/.bin/tsc -p tsconfig.json)

if [ "${BAO_SKIP_BROWSER_TESTS:-0}" = "1" ]; then
  step "browser tests skipped (BAO_SKIP_BROWSER_TESTS=1)"
else
  step "browser tests (tests/browser, files in parallel)"
  BAO_SERVER_BIN="$server_bin" tests/browser/run.sh
fi

# ---- the server from outside ----
step "API fuzzing (scripts/api-fuzz.sh)"
BAO_FUZZ_BIN="$server_bin" scripts/api-fuzz.sh

step "smoke test (scripts/release-smoke.sh)"
BAO_SMOKE_SERVER_BIN="$server_bin" BAO_SMOKE_LOADTEST_BIN="$loadtest_bin" scripts/release-smoke.sh

# The Docker image, built from the Dockerfile and run as a self-hoster runs it, without a Docker engine (buildah;
# base images made with debootstrap once and kept outside the clone).
if [ "${BAO_SKIP_IMAGE_TEST:-0}" = "1" ]; then
  step "image test skipped (BAO_SKIP_IMAGE_TEST=1)"
else
  step "image test (scripts/image-test.sh)"
  build_status=0
  wait "$image_build_pid" || build_status=$?
  image_build_pid=""
  cat "$image_log"
  [ "$build_status" = 0 ] || { echo "test.sh: the image did not build"; exit 1; }
  BAO_LOADTEST_BIN="$loadtest_bin" scripts/image-test.sh
fi
