#!/usr/bin/env bash
# Installs what the tests need beyond npm: Debian's chromium (Playwright cannot download browsers
# here) and postgresql (the API suite runs on both engines).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -eq 0 ]; then
  echo "install-test-deps: chromium and postgresql are present"
  exit 0
fi
sudo_cmd=""
[ "$(id -u)" = "0" ] || sudo_cmd="sudo"
echo "install-test-deps: installing ${need[*]}"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
