#!/usr/bin/env bash
# Property-based fuzzing of the HTTP API against its own description: starts the server on a free loopback
# port with a fresh data directory and generous limits, then runs schemathesis (pinned in
# scripts/api-fuzz-requirements.txt, installed into target/api-fuzz/ when missing) against
# /api/openapi.json. Fails when any response is a server error, has a status, content type or body the
# document does not describe. Reproducible: deterministic generation (no example database), one worker, so
# every run sends the same requests.
#
# Usage: scripts/api-fuzz.sh
#   BAO_FUZZ_BIN=path     fuzz this server binary instead of building the release one (scripts/test.sh passes
#                         the one its Rust tests built)
#   BAO_FUZZ_EXAMPLES=N   test cases per operation and phase (default 100)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
work="$target/api-fuzz"
requirements="$root/scripts/api-fuzz-requirements.txt"
examples="${BAO_FUZZ_EXAMPLES:-100}"
mkdir -p "$work"

# The fuzzer: a virtual environment under target/, or where python3 has no venv module (Debian without
# python3-venv) a plain directory of packages. Reinstalled when the pinned requirements change.
stamp="$work/installed.sha256"
want="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "== installing schemathesis into $work"
  rm -rf "$work/venv" "$work/site"
  if python3 -m venv "$work/venv" >/dev/null 2>&1; then
    "$work/venv/bin/python3" -m pip install -q --disable-pip-version-check --root-user-action=ignore -r "$requirements"
  else
    rm -rf "$work/venv"
    python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore --target "$work/site" -r "$requirements"
  fi
  echo "$want" >"$stamp"
fi
if [ -x "$work/venv/bin/python3" ]; then
  fuzzer=("$work/venv/bin/python3" -m schemathesis.cli)
else
  fuzzer=(env PYTHONPATH="$work/site" python3 -m schemathesis.cli)
fi

if [ -n "${BAO_FUZZ_BIN:-}" ]; then
  server="$BAO_FUZZ_BIN"
else
  cargo build --release --locked -p bao-server
  server="$target/release/bao-server"
fi

source "$root/scripts/lib.sh"
tmp="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# Limits far above what the fuzzer sends, so that it tests the API and not the rate limiter; on a port the
# server picks itself (start_server reads it from the log).
start_server "$tmp/server.log" "$server" --data-dir "$tmp/data" \
  --create-per-minute 100000 --max-games 100000 --computer-threads 1
healthy=0
for _ in $(seq 1 300); do
  if "$server" --bind "127.0.0.1:$port" healthcheck --timeout 1 >/dev/null 2>&1; then healthy=1; break; fi
  sleep 0.1
done
[ "$healthy" = 1 ] || { echo "the server never became healthy"; cat "$tmp/server.log"; exit 1; }

echo "== API fuzzing (schemathesis, $examples cases per operation and phase)"
start=$SECONDS
status=0
# Run from target/: schemathesis keeps a cache directory where it runs.
(cd "$work" && "${fuzzer[@]}" --config-file "$root/scripts/api-fuzz.toml" \
  run "http://127.0.0.1:$port/api/openapi.json" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-examples "$examples" \
  --generation-deterministic --workers 1 --request-timeout 20 --no-color \
  --report junit --report-junit-path "$work/junit.xml") || status=$?

if ! kill -0 "$server_pid" 2>/dev/null; then
  echo "the server died during the fuzzing"; cat "$tmp/server.log"; exit 1
fi
if grep -q "panicked" "$tmp/server.log"; then
  echo "the server panicked during the fuzzing"; cat "$tmp/server.log"; exit 1
fi
if [ "$status" != 0 ]; then
  echo "API fuzzing found failures (server log below)"; tail -n 50 "$tmp/server.log"; exit "$status"
fi
echo "API fuzzing: ok in $((SECONDS - start)) s"
