#!/usr/bin/env bash
# The README's test command: type check, lint, unit + API tests (embedded PostgreSQL, and a PostgreSQL
# server when TEST_DATABASE_URL is set), then browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
step() { printf '\n== %s\n' "$*"; }

step 'Type check'
npm run --silent typecheck

step 'Lint'
npx biome check .

step 'SQL snapshots'
npm run --silent sql:snapshots -- --check

step 'Unit and API tests (embedded PostgreSQL)'
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/embedded.json"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step 'API tests (PostgreSQL server)'
  PD_TEST_ENGINE=postgres npx vitest run apps/api --reporter=default --reporter=json \
    --outputFile.json="$results/postgres.json"
fi

step 'Browser tests'
if [ ! -x /usr/bin/chromium ]; then
  echo 'Installing Debian Chromium for the browser tests...'
  if [ "$(id -u)" -ne 0 ]; then echo 'Chromium is missing and installing it needs root.' >&2; exit 1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
npm run --silent build
npm run --silent build:api && node scripts/smoke-build.mjs
export E2E_SERVER_LOG="$results/e2e-server.log"
if ! npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json \
  --outputFile.json="$results/e2e.json"; then
  echo 'The API server logged these errors and warnings during the browser tests (last 40):'
  grep -E '"level":(40|50|60)' "$E2E_SERVER_LOG" | tail -n 40 | cut -c 1-600 || true
  node scripts/test-summary.mjs "$results"/*.json || true
  exit 1
fi

node scripts/test-summary.mjs "$results"/*.json
