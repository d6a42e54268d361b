#!/usr/bin/env bash
# `npm run test:postgres` and `npm run bench:db` start a throwaway cluster from Debian's postgresql
# package (its initdb and pg_ctl); installed here when missing, as scripts/ensure-chromium.sh does.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "PostgreSQL is missing: run 'sudo apt-get install -y postgresql' and try again." >&2
  exit 1
fi
echo "Installing Debian's postgresql package…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
