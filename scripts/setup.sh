#!/usr/bin/env bash
# Installs what grundy needs from Debian (when missing) and builds it.
# Usage: bash scripts/setup.sh [BUILD_DIR] [extra cmake args...]
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the build and the tests use (nginx: the reverse-proxy test
# of grundy serve, run on loopback with its own configuration; wrk: bench/serve.sh).
GR_PACKAGES=(build-essential cmake pkg-config libgmp-dev libcriterion-dev
             libcairo2-dev libreadline-dev clang libclang-rt-14-dev libmicrohttpd-dev curl python3
             libopenmpi-dev openmpi-bin python3-dev python3-pytest python3-numpy python3-matplotlib
             nginx wrk)

missing=()
for p in "${GR_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

build=${1:-build}
shift || true
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
# GR_TARGETS: build only these targets (CI's ThreadSanitizer stage needs the tool alone)
cmake --build "$build" -j"$(nproc)" ${GR_TARGETS:+--target $GR_TARGETS}
