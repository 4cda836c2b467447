#!/usr/bin/env bash
# Runs a command next to a throwaway PostgreSQL server and a throwaway Redis server, both on
# loopback, so the API test suites run against Postgres as well as PGlite and the multi-instance
# tests (shared rate limits, cache invalidation) run at all. Exports for the command:
#   TEST_DATABASE_URL  postgres://postgres@127.0.0.1:<port>/postgres
#   TEST_REDIS_URL     redis://127.0.0.1:<port>
# Both servers are stopped (and their files removed) afterwards, whatever the command's outcome.
#
#   bash content-api/scripts/with-services.sh npx jest --selectProjects api
#
# Installs PostgreSQL or Redis with apt-get when missing. initdb refuses to run as root, so
# Postgres runs as the `postgres` user when the script runs as root.
# Ports: the first free one from PG_TEST_PORT (default 5540) and REDIS_TEST_PORT (default 6340).
# WITH_REDIS=0 skips Redis.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash $0 <command...>" >&2
  exit 2
fi

log() { echo "with-services: $*" >&2; }

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The first port from $1 on that nothing listens on (at most 60 tries).
free_port() {
  local port=$1
  for _ in $(seq 60); do
    if ! port_in_use "$port"; then
      echo "$port"
      return 0
    fi
    port=$((port + 1))
  done
  log "no free port from $1"
  return 1
}

find_pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

PG_BIN="${PG_BIN:-$(find_pg_bin)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  log "installing PostgreSQL with apt-get"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN="$(find_pg_bin)"
fi

WITH_REDIS="${WITH_REDIS:-1}"
if [ "$WITH_REDIS" = "1" ] && ! command -v redis-server >/dev/null; then
  log "installing Redis with apt-get"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

ROOT="$(mktemp -d /tmp/content-api-services.XXXXXX)"
DATA="$ROOT/pg"
REDIS_PID=""

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$ROOT"
fi

stop() {
  if [ -n "$REDIS_PID" ]; then
    kill "$REDIS_PID" 2>/dev/null || true
    wait "$REDIS_PID" 2>/dev/null || true
  fi
  as_pg "$PG_BIN/pg_ctl" -D "$DATA" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$ROOT"
}
trap stop EXIT

PG_PORT="$(free_port "${PG_TEST_PORT:-5540}")"
as_pg "$PG_BIN/initdb" -D "$DATA" -A trust -U postgres >"$ROOT/initdb.log" 2>&1 || {
  cat "$ROOT/initdb.log" >&2
  exit 1
}
as_pg "$PG_BIN/pg_ctl" -D "$DATA" -o "-k $ROOT -h 127.0.0.1 -p $PG_PORT" -l "$ROOT/pg.log" -w start >/dev/null || {
  cat "$ROOT/pg.log" >&2
  exit 1
}
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $TEST_DATABASE_URL"

if [ "$WITH_REDIS" = "1" ]; then
  REDIS_PORT="$(free_port "${REDIS_TEST_PORT:-6340}")"
  # In the foreground of a background job, so its pid is ours to stop; nothing is persisted.
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
    --dir "$ROOT" --logfile "$ROOT/redis.log" &
  REDIS_PID=$!
  for _ in $(seq 50); do
    if redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; then break; fi
    sleep 0.1
  done
  redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG || {
    cat "$ROOT/redis.log" >&2
    exit 1
  }
  export TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
  log "Redis $(redis-server --version | awk '{print $3}' | cut -d= -f2) at $TEST_REDIS_URL"
fi

# Not exec: the trap must still stop the servers when the command ends.
set +e
"$@"
status=$?
set -e
exit "$status"
