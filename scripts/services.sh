#!/usr/bin/env bash
# Starts the servers that the PostgreSQL and cluster tests use, when they do not answer on the machine already:
#   scripts/services.sh postgres   PostgreSQL on 127.0.0.1:5432, trust authentication, a database `test`
#   scripts/services.sh nats       NATS with JetStream on 127.0.0.1:4222
#   scripts/services.sh stop       stops the servers this script started (never the machine's own), unless a
#                                  test run still uses them (see `scripts/test.sh`: it holds $base/users shared)
# From Debian's packages (`postgresql`, `nats-server`), installed when missing (as root). The servers it starts
# keep their data under /tmp/bao-test-services and run until `stop` (scripts/test.sh stops them when it ends).
# The tests call this themselves (crates/bao-server/tests/it/common/services.rs); scripts/test.sh calls it first
# so that the first tests do not wait for it.
# (BAO_SERVICES_DIR and BAO_SERVICES_PG_PORT change where and on which port, to try this script beside running servers.)
set -euo pipefail
base=${BAO_SERVICES_DIR:-/tmp/bao-test-services}
pg_port=${BAO_SERVICES_PG_PORT:-5432}
mkdir -p "$base"
chmod 755 "$base"
# One start at a time: test binaries run in parallel and may all find the server missing.
exec 9>"$base/lock"
flock 9

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

install() {
  if [ "$(id -u)" != 0 ]; then
    echo "services.sh: $1 is not installed and only root can install it (apt-get install $1)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

wait_for() {
  for _ in $(seq 1 100); do
    answers "$1" && return 0
    sleep 0.2
  done
  echo "services.sh: nothing answers on 127.0.0.1:$1" >&2
  exit 1
}

start_postgres() {
  answers "$pg_port" && return 0
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || install postgresql
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  data="$base/postgres"
  # PostgreSQL refuses to run as root: its own user runs it (the package creates `postgres`).
  run=(runuser -u postgres --)
  [ "$(id -u)" = 0 ] || run=()
  if [ ! -s "$data/PG_VERSION" ]; then
    mkdir -p "$data"
    [ "$(id -u)" = 0 ] && chown postgres: "$data"
    "${run[@]}" "$bin/initdb" -D "$data" -U postgres -A trust >/dev/null
  # (The lock fds 8 and 9 closed for the server: a daemon that kept them would hold the lock for ever.)
  fi
  "${run[@]}" "$bin/pg_ctl" -D "$data" -l "$data/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $pg_port -c unix_socket_directories=$data -c max_connections=400" start >/dev/null 9>&- 8>&-
  wait_for "$pg_port"
  "${run[@]}" "$bin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -qAt \
    -c "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 ||
    "${run[@]}" "$bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres test
}

start_nats() {
  answers 4222 && return 0
  command -v nats-server >/dev/null || install nats-server
  setsid nats-server -a 127.0.0.1 -p 4222 -js -sd "$base/nats" -P "$base/nats.pid" \
    >"$base/nats.log" 2>&1 </dev/null 9>&- 8>&- &
  wait_for 4222
}

# Stops what start_postgres and start_nats started here, when no test run holds $base/users (shared).
stop_started() {
  exec 8>"$base/users"
  flock -xn 8 || { echo "services.sh: another test run still uses the services; left running"; return 0; }
  if [ -s "$base/postgres/postmaster.pid" ]; then
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    run=(runuser -u postgres --)
    [ "$(id -u)" = 0 ] || run=()
    "${run[@]}" "$bin/pg_ctl" -D "$base/postgres" -m fast -w stop >/dev/null && echo "services.sh: stopped PostgreSQL"
  fi
  if [ -s "$base/nats.pid" ] && kill -0 "$(cat "$base/nats.pid")" 2>/dev/null; then
    kill -TERM "$(cat "$base/nats.pid")"
    for _ in $(seq 1 100); do kill -0 "$(cat "$base/nats.pid")" 2>/dev/null || break; sleep 0.1; done
    rm -f "$base/nats.pid"
    echo "services.sh: stopped NATS"
  fi
}

for service in "$@"; do
  case "$service" in
    postgres) start_postgres ;;
    nats) start_nats ;;
    stop) stop_started ;;
    *) echo "services.sh: unknown service $service (postgres, nats, stop)" >&2; exit 2 ;;
  esac
done
