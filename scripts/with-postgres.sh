#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (docs/postgresql.md): Debian's postgresql
# package (installed when missing), a new cluster in a temporary folder on its own free port, and
# TEST_DATABASE_URL naming it for the command. The cluster is stopped and its folder removed when the
# command ends, whether it passed, failed or was interrupted; the command's exit status is kept.
#   bash scripts/with-postgres.sh npx vitest run --project server
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-postgres.sh
bin=$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)
dir=$(mktemp -d "${TMPDIR:-/tmp}/my-account-pg-XXXXXX")
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# initdb refuses to run as root: as root (CI), the cluster belongs to the package's postgres user.
as=()
if [ "$(id -u)" = "0" ]; then
  chown postgres: "$dir"
  as=(runuser -u postgres --)
fi
cleanup() {
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# C collation, as PGlite sorts; durability off (a throwaway cluster): the tests measure the app, not the disk.
"${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >/dev/null
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 \
  -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (throwaway cluster in $dir)"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
status=0
"$@" || status=$?
if [ "$status" != "0" ] && [ -s "$dir/server.log" ]; then
  echo "--- last lines of the PostgreSQL log ---" >&2
  tail -n 20 "$dir/server.log" >&2
fi
exit "$status"
