#!/usr/bin/env bash
# Smoke test of what a self-hoster runs: the README's run command (`cargo run --release -p bao-server`) with a
# fresh data directory, the Docker image's health check (`bao-server healthcheck`), games played through HTTP and
# WebSocket by the project's load generator, and a graceful stop (SIGTERM) that keeps the database.
# These are also the Dockerfile's build and HEALTHCHECK steps, run outside Docker (no engine here).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"

# BAO_SMOKE_SERVER_BIN and BAO_SMOKE_LOADTEST_BIN: run these binaries instead of building the release ones and
# starting the server with `cargo run --release` (scripts/test.sh passes the ones its Rust tests built, so that CI
# builds the workspace once; the image test builds the shipped profile).
source "$root/scripts/lib.sh"

echo "== release smoke test"
if [ -n "${BAO_SMOKE_SERVER_BIN:-}" ]; then
  server_bin="$BAO_SMOKE_SERVER_BIN"
  run_server=("$server_bin")
else
  # Built one by one: building both in one command may unify features differently and make `cargo run` below
  # rebuild the server.
  cargo build --release --locked -p bao-server
  server_bin="$target/release/bao-server"
  run_server=(cargo run --release --locked -q -p bao-server --)
fi
if [ -n "${BAO_SMOKE_LOADTEST_BIN:-}" ]; then
  loadtest_bin="$BAO_SMOKE_LOADTEST_BIN"
else
  cargo build --release --locked -p bao-loadtest
  loadtest_bin="$target/release/bao-loadtest"
fi
tmp="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -9 "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# The README's command line, with a fresh data directory, on a port the server picks (it logs which).
BAO_DATA_DIR="$tmp/data" start_server "$tmp/server.log" "${run_server[@]}"

healthy=0
for _ in $(seq 1 600); do
  if "$server_bin" --bind "127.0.0.1:$port" healthcheck --timeout 2 2>/dev/null; then
    healthy=1
    break
  fi
  sleep 0.2
done
[ "$healthy" = 1 ] || { echo "server never became healthy"; cat "$tmp/server.log"; exit 1; }

# The built-in web client answers.
python3 - "$port" <<'PY'
import sys, urllib.request
base = f"http://127.0.0.1:{sys.argv[1]}"
home = urllib.request.urlopen(base + "/").read().decode()
assert 'data-action="play-friend"' in home, "home page"
game = urllib.request.urlopen(base + "/g/abcdefabcdef").read().decode()
assert 'data-role="moves"' in game, "game page"
PY

# Games through HTTP and WebSocket, every move answered, none lost, no error.
"$loadtest_bin" --target "http://127.0.0.1:$port" --games 8 --duration 4s --rate 100 \
  --think 0 --seed 7 --progress 0 --json >"$tmp/report.json"
python3 - "$tmp/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["games_ready"] >= 8, r
assert r["moves_acked"] > 50, r
assert r["moves_lost"] == 0 and r["errors_total"] == 0, r
print(f"smoke: {r['moves_acked']} moves in {r['games_created']} games, no error")
PY

# Graceful stop keeps the database; the health check then fails.
kill -TERM "$server_pid"
wait "$server_pid"
server_pid=""
[ -s "$tmp/data/bao.db" ] || { echo "no database after the stop"; exit 1; }
if "$server_bin" --bind "127.0.0.1:$port" healthcheck --timeout 1 2>/dev/null; then
  echo "healthcheck passed with the server stopped"
  exit 1
fi
echo "release smoke test: ok"
