#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (playwright's own browser download is not reachable here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "Chromium is missing: install Debian's package 'chromium' (apt-get install chromium)" >&2; exit 1; fi
echo "Installing Debian's chromium for the end-to-end tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
