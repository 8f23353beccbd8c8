#!/usr/bin/env bash
# `npm test`: build, lint (including the layer rules), type-check, unit + API + web integration
# tests on SQLite and PostgreSQL, then browser journeys in Chromium. Ends with 'N passed, N failed'.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e.json test-results/checks.txt

check() {
  local name=$1; shift
  echo "== $name"
  if "$@"; then echo "pass $name" >>test-results/checks.txt; else echo "fail $name" >>test-results/checks.txt; fi
}

check build npm run build --silent
check lint npx eslint . --max-warnings 0
check typecheck npx tsc --noEmit
# Import circles, type-only imports included (ADR 028).
check circles npm run check:circles --silent
echo "== unit and integration tests (SQLite and PostgreSQL)"
bash scripts/with-postgres.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "== browser tests (Chromium)"
npx playwright test

node scripts/summarize-tests.mjs
