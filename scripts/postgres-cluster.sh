#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test suites, on a free loopback port, run by an unprivileged user.
#   scripts/postgres-cluster.sh start <dir>   installs Debian's postgresql when missing (as root), creates the
#                                             cluster in <dir> and prints its URL (also written to <dir>/url)
#   scripts/postgres-cluster.sh stop <dir>    stops it and deletes <dir>
set -euo pipefail

command="${1:-}"
dir="${2:-}"
[[ -n "$command" && -n "$dir" ]] || { echo "usage: $0 start|stop <dir>" >&2; exit 2; }

find_bin() {
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -n "$found" && -x "$found/initdb" ]]; then echo "$found"; return; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
}

# The server refuses to run as root: a system user without a login owns the cluster then.
as_owner() {
  if [[ "$(id -u)" == "0" ]]; then runuser -u condor-pg -- "$@"; else "$@"; fi
}

case "$command" in
start)
  bin="$(find_bin)"
  if [[ -z "$bin" ]]; then
    [[ "$(id -u)" == "0" ]] || { echo "PostgreSQL is not installed; install Debian's postgresql package" >&2; exit 1; }
    echo "== installing PostgreSQL from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >&2
    bin="$(find_bin)"
  fi
  if [[ "$(id -u)" == "0" ]] && ! id condor-pg >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin condor-pg
  fi
  mkdir -p "$dir"
  [[ "$(id -u)" == "0" ]] && chown condor-pg "$dir"
  port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  as_owner "$bin/initdb" -D "$dir/data" -U condor --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir' -c max_connections=300 -c fsync=off -c full_page_writes=off" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  url="postgres://condor@127.0.0.1:$port/postgres"
  echo "$url" >"$dir/url"
  echo "$url"
  ;;
stop)
  bin="$(find_bin)"
  if [[ -n "$bin" && -d "$dir/data" ]]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 start|stop <dir>" >&2; exit 2
  ;;
esac
