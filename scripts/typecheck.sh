#!/usr/bin/env bash
# The four TypeScript projects are independent (noEmit, no project references): they are checked side by side, each
# one's errors printed after it ends. One at a time they took about 40 s on two cores; side by side 33 s.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
projects=(packages/contracts apps/server apps/web e2e)
pids=()
for p in "${projects[@]}"; do
  npx tsc -p "$p" > "$out/${p//\//_}.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!projects[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "== tsc -p ${projects[$i]}: errors"
    cat "$out/${projects[$i]//\//_}.log"
    failed=1
  fi
done
rm -rf "$out"
exit $failed
