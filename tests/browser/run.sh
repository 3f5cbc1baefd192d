#!/usr/bin/env bash
# Browser tests of the web client: installs what is missing, builds the server, runs the tests.
# Usage: tests/browser/run.sh            (from anywhere; CARGO_TARGET_DIR is honoured, default target/)
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
(cd "$root" && cargo build --release -p bao-server)
cd "$here"
BAO_SKIP_BUILD=1 node --test --test-concurrency=1 tests/
