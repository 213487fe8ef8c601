#!/usr/bin/env bash
# Installs Debian's Chromium when missing: the browser (the benchmarks' Lighthouse runs use it), its headless build
# (the browser journeys run in it: e2e/lib/browser.ts) and the CJK fonts the pages are drawn with. Never a downloaded
# browser. With CHROMIUM_PATH set, the journeys use that binary and nothing is installed.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -n "$(fc-list 'Noto Sans CJK SC' 2>/dev/null)" ] || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]}…"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null; }; then
  # Without the headless build the journeys run in the full browser (slower); without a browser they cannot run.
  [ -x /usr/bin/chromium ] || { echo "Chromium could not be installed" >&2; exit 1; }
  echo "apt-get failed: the journeys run in /usr/bin/chromium" >&2
fi
