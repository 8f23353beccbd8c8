#!/usr/bin/env bash
# `npm test`: build, lint (including the layer rules), type-check, unused exports, unit + API + web
# integration tests (every suite on SQLite, the engine-specific ones on PostgreSQL too), then browser
# journeys in Chromium (every journey with JavaScript, those tagged @no-js without it too; ADR 023).
# Ends with 'N passed, N failed'.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e.json test-results/checks.txt test-results/check-*.log

check() {
  local name=$1; shift
  echo "== $name"
  if "$@"; then echo "pass $name" >>test-results/checks.txt; else echo "fail $name" >>test-results/checks.txt; fi
}

# Two checks at once, one per core (each is mostly single-threaded); their output is printed in turn.
check_pair() {
  local a=$1 b=$2
  "check_$a" >"test-results/check-$a.log" 2>&1 &
  local pid=$!
  "check_$b" >"test-results/check-$b.log" 2>&1
  wait "$pid"
  cat "test-results/check-$a.log" "test-results/check-$b.log"
}
check_lint() { check lint npx eslint . --max-warnings 0; }
check_typecheck() { check typecheck npx tsc --noEmit; }
check_unused() { check unused-exports npx knip --no-progress; }

# The one build: the web integration tests load build/index.js and the browser journeys run a copy of
# build/ (nothing builds again).
check build npm run build --silent
check_pair lint typecheck
# Import circles, type-only imports included (ADR 028).
check circles npm run check:circles --silent
check_unused
echo "== unit and integration tests (SQLite; the engine-specific suites on PostgreSQL too)"
bash scripts/with-postgres.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "== browser tests (Chromium)"
npx playwright test

node scripts/summarize-tests.mjs
