#!/bin/sh
# The official postgres image's first start, for what deploy/compose.yaml uses: as root, the data
# folder is made the postgres user's and the rest runs as that user; an empty data folder gets a
# cluster whose superuser is POSTGRES_USER (postgres) with POSTGRES_PASSWORD (required), password
# (SCRAM) logins from any address, and the database POSTGRES_DB (POSTGRES_USER's name).
set -eu

if [ "${1:-}" = postgres ]; then
  if [ "$(id -u)" = 0 ]; then
    mkdir -p "$PGDATA"
    chown postgres:postgres "$PGDATA"
    chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
  fi
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?is required: the password of POSTGRES_USER}"
    user="${POSTGRES_USER:-postgres}"
    database="${POSTGRES_DB:-$user}"
    password_file=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
    initdb --username="$user" --pwfile="$password_file" --auth-local=trust \
      --auth-host=scram-sha-256 -D "$PGDATA"
    rm -f "$password_file"
    echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
    if [ "$database" != postgres ]; then
      # On the socket only, while nothing else can connect.
      pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
      createdb --username="$user" "$database"
      pg_ctl -D "$PGDATA" -m fast -w stop
    fi
  fi
fi

exec "$@"
