#!/usr/bin/env bash
# Installs what the tests need beyond npm: Debian's chromium (Playwright cannot download browsers
# here), postgresql and postgresql-client (the API suite runs on both engines; backup uses pg_dump) and apertium with its English-Spanish pair (the
# offline translation provider's test).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# pg_dump and pg_restore: the backup and restore commands on PostgreSQL (ADR 045).
command -v pg_dump >/dev/null 2>&1 && command -v pg_restore >/dev/null 2>&1 || need+=(postgresql-client)
apertium_modes=$(apertium -l 2>/dev/null || true)
grep -qx '[[:space:]]*eng-spa' <<<"$apertium_modes" || need+=(apertium apertium-eng-spa)
if [ ${#need[@]} -eq 0 ]; then
  echo "install-test-deps: chromium, postgresql (with pg_dump) and apertium (eng-spa) are present"
  exit 0
fi
sudo_cmd=""
[ "$(id -u)" = "0" ] || sudo_cmd="sudo"
echo "install-test-deps: installing ${need[*]}"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
