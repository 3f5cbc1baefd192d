#!/usr/bin/env bash
# Measures the computer's workers (docs/benchmarks.md, "Workers"): one node on a fresh PostgreSQL schema and,
# but for MODE alone, the machine's NATS; games against the `hard` computer (Kiswahili) whose humans think
# exp:5s; prints the computer's reply times and the node's job figures (move jobs, redeliveries, overhead: round
# trip less search, as bucket bounds of bao_job_overhead_seconds), then stops everything it started.
#   scripts/bench-workers.sh MODE N [DURATION [KILL_AFTER]]
#   MODE alone: the node searches itself (no NATS), 2 searches at once (--computer-threads 2)
#   MODE w1:    the node (--work-local false) and one worker with 2 threads
#   MODE w2:    the node (--work-local false) and two workers with 1 thread each
#   KILL_AFTER: SIGKILL the last worker that many seconds in, once 2 move jobs run (ACK=MS sets --job-ack-ms)
# Uses target/debug/bao-server and bao-loadtest as the tests build them (BIN_DIR to change), and PostgreSQL and
# NATS on 127.0.0.1 (scripts/services.sh postgres nats). Everything runs under nice -n 10.
set -uo pipefail
cd "$(dirname "$0")/.."
MODE=${1:?usage: scripts/bench-workers.sh alone|w1|w2 N [DURATION [KILL_AFTER]]}
N=${2:?N games against the computer}
DUR=${3:-45s}
KILL=${4:-}
B=${BIN_DIR:-target/debug}
tag=$RANDOM$RANDOM
schema=bench_workers_$tag
scripts/services.sh postgres nats
psql -h 127.0.0.1 -U postgres -d test -qc "CREATE SCHEMA $schema" >/dev/null
DB="postgres://postgres@127.0.0.1:5432/test?options=-c%20search_path%3D$schema"
PORT=$((20000 + RANDOM % 20000))
export BAO_CREATE_PER_MINUTE=100000 BAO_WS_PER_ADDRESS=100000 BAO_WS_CONNECT_RATE=100000 \
  BAO_WS_CONNECT_BURST=100000 BAO_WS_ADDRESS_RATE=100000 BAO_WS_ADDRESS_BURST=100000 BAO_LOG_LEVEL=warn \
  BAO_JOBS_QUEUE=bench$tag BAO_JOB_ACK_MS=${ACK:-10000}
NATS=nats://127.0.0.1:4222
pids=()
case $MODE in
  alone)
    BAO_COMPUTER_THREADS=2 nice -n 10 $B/bao-server --bind 127.0.0.1:$PORT --database-url "$DB" \
      --node-name n$tag & pids+=($!) ;;
  w1|w2)
    BAO_WORK_LOCAL=false nice -n 10 $B/bao-server --bind 127.0.0.1:$PORT --database-url "$DB" --nats-url $NATS \
      --node-name n$tag & pids+=($!)
    if [ "$MODE" = w1 ]; then
      nice -n 10 $B/bao-server worker --nats-url $NATS --threads 2 --name w1-$tag & pids+=($!)
    else
      for i in 1 2; do nice -n 10 $B/bao-server worker --nats-url $NATS --threads 1 --name w$i-$tag & pids+=($!); done
    fi ;;
  *) echo "MODE: alone, w1 or w2" >&2; exit 2 ;;
esac
for _ in $(seq 1 100); do curl -sf http://127.0.0.1:$PORT/healthz >/dev/null && break; sleep 0.2; done
metrics() { curl -s http://127.0.0.1:$PORT/metrics; }
if [ -n "$KILL" ]; then
  (sleep "$KILL"
   # Mid-search: once both search slots hold a move job.
   for _ in $(seq 1 200); do
     r=$(metrics | grep '^bao_jobs_running{kind="move"}' | cut -d' ' -f2)
     [ "${r:-0}" -ge 2 ] && break
     sleep 0.05
   done
   kill -9 "${pids[-1]}"; echo "killed worker ${pids[-1]} after ${KILL}s with ${r:-0} move jobs running") &
fi
nice -n 10 $B/bao-loadtest --target http://127.0.0.1:$PORT --games 1 --think exp:5s --computer-games "$N" \
  --computer-think exp:5s --computer-level hard --variant kiswahili --duration "$DUR" --seed 7 --progress 0 2>&1 \
  | grep -E "computer|errors|verdict"
metrics | python3 -c '
import re, sys
buckets = []
for l in sys.stdin:
    m = re.match(r"bao_job_overhead_seconds_bucket\{kind=\"move\",le=\"([^\"]+)\"\} (\S+)", l)
    if m:
        buckets.append((float(m.group(1)), float(m.group(2))))
    for name in ("bao_job_seconds_count{kind=\"move\"}", "bao_job_redeliveries_total{kind=\"move\"}"):
        if l.startswith(name + " "):
            print(f"  node         {name} {l.split()[-1]}")
if buckets and buckets[-1][1] > 0:
    total = buckets[-1][1]
    p = [next(le for le, c in buckets if c >= q * total) for q in (0.5, 0.99)]
    print(f"  node         move job overhead p50 <= {p[0]} s, p99 <= {p[1]} s")
'
for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
wait 2>/dev/null
psql -h 127.0.0.1 -U postgres -d test -qc "DROP SCHEMA $schema CASCADE" >/dev/null 2>&1
# The run's streams in NATS ($JS.API.STREAM.DELETE, spoken over NATS's text protocol).
python3 - "bench$tag" <<'PY'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", 4222))
s.recv(4096)
s.sendall(b'CONNECT {"verbose":false}\r\n')
for stream in ("BAO_JOBS_", "BAO_ANALYSES_"):
    s.sendall(b"PUB $JS.API.STREAM.DELETE.%s 0\r\n\r\n" % (stream + sys.argv[1]).encode())
s.sendall(b"PING\r\n")
time.sleep(0.2)
PY
