#!/usr/bin/env bash
# A cold `bridgelaws search` process against `rg` over corpus/, side by side in one hyperfine
# run (run on demand, not in CI): what a director at a terminal would otherwise type. The index
# is built once first; both commands then start from nothing but the files on disk.
# Needs hyperfine and rg (Debian: apt-get install hyperfine ripgrep).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in hyperfine rg; do
  command -v "$tool" >/dev/null || { echo "bench: '$tool' is required (apt-get install hyperfine ripgrep)" >&2; exit 2; }
done
cargo build --release --quiet
bin=target/release/bridgelaws
"$bin" search "insufficient bid" > /dev/null   # builds index/ if it is missing or stale
hyperfine --warmup 3 --runs "${RUNS:-50}" -N \
  --export-markdown "${OUT:-/dev/stdout}" \
  "$bin search \"insufficient bid\"" \
  "rg -i \"insufficient bid\" corpus/" \
  "$bin search הכרזה" \
  "rg הכרזה corpus/"
