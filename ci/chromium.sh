#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (Playwright drives /usr/bin/chromium; no browser
# download). Does nothing when it is already there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2 2>/dev/null; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
fi
test -x /usr/bin/chromium
