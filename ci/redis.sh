#!/usr/bin/env bash
# Install (if needed) and start a throwaway Redis on 127.0.0.1 for the multi-process server
# tests, and print the URL to export as JANTAKU_TEST_REDIS. Usage:
#   export JANTAKU_TEST_REDIS="$(ci/redis.sh start)"   ...   ci/redis.sh stop
# Environment: REDIS_PORT (default 63799), REDIS_DIR (default /tmp/jantaku-redis). Nothing is
# kept on disk: the server holds leases and messages only, which live no longer than it does.
set -euo pipefail
PORT="${REDIS_PORT:-63799}"
DIR="${REDIS_DIR:-/tmp/jantaku-redis}"

server_bin() {
  if ! command -v redis-server >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server) >&2
  fi
  command -v redis-server
}

case "${1:-start}" in
  start)
    BIN="$(server_bin)"
    mkdir -p "$DIR"
    if ! redis-cli -h 127.0.0.1 -p "$PORT" ping >/dev/null 2>&1; then
      "$BIN" --bind 127.0.0.1 --port "$PORT" --daemonize yes --dir "$DIR" \
        --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log" --save "" --appendonly no \
        >/dev/null
      for _ in $(seq 50); do
        redis-cli -h 127.0.0.1 -p "$PORT" ping >/dev/null 2>&1 && break
        sleep 0.1
      done
      redis-cli -h 127.0.0.1 -p "$PORT" ping >/dev/null
    fi
    echo "redis://127.0.0.1:$PORT/0"
    ;;
  stop)
    redis-cli -h 127.0.0.1 -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
