#!/usr/bin/env bash
# Install (if needed) and start a throwaway PostgreSQL on 127.0.0.1 for the server tests, and
# print the URL to export as JANTAKU_TEST_POSTGRES. Usage:
#   export JANTAKU_TEST_POSTGRES="$(ci/postgres.sh start)"   ...   ci/postgres.sh stop
# Environment: PGPORT (default 54329), PGDATA_DIR (default /tmp/jantaku-pg).
set -euo pipefail
PORT="${PGPORT:-54329}"
DATA="${PGDATA_DIR:-/tmp/jantaku-pg}"
DB=jantaku_test

bin_dir() {
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir; return
  fi
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  if [ -z "$d" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
    d="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  fi
  echo "$d"
}

as_pg() {  # PostgreSQL refuses to run as root
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    BIN="$(bin_dir)"
    if [ ! -f "$DATA/PG_VERSION" ]; then
      mkdir -p "$DATA"
      [ "$(id -u)" = 0 ] && chown postgres "$DATA"
      as_pg "$BIN/initdb" -D "$DATA" -U jantaku --auth=trust >/dev/null
    fi
    if ! as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then  # not running yet
      as_pg "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k /tmp" start >/dev/null
    fi
    as_pg "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U jantaku -d postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname='$DB'" | grep -q 1 ||
      as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U jantaku "$DB"
    echo "postgresql://jantaku@127.0.0.1:$PORT/$DB"
    ;;
  stop)
    BIN="$(bin_dir)"
    as_pg "$BIN/pg_ctl" -D "$DATA" -m fast stop >/dev/null
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
