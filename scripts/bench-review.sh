#!/usr/bin/env bash
# The figures of docs/benchmarks.md, "Reviews": how long the computer takes to review finished games at the
# default settings, and the round trip of live games' moves without and with reviews running.
#
#   cargo build --release -p bao-server -p bao-loadtest && scripts/bench-review.sh
#
# A release server on a fresh data directory; random Kiswahili games played to their end by bao-loadtest are
# the games reviewed. Then the same load (bao-loadtest, Kujifunza games between people at RATE moves/s) twice:
# alone, and while the server reviews REVIEWS of those games one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${B:-target/release}
PORT=${PORT:-18431}
RATE=${RATE:-300}
REVIEWS=${REVIEWS:-8}
URL=http://127.0.0.1:$PORT
DATA=$(mktemp -d)
export BAO_CREATE_PER_MINUTE=100000000 BAO_WS_PER_ADDRESS=1000000 BAO_WS_CONNECT_RATE=1000000 \
  BAO_WS_CONNECT_BURST=1000000 BAO_WS_ADDRESS_RATE=1000000 BAO_WS_ADDRESS_BURST=1000000 RUST_LOG=warn
"$B/bao-server" --bind "127.0.0.1:$PORT" --data-dir "$DATA" &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$DATA"' EXIT
until curl -sf "$URL/healthz" >/dev/null; do sleep 0.1; done

echo "== finished games: random Kiswahili games played to their end"
"$B/bao-loadtest" --target "$URL" --server-pid "$PID" --variant kiswahili --games "$((REVIEWS + 1))" --rate 0 --think 0 \
  --duration 30s --no-replace --progress 0 >/dev/null || true
mapfile -t IDS < <(sqlite3 "$DATA/bao.db" \
  "SELECT id FROM games WHERE status = 'finished' AND variant = 'kiswahili' ORDER BY id LIMIT $((REVIEWS + 1))")
[ "${#IDS[@]}" -gt "$REVIEWS" ] || { echo "only ${#IDS[@]} finished games"; exit 1; }

# Asks for the review of game $1 until it is done; prints its moves and the seconds it took.
review() {
  local t0 code
  t0=$(date +%s.%N)
  while :; do
    code=$(curl -s -o /tmp/bench-review.json -w '%{http_code}' "$URL/api/games/$1/review")
    [ "$code" = 200 ] && break
    [ "$code" = 202 ] || { echo "review of $1: HTTP $code"; exit 1; }
    sleep 0.2
  done
  python3 -c "import json,sys; m=json.load(open('/tmp/bench-review.json'))['moves']; \
from collections import Counter; print(len(m), 'moves', dict(Counter(x['class'] for x in m)), end=' ')"
  echo "$(echo "$(date +%s.%N) - $t0" | bc) s"
}

echo "== one review alone (game ${IDS[0]})"
review "${IDS[0]}"

echo "== live games alone: $RATE moves/s"
"$B/bao-loadtest" --target "$URL" --server-pid "$PID" --games 200 --rate "$RATE" --duration 30s --progress 0 || true

echo "== the same while $REVIEWS reviews run (queued at once, reviewed one after the other)"
for id in "${IDS[@]:1}"; do curl -s -o /dev/null "$URL/api/games/$id/review"; done
"$B/bao-loadtest" --target "$URL" --server-pid "$PID" --games 200 --rate "$RATE" --duration 30s --progress 0 || true
left=0
for id in "${IDS[@]:1}"; do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/games/$id/review")" = 200 ] || left=$((left + 1))
done
echo "reviews still running or queued at the end of the load: $left of $REVIEWS"
