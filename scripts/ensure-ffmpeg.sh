#!/usr/bin/env bash
# Uploaded videos are encoded into their HLS ladder with ffmpeg (docs/decisions/074); the tests encode short clips.
set -euo pipefail
if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "ffmpeg is missing: install Debian's package 'ffmpeg' (apt-get install ffmpeg)" >&2; exit 1; fi
echo "Installing Debian's ffmpeg for the video ladders..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
