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

step "typecheck"
if npm run --silent typecheck; then record typecheck pass; else record typecheck fail; fi

step "lint"
if npm run --silent lint; then record lint pass; else record lint fail; fi

step "format (Prettier)"
if npm run --silent format:check; then record format pass; else record format fail; fi

step "unit + integration tests (PGlite)"
vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest-pglite.json"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "database tests (PostgreSQL at ${TEST_DATABASE_URL%%\?*})"
  vitest run --project db --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest-postgres.json"
else
  echo "TEST_DATABASE_URL is not set: the PostgreSQL pass of the database tests is skipped."
fi

step "build"
if npm run --silent build > "$RESULTS/build.log" 2>&1; then
  record build pass
  step "browser tests (Chromium)"
  if [ -x /usr/bin/chromium ]; then
    playwright test
  else
    echo "Debian's Chromium (/usr/bin/chromium) is missing: apt-get install -y chromium"
    record browser-tests fail
  fi
else
  tail -n 40 "$RESULTS/build.log"
  record build fail
fi

node scripts/summarize-tests.js "$RESULTS"
