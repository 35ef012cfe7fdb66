#!/usr/bin/env bash
# Installs what the browser test (tests/serve_browser.rs) drives: Debian's Chromium and its
# WebDriver, chromedriver. Does nothing when both are there. Run as root (CI and the
# project's machines are), or with sudo where there is one.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
command -v chromium >/dev/null && command -v chromedriver >/dev/null
