#!/usr/bin/env bash
# The official MCP conformance suite against the real server process, for .ci/run.
#
# @modelcontextprotocol/conformance is pinned in scripts/node24/package.json; it needs Node >= 22, so it runs on
# scripts/node24.sh's Node 24. The server is started as `pnpm start` does (the machine's Node, this checkout),
# bound to loopback with a fresh data folder and a clean environment, on a free port.
#
# Every server scenario of the suite runs once for the log. The step fails when a scenario that applies to condor
# fails. Those are server-initialize, ping, tools-list and dns-rebinding-protection, plus the generic listing
# scenarios of the capabilities the server declares in its initialize answer: resources-list for `resources`,
# prompts-list for `prompts`, logging-set-level for `logging`. The other scenarios call the suite's fixture
# tools, resources and prompts (test_simple_text, test://static-text, test_simple_prompt, ...), which condor
# does not have, or need MCP sessions, which condor does not keep. The reason for each is in docs/decisions.md.
#
# CONDOR_MCP_DIRECT_PATH=off runs it with every request through the MCP SDK instead of the direct path for plain
# single requests (issue 30); .ci/run runs it both ways. The whole suite for the log runs only on the direct path.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

bin="$(scripts/node24.sh)"
conformance() { "$bin/node" "$root/scripts/node24/node_modules/.bin/conformance" "$@"; }

work="$(mktemp -d "${TMPDIR:-/tmp}/condor-conformance.XXXXXX")"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

path_kind="${CONDOR_MCP_DIRECT_PATH:-on}"
env -i PATH="$PATH" HOME="${HOME:-/tmp}" NODE_ENV=development PORT=0 HOST=127.0.0.1 CONDOR_DATA_DIR="$work/data" CONDOR_MCP_DIRECT_PATH="$path_kind" \
  node --conditions=@condor/source --import tsx apps/rest/src/main.ts >"$work/server.log" 2>&1 &
server_pid=$!

port=""
for _ in $(seq 1 300); do
  port="$(sed -n 's/.*"event":"listening".*"port":\([0-9][0-9]*\).*/\1/p' "$work/server.log" | head -n 1)"
  [[ -n "$port" ]] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
[[ -n "$port" ]] || { echo "the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }
base="http://127.0.0.1:${port}"
node --input-type=module -e "
for (let i = 0; i < 100; i++) {
  if (await fetch('${base}/readyz').then((r) => r.ok, () => false)) process.exit(0);
  await new Promise((r) => setTimeout(r, 100));
}
console.error('/readyz never answered 200'); process.exit(1);"

# The capabilities the server declares to a 2025-era client (all the suite's scenarios are 2025-era).
capabilities="$(node --input-type=module -e "
const response = await fetch('${base}/mcp', {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'condor-ci', version: '1.0.0' } } }),
});
const text = await response.text();
const json = text.trimStart().startsWith('{') ? text : text.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5)).join('');
const caps = JSON.parse(json).result?.capabilities;
if (!caps) { console.error('initialize failed: ' + response.status + ' ' + text); process.exit(1); }
console.log(Object.keys(caps).sort().join(' '));")"
echo "== MCP conformance ($(conformance --version)) on Node $("$bin/node" --version) against ${base}/mcp (direct path ${path_kind}); server capabilities: ${capabilities}"

required=(server-initialize ping tools-list dns-rebinding-protection)
for capability in $capabilities; do
  case "$capability" in
  resources) required+=(resources-list) ;;
  prompts) required+=(prompts-list) ;;
  logging) required+=(logging-set-level) ;;
  esac
done

if [[ "$path_kind" == on ]]; then
  echo "== every server scenario of the suite (for the log; only the ones that apply decide)"
  conformance server --url "${base}/mcp" --suite all -o "$work/all" 2>&1 | sed -n '/=== SUMMARY ===/,$p' || true
fi

echo "== the scenarios that apply: ${required[*]}"
failed=()
for scenario in "${required[@]}"; do
  if conformance server --url "${base}/mcp" --scenario "$scenario" -o "$work/required" >"$work/$scenario.log" 2>&1; then
    echo "  pass  $scenario"
  else
    echo "  FAIL  $scenario"
    failed+=("$scenario")
    conformance server --url "${base}/mcp" --scenario "$scenario" --verbose 2>&1 | head -n 60 | sed "s/^/        /" || true
  fi
done
if ((${#failed[@]} > 0)); then
  echo "MCP conformance: ${#failed[@]} scenario(s) that apply to condor failed: ${failed[*]}" >&2
  echo "server log:" >&2
  tail -n 50 "$work/server.log" >&2
  exit 1
fi
echo "MCP conformance (direct path ${path_kind}): all ${#required[@]} scenarios that apply pass"
