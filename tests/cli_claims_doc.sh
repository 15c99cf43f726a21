#!/usr/bin/env bash
# docs/claims.md is the registry's coverage table: every claim id of the
# registry is the claim of exactly one row there, with the registry's own
# statement (seed claims) and a place in the paper; every claim id the page
# names is in the registry; and every seed has its table of claims and its
# table of the statements that are not claims of their own.
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
# a seed claim's row: | place | statement | `id` |, the statement as the registry words it
"$G" check --list | grep -E '^00[0-4]/' >"$tmp/list"
awk 'NR == FNR { id = $1; sub(/^[^ ]+ +/, ""); want[id] = $0; next }
     /^\| .* \| `[0-9][0-9][0-9]\/[^`]*` \|$/ {
       n = split($0, cell, / \| /); id = cell[n]; gsub(/[`| ]/, "", id); place = cell[1]; sub(/^\| */, "", place)
       if (id in want) { seen[id] = 1; print (cell[2] == want[id] && place != "" ? "ok " : "bad ") id " | " cell[2] }
     }
     END { for (id in want) if (!(id in seen)) print "bad " id " | no row" }' "$tmp/list" "$doc" >"$tmp/rows"
good=$(grep -c '^ok ' "$tmp/rows")
pass=$((pass + good))
while read -r line; do fail=$((fail + 1)); echo "FAIL: docs/claims.md row unlike the registry's statement: ${line#bad }"; done \
  < <(grep '^bad ' "$tmp/rows")
# each seed: a section, its claims table and its table of what is not a claim
for seed in 000 001 002 003 004; do
  section=$(awk -v s="## Seed $seed" 'index($0, s) == 1 {on = 1; next} /^## / {on = 0} on' "$doc")
  claims=$(printf '%s\n' "$section" | grep -c '^| .* | `'"$seed"'/[^`]*` |$')
  not=$(printf '%s\n' "$section" | awk '/^Not claims of their own/ {on = 1} on && /^\| / {n++} END {print n + 0}')
  if [ "$claims" -gt 0 ] && [ "$not" -gt 2 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: seed $seed: $claims claim rows, $not rows of statements that are not claims"; fi
done
finish
