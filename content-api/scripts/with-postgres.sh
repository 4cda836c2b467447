#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server, so the API
# test suites run against Postgres as well as PGlite. The server is started for the command and
# stopped (and its files removed) afterwards, whatever the command's outcome.
#
#   bash content-api/scripts/with-postgres.sh npx jest --selectProjects api
#
# Installs PostgreSQL with apt-get when no initdb is found. initdb refuses to run as root, so the
# server runs as the `postgres` user when the script runs as root.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash $0 <command...>" >&2
  exit 2
fi

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

PG_BIN="${PG_BIN:-$(find_bin)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: installing PostgreSQL with apt-get" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN="$(find_bin)"
fi

PORT="${PG_TEST_PORT:-55432}"
ROOT="$(mktemp -d /tmp/content-api-pg.XXXXXX)"
DATA="$ROOT/data"

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
  as_pg "$PG_BIN/pg_ctl" -D "$DATA" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$ROOT"
}
trap stop EXIT

as_pg "$PG_BIN/initdb" -D "$DATA" -A trust -U postgres >"$ROOT/initdb.log" 2>&1 || {
  cat "$ROOT/initdb.log" >&2
  exit 1
}
as_pg "$PG_BIN/pg_ctl" -D "$DATA" -o "-k $ROOT -h 127.0.0.1 -p $PORT" -l "$ROOT/server.log" -w start >/dev/null || {
  cat "$ROOT/server.log" >&2
  exit 1
}

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $TEST_DATABASE_URL" >&2

# Not exec: the trap must still stop the server when the command ends.
set +e
"$@"
status=$?
set -e
exit "$status"
