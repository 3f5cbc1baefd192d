#!/usr/bin/env bash
# Measures N nodes of a cluster (docs/benchmarks.md, "Several nodes"): starts N release servers on loopback ports
# 18081.. with one fresh PostgreSQL database and the machine's NATS, runs bao-loadtest against all of them (each
# game's players on different nodes), then stops the nodes and drops the database.
#   scripts/bench-cluster.sh N [bao-loadtest flags...]
#   e.g. scripts/bench-cluster.sh 3 --games 1000 --rate 500 --think exp:2s --duration 30s --connect-rate 500
# KILL_AFTER=SECONDS kills the second node with SIGKILL that long after the generator starts (a failover under
# load; give the generator --reconnect --verify-moves), e.g.
#   KILL_AFTER=10 scripts/bench-cluster.sh 3 --games 500 --rate 500 --duration 20s --reconnect --verify-moves
# Needs target/release/bao-server and bao-loadtest (cargo build --release -p bao-server -p bao-loadtest), and
# PostgreSQL and NATS on 127.0.0.1 (scripts/services.sh postgres nats).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:?usage: scripts/bench-cluster.sh NODES [bao-loadtest flags...]}
shift
B=target/release
db="bench_cluster_$$"
scripts/services.sh postgres nats
psql() { command psql -h 127.0.0.1 -U postgres -qAt "$@"; }
psql -d postgres -c "CREATE DATABASE $db" >/dev/null
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# Every game and socket comes from 127.0.0.1: the per-address limits are lifted, as --spawn-server does.
export BAO_CREATE_PER_MINUTE=1000000 BAO_WS_PER_ADDRESS=1000000 BAO_WS_CONNECT_RATE=1000000 \
  BAO_WS_CONNECT_BURST=1000000 BAO_WS_ADDRESS_RATE=1000000 BAO_WS_ADDRESS_BURST=1000000 RUST_LOG=warn
targets=()
for i in $(seq 1 "$n"); do
  port=$((18080 + i))
  mkdir -p "$work/n$i"
  "$B/bao-server" --bind "127.0.0.1:$port" --data-dir "$work/n$i" \
    --database-url "postgres://postgres@127.0.0.1:5432/$db" --nats-url nats://127.0.0.1:4222 \
    --node-name "bench$i" >"$work/n$i.log" 2>&1 &
  pids+=($!)
  targets+=("http://127.0.0.1:$port")
  for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
  done
done
list=$(IFS=,; echo "${targets[*]}")
if [ -n "${KILL_AFTER:-}" ]; then
  victim=${pids[1]:?KILL_AFTER needs at least 2 nodes}
  (sleep "$KILL_AFTER" && kill -9 "$victim" && echo "bench-cluster: node 2 killed (SIGKILL) after $KILL_AFTER s" >&2) &
fi
"$B/bao-loadtest" --target "$list" "$@"
