#!/usr/bin/env bash
# The whole test suite (`pnpm test`) on Node 24 LTS (scripts/node24.sh), for .ci/run after the Node 20 run.
#
# better-sqlite3 is a native addon built for one Node ABI, and this checkout's node_modules holds the build for
# the machine's Node. Rather than rebuild it in place (and break anyone running tests in this checkout meanwhile),
# the suite runs in a copy of the working tree (tracked and untracked files, not ignored ones) with its own
# `pnpm install` under Node 24: pnpm links packages from the local store, and better-sqlite3 is compiled from
# source (no prebuilt binary can be downloaded here) by node-gyp against the headers npm_config_nodedir names
# (which overrides a nodedir in the user's npmrc, naming the machine's Node). The copy is removed afterwards.
#
# Those headers are Node 24.18.1's, while the suite runs on the newest Node 24: from 24.19.0 on, node_object_wrap.h
# (compiled into the addon) removes an environment cleanup hook in ObjectWrap's destructor, and better-sqlite3 12
# (ObjectWrap-based; 13 moved to Node-API but needs Node >= 22) then aborts the process (SIGABRT, "Assertion
# failed: (env) != nullptr" in RemoveEnvironmentCleanupHook) when a garbage collection finalises a Statement with
# no context entered: vitest workers and the spawned servers died mid-run. The ABI is one for all of Node 24, and
# better-sqlite3's prebuilt binaries for it predate 24.19 too. pnpm's side-effects cache is off for this install:
# its key names the Node major but not the headers, so it could hand back a build made against other headers.
# The environment passes through (CONDOR_TEST_DATABASE_URL included).
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION="$(node -p "require('./package.json').packageManager.split('@')[1]")"
bin="$(scripts/node24.sh)"
nodedir="$(scripts/node24.sh nodedir)"
tree="$(mktemp -d "${TMPDIR:-/tmp}/condor-node24-tree.XXXXXX")"
trap 'rm -rf "$tree"' EXIT

git ls-files -z --cached --others --exclude-standard --deduplicate \
  | while IFS= read -r -d '' file; do [[ -e "$file" || -L "$file" ]] && printf '%s\0' "$file"; done \
  | tar --null --files-from=- -cf - | tar -xf - -C "$tree"

export PATH="$bin:$PATH"
export npm_config_nodedir="$nodedir"
export COREPACK_INTEGRITY_KEYS=0
pnpm() { npx -y "pnpm@${PNPM_VERSION}" "$@"; }

cd "$tree"
echo "== node $(node --version) ($(command -v node)) in a copy of the working tree: $tree"
pnpm install --frozen-lockfile --prefer-offline --config.side-effects-cache=false
node -e "require(require.resolve('better-sqlite3', { paths: ['packages/store-sql'] }))(':memory:').close()" \
  || { echo "better-sqlite3 does not load under Node $(node --version)" >&2; exit 1; }
echo "== test on $(node --version) (the README's test command), SQLite and PostgreSQL"
pnpm test
