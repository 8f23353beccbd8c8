#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server: the one already listening on
# 127.0.0.1:5432 when there is one, otherwise a throw-away cluster made from Debian's postgresql
# package (initdb refuses root, so it runs as the postgres user) and stopped afterwards.
set -euo pipefail

export REQUIRE_POSTGRES=1
if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi

can_connect() {
  node -e '
    const pg = require("pg");
    const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 2000 });
    c.connect().then(() => c.query("select 1")).then(() => process.exit(0), () => process.exit(1));
  ' "$1" >/dev/null 2>&1
}

# WITH_POSTGRES_CLUSTER=1 skips the running server (to exercise the throw-away cluster path).
[ "${WITH_POSTGRES_CLUSTER:-}" = "1" ] || for url in "postgres://postgres@127.0.0.1:5432/test" "postgres://postgres@127.0.0.1:5432/postgres"; do
  if can_connect "$url"; then
    echo "with-postgres: using the server on 127.0.0.1:5432"
    export TEST_DATABASE_URL="$url"
    exec "$@"
  fi
done

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres: no PostgreSQL server and no initdb; install Debian's postgresql (scripts/install-test-deps.sh)" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/earshot-pg.XXXXXX)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
as_owner() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}
[ "$(id -u)" = "0" ] && chown postgres "$dir"
as_owner "'$bin/initdb' -D '$dir/data' -A trust -U postgres --no-sync >'$dir/initdb.log' 2>&1"
as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start >/dev/null"
stop() {
  as_owner "'$bin/pg_ctl' -D '$dir/data' -m fast -w stop >/dev/null 2>&1" || true
  rm -rf "$dir"
}
trap stop EXIT
as_owner "'$bin/createdb' -h 127.0.0.1 -p $port -U postgres test"
echo "with-postgres: started a throw-away cluster on 127.0.0.1:$port"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/test"
"$@"
