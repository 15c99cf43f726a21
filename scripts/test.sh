#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the plain suite, the
# suite again under AddressSanitizer + UndefinedBehaviorSanitizer, and the
# parser fuzz target for a bounded time.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

echo "== build and test ($(date -u +%T))"
bash scripts/setup.sh build
(cd build && ctest --output-on-failure -j"$jobs")

echo "== the same tests under AddressSanitizer and UndefinedBehaviorSanitizer ($(date -u +%T))"
bash scripts/setup.sh build-asan -DGR_SANITIZE=ON -DGR_BENCH=OFF -DCMAKE_BUILD_TYPE=Debug
(cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$jobs")

echo "== the server's API tests under ThreadSanitizer ($(date -u +%T))"
# (the serve tests run the tool alone, so only the tool is built)
GR_TARGETS=grundy bash scripts/setup.sh build-tsan -DGR_TSAN=ON -DGR_BENCH=OFF
(cd build-tsan && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure -R 'serve')

echo "== the page in headless chromium (playwright-core) ($(date -u +%T))"
bash scripts/setup-browser.sh
node tests/browser/e2e.mjs build/grundy build/browser

echo "== ($(date -u +%T)) fuzzing the parsers (${GR_FUZZ_SECONDS:-25} s each: positions and rules, play's moves and records, sequence files, the answer layer's queries)"
GR_TARGETS="fuzz_parse fuzz_play fuzz_seqfile fuzz_api" bash scripts/setup.sh build-fuzz -DGR_FUZZ=ON -DGR_TESTS=OFF -DGR_BENCH=OFF -DCMAKE_C_COMPILER=clang
for target in parse play seqfile api; do
  corpus=build-fuzz/corpus_$target
  mkdir -p "$corpus"
  case $target in
    parse) cp fuzz/corpus/* "$corpus"/ ;;
    *) cp fuzz/corpus_$target/* "$corpus"/ ;;
  esac
  # -seed: CI replays the same exploration each run, so that a run's verdict
  # is the commit's and not the draw's (new inputs are found by longer runs
  # with random seeds: docs/fuzzing.md); -timeout: a hang, not a slow input (every call is bounded by the fuzzer's 0.02-0.2 s limits;
  # instrumented code runs 20-40x slower, so 20 s is far past any bounded call)
  build-fuzz/fuzz/fuzz_$target -max_total_time="${GR_FUZZ_SECONDS:-25}" -seed="${GR_FUZZ_SEED:-1}" -timeout=20 -rss_limit_mb=1024 \
    -artifact_prefix=build-fuzz/$target- "$corpus" 2>build-fuzz/fuzz_$target.log ||
    { tail -40 build-fuzz/fuzz_$target.log; echo "fuzzing found a failure (see build-fuzz/)"; exit 1; }
  tail -1 build-fuzz/fuzz_$target.log
done
echo "all tests passed ($(date -u +%T))"
