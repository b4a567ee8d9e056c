#!/usr/bin/env bash
# Load on `bridgelaws serve` over loopback (not run in CI): the release binary on the bundled
# corpus; how long it takes to answer its first request with the index built and without it;
# then 32 connections for 30 s of mixed search and node pages with wrk (Debian's `wrk`),
# requests per second, p50/p99 latency, errors, and the server's peak memory (VmHWM).
#
#   bash benches/serve-load.sh            # DURATION=30s CONNECTIONS=32 PORT=18181 by default
#   BRIDGELAWS_BIN=target/debug/bridgelaws bash benches/serve-load.sh   # another build
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "serve-load: needs wrk (apt-get install wrk)" >&2; exit 2; }
command -v curl >/dev/null || { echo "serve-load: needs curl" >&2; exit 2; }
duration=${DURATION:-30s}
connections=${CONNECTIONS:-32}
port=${PORT:-18181}
bin=${BRIDGELAWS_BIN:-target/release/bridgelaws}
[[ -n "${BRIDGELAWS_BIN:-}" ]] || cargo build --release --locked --quiet
url="http://127.0.0.1:$port"

pid=
stop() { if [[ -n "$pid" ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=; fi; }
trap stop EXIT

# Start the server (in this shell, so that `pid` stays set) and set `ms` to the milliseconds
# from its start to its first answered request.
ms=
start() {
  local began now
  if curl -fs -o /dev/null "$url/"; then
    echo "serve-load: something already answers on port $port" >&2
    exit 1
  fi
  began=$(date +%s%N)
  "$bin" serve --addr "127.0.0.1:$port" "$@" >/dev/null 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "$url/law/1"; do
    kill -0 "$pid" 2>/dev/null || { echo "serve-load: the server stopped" >&2; exit 1; }
    sleep 0.01
  done
  now=$(date +%s%N)
  ms=$(((now - began) / 1000000))
}

fresh=$(mktemp -d)
start --index "$fresh"
echo "startup, index to build: $ms ms to the first answer"
stop
start --index "$fresh"
echo "startup, index built:    $ms ms to the first answer"
stop
rm -rf "$fresh"

start
echo "load: $connections connections for $duration, mixed search and node pages"
wrk -t2 -c"$connections" -d"$duration" --timeout 10s --latency -s benches/serve-load.lua "$url/"
grep -E 'VmHWM' "/proc/$pid/status" | sed 's/^/server peak memory: /'
