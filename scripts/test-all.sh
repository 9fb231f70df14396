#!/usr/bin/env bash
# The whole suite: typecheck, lint, unit + integration tests on PGlite, the database tests again on
# PostgreSQL when TEST_DATABASE_URL is set, the production build, and the browser journeys.
# Run through `npm test` so every tool runs on the project's Node 24.
set -u
cd "$(dirname "$0")/.."
RESULTS=.cache/test-results
rm -rf "$RESULTS" test-results/e2e.json
mkdir -p "$RESULTS"

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }
record() { echo "$1 $2" >> "$RESULTS/checks.txt"; }
# Each phase's wall time, printed with the summary (CI shows only the end of the output; the suite has a time budget).
PHASE_START=$SECONDS
phase() {
  echo "$1 $((SECONDS - PHASE_START))" >> "$RESULTS/phases.txt"
  PHASE_START=$SECONDS
}
# What is using the CPU over one second (a leftover process would slow the phase that follows); printed with the summary.
busiest() { top -b -n 2 -d 1 -c -w 160 | awk '/^top -/ { n++ } n == 2' | sed -n '8,11p' | sed "s/^/  $1: /" >> "$RESULTS/processes.txt"; }

# The three static checks are single-threaded: side by side they take the time of the slowest (lint), not the sum.
# Each writes to its own log, printed in order once all have finished.
step "typecheck, lint and format (side by side)"
check() {
  local name=$1
  shift
  if "$@" > "$RESULTS/$name.log" 2>&1; then echo pass > "$RESULTS/$name.status"; else echo fail > "$RESULTS/$name.status"; fi
}
# Route types first (the typecheck script's first half): both tsc and the type-aware lint read them.
react-router typegen > "$RESULTS/typegen.log" 2>&1 || cat "$RESULTS/typegen.log"
check typecheck tsc -p tsconfig.json --noEmit &
check lint npm run --silent lint &
check format npm run --silent format:check &
wait
for name in typecheck lint format; do
  step "$name: $(cat "$RESULTS/$name.status")"
  cat "$RESULTS/$name.log"
  record "$name" "$(cat "$RESULTS/$name.status")"
done
phase "static checks"

step "unit + integration tests (PGlite)"
# Without TEST_DATABASE_URL (which CI exports for the pass below): the database tests run on PGlite here.
env -u TEST_DATABASE_URL vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest-pglite.json"
phase "vitest (PGlite)"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "database tests (PostgreSQL at ${TEST_DATABASE_URL%%\?*})"
  # Two workers a core: a file on PostgreSQL waits on the server (copying its template database, queries) much of the
  # time. Measured on the 2-core machine: 513 s with 4 workers against 621 s with 2.
  vitest run --project db --maxWorkers=4 --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest-postgres.json"
  phase "vitest db (PostgreSQL)"
else
  echo "TEST_DATABASE_URL is not set: the PostgreSQL pass of the database tests is skipped."
fi

step "build"
if npm run --silent build > "$RESULTS/build.log" 2>&1; then
  record build pass
  phase build
  step "browser tests (Chromium)"
  busiest "before the browser tests"
  if [ -x /usr/bin/chromium ]; then
    playwright test
    phase "browser tests"
  else
    echo "Debian's Chromium (/usr/bin/chromium) is missing: apt-get install -y chromium chromium-headless-shell"
    record browser-tests fail
  fi
else
  tail -n 40 "$RESULTS/build.log"
  record build fail
fi

node scripts/summarize-tests.js "$RESULTS"
