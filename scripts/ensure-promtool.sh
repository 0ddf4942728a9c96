#!/usr/bin/env bash
# The metrics test checks /metrics with Prometheus's own linter, promtool (in Debian's package 'prometheus').
set -euo pipefail
if command -v promtool >/dev/null; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "promtool is missing: install Debian's package 'prometheus' (apt-get install prometheus)" >&2; exit 1; fi
echo "Installing Debian's prometheus for promtool..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# Only the binaries are wanted: the package's service is not started (policy-rc.d says no for the install's length).
policy=/usr/sbin/policy-rc.d
if [ -e "$policy" ]; then
  apt-get install -y -qq --no-install-recommends prometheus >/dev/null
else
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
  trap 'rm -f "$policy"' EXIT
  apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi
