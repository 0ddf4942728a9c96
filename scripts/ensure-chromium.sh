#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (playwright's own browser download is not reachable here): its headless
# shell, the same build without the browser's window layer, which Playwright itself runs headless tests in (a quarter
# less CPU than the full browser in headless mode); the audits and pictures use the full browser.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: install Debian's packages 'chromium' and 'chromium-headless-shell' (apt-get install chromium chromium-headless-shell)" >&2
  exit 1
fi
echo "Installing Debian's chromium and chromium-headless-shell for the end-to-end tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-headless-shell >/dev/null
