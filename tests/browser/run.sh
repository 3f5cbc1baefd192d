#!/usr/bin/env bash
# Browser tests of the web client: installs what is missing, builds the server (unless BAO_SERVER_BIN names one),
# runs the test files in parallel.
# Usage: tests/browser/run.sh [FILE…]    (from anywhere; CARGO_TARGET_DIR is honoured, default target/)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing: install Debian's chromium (apt-get install chromium) as root" >&2
    exit 1
  fi
fi
if [ ! -d "$here/node_modules/playwright-core" ] || [ ! -d "$here/node_modules/jsqr" ] || [ ! -d "$here/node_modules/axe-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund)
fi
# The server: BAO_SERVER_BIN when set (scripts/test.sh passes the one its Rust tests built), else the release build.
if [ -z "${BAO_SERVER_BIN:-}" ]; then
  (cd "$root" && cargo build --release -p bao-server)
  export BAO_SKIP_BUILD=1
fi
cd "$here"
# The files in parallel, one per core (BAO_BROWSER_JOBS to change): each starts its own server and browser.
jobs="${BAO_BROWSER_JOBS:-$(nproc)}"
if [ "$#" -eq 0 ]; then set -- tests/; fi
node --test --test-concurrency="$jobs" "$@"
