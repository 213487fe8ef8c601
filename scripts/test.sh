#!/usr/bin/env bash
# The whole suite: lint, types, unit + API tests on PGlite (and again on PostgreSQL when
# TEST_DATABASE_URL is set), then the browser journeys against the built server.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
echo "== lint";       npm run lint
echo "== typecheck";  npm run typecheck
echo "== API + unit tests on PGlite"
env -u TEST_DATABASE_URL npm run test:unit
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Only the files whose outcome depends on the database (apps/server/vitest.config.ts): the others ran above.
  echo "== API tests on PostgreSQL ($TEST_DATABASE_URL)"
  TEST_DATABASE_ONLY=1 npm run test -w @huoke/server
else
  echo "== TEST_DATABASE_URL not set: the PostgreSQL run of the API suite is skipped"
fi
echo "== browser journeys"
npm run test:e2e
echo "== all green in $(( $(date +%s) - start )) s"
