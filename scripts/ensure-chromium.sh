#!/usr/bin/env bash
# Makes sure Debian's Chromium is present at /usr/bin/chromium for the browser tests.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "ensure-chromium: $CHROMIUM not found, installing the Debian 'chromium' package..." >&2

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "ensure-chromium: not running as root and sudo is not available; install 'chromium' manually (apt-get install -y chromium)." >&2
    exit 1
  fi
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: apt-get is not available on this machine; install Chromium so that $CHROMIUM exists." >&2
  exit 1
fi

if ! $SUDO apt-get update; then
  echo "ensure-chromium: 'apt-get update' failed (no network or no package mirror?)." >&2
  exit 1
fi

if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium; then
  echo "ensure-chromium: 'apt-get install chromium' failed." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: the chromium package was installed but $CHROMIUM is still missing." >&2
  exit 1
fi

echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) ready." >&2
