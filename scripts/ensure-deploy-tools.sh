#!/usr/bin/env bash
# The deploy tests use the tools docs/operations.md names: Debian's nginx (nginx-light: nginx -t and the rolling
# restart through it) and systemd-analyze (verify and security of the unit). Installed here when missing.
set -euo pipefail
missing=()
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v systemd-analyze >/dev/null || missing+=(systemd)
if [ ${#missing[@]} = 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "Missing: install Debian's ${missing[*]} (apt-get install ${missing[*]})" >&2; exit 1; fi
echo "Installing Debian's ${missing[*]} for the deploy tests..."
export DEBIAN_FRONTEND=noninteractive
# The package would start nginx on port 80; the tests run their own. (Containers usually refuse already.)
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
