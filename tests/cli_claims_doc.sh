#!/usr/bin/env bash
# docs/claims.md is the registry's coverage table: every claim id of the
# registry is the claim of exactly one row there, and every claim id the page
# names is in the registry.
source "$(dirname "$0")/lib_cli.sh"
doc="$(cd "$(dirname "$0")/.." && pwd)/docs/claims.md"

"$G" check --list | awk '{print $1}' | sort >"$tmp/registry"
[ -s "$tmp/registry" ] || { echo "FAIL: check --list is empty"; exit 1; }
while read -r id; do
  n=$(grep -cF "| \`$id\` |" "$doc")
  if [ "$n" -eq 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $id is the claim of $n rows of docs/claims.md"; fi
done <"$tmp/registry"
grep -oE '`[0-9]{3}/[A-Za-z0-9.-]+`' "$doc" | tr -d '`' | sort -u >"$tmp/named"
while read -r id; do
  if grep -qxF "$id" "$tmp/registry"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: docs/claims.md names $id, which is not in the registry"; fi
done <"$tmp/named"
finish
