#!/usr/bin/env bash
# The project's one test command (README: "Test"): every Rust test of the workspace, the rules pages' texts, then
# the browser tests in a real headless Chromium, then fuzzes the HTTP API against its OpenAPI description
# (scripts/api-fuzz.sh). Installs what the tests need when it is missing (Debian's chromium and prometheus packages
# when run as root, the npm packages of tests/browser, schemathesis from PyPI under target/), then
# smoke-tests the release binary as a self-hoster runs it, and builds and runs the Docker image
# (scripts/image-test.sh; BAO_SKIP_IMAGE_TEST=1 skips it). PostgreSQL (for the tests on both databases) is the
# machine's, or Debian's package started by scripts/services.sh. Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# Prometheus's checker for the monitoring files of deploy/: crates/bao-server/tests/monitoring.rs runs it (the rules'
# unit tests above all) when it is installed.
if ! command -v promtool >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "== installing promtool (Debian's prometheus package)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi

# PostgreSQL for the store's tests on both databases and the server's tests on PostgreSQL, and NATS for the
# cluster's tests: the machine's when they answer (127.0.0.1:5432, :4222), else Debian's packages started on a
# temporary directory. The tests start them themselves too (crates/bao-server/tests/common/services.rs); here
# first, so that no test waits for an install. Without them those tests fail in CI (CI set) and are skipped
# elsewhere.
echo "== PostgreSQL and NATS for the tests"
scripts/services.sh postgres || echo "PostgreSQL could not be started: its tests fail in CI, are skipped elsewhere"
scripts/services.sh nats || echo "NATS could not be started: the cluster tests fail in CI, are skipped elsewhere"

echo "== cargo test --workspace"
cargo test --workspace --locked

# The rules pages' texts against web/rules-data.js, which cargo test has just checked against the engine.
echo "== rules pages (node --test tests/rules)"
node --test tests/rules/

# The web client's JSDoc, type-checked: tsc --checkJs --noEmit over web/ (typescript pinned in tests/typecheck).
echo "== web client types (tsc --checkJs, tests/typecheck)"
(cd tests/typecheck && { [ -x node_modules/.bin/tsc ] || npm ci --no-audit --no-fund; } && node_modules/.bin/tsc -p tsconfig.json)

if [ "${BAO_SKIP_BROWSER_TESTS:-0}" = "1" ]; then
  echo "== browser tests skipped (BAO_SKIP_BROWSER_TESTS=1)"
else
  echo "== browser tests"
  tests/browser/run.sh
fi

echo "== API fuzzing"
scripts/api-fuzz.sh

echo "== release smoke test"
scripts/release-smoke.sh

# The Docker image, built from the Dockerfile and run as a self-hoster runs it, without a Docker engine (buildah;
# base images made with debootstrap once and kept outside the clone). After the smoke test, whose bao-loadtest it
# reuses.
if [ "${BAO_SKIP_IMAGE_TEST:-0}" = "1" ]; then
  echo "== image test skipped (BAO_SKIP_IMAGE_TEST=1)"
else
  echo "== image test"
  scripts/image-test.sh
fi
