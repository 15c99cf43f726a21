#!/usr/bin/env bash
# Every option a verb accepts is in its --help and in its section of the man
# page. What a verb accepts is found by asking it: every "--word" written in
# src/cli/ is tried on every verb, and whatever is not answered "unknown" is
# taken as accepted.
source "$(dirname "$0")/lib_cli.sh"
root="$(cd "$(dirname "$0")/.." && pwd)"
man="$root/man/grundy.1"

flags=$(grep -ohE '"--[a-z][a-z-]*' "$root"/src/cli/*.c | tr -d '"' | sort -u)
# a word as a whole option: not the start of a longer one (--block in --block-position)
has_flag() { # FLAG TEXT, without a process per call
  local re="(^|[^a-z-])$1([^a-z-]|\$)"
  [[ $2 =~ $re ]]
}

verbs=$("$G" --help | awk '/^  [a-z]/ {print $1}')
[ -n "$verbs" ] || { echo "FAIL: grundy --help lists no verbs"; exit 1; }
man_section() { sed 's/\\-/-/g' "$man" | awk -v v="$1" '/^\.S[HS] / {on = ($0 == ".SS " v)} on'; }
for verb in $verbs; do
  section=$(man_section "$verb")
  [ -n "$section" ] || { fail=$((fail + 1)); echo "FAIL: the man page has no section for $verb"; continue; }
  if [ "$verb" = count ]; then
    # a count takes exactly the flags its usage line names (count_kim.c, count_sharing.c)
    for w in $("$G" count --help | awk '/^  [a-z]/ {print $1}'); do
      for f in $("$G" count "$w" --help | head -1 | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
        if has_flag "$f" "$section"; then pass=$((pass + 1)); else
          fail=$((fail + 1)); echo "FAIL: grundy count $w takes $f but the man page's count section does not say so"; fi
      done
    done
    continue
  fi
  help=$("$G" "$verb" --help 2>&1)
  for f in $flags; do
    [ "$f" = --help ] && continue
    in_help=false in_man=false
    has_flag "$f" "$help" && in_help=true
    has_flag "$f" "$section" && in_man=true
    # documented in both: whether it is accepted is checked the other way below
    if $in_help && $in_man; then pass=$((pass + 1)); continue; fi
    timeout 5 "$G" "$verb" "$f" </dev/null >/dev/null 2>"$tmp/err"
    grep -qE "unknown (option|argument)|unexpected here" "$tmp/err" && continue
    $in_help || { fail=$((fail + 1)); echo "FAIL: grundy $verb accepts $f but its --help does not say so"; }
    $in_man || { fail=$((fail + 1)); echo "FAIL: grundy $verb accepts $f but the man page's $verb section does not say so"; }
  done
done

# an option a help names is accepted (the other way round)
for verb in value moves seq check solve losing; do
  # options of other commands are quoted: `grundy solve --out DIR`
  for f in $("$G" $verb --help | sed 's/`[^`]*`//g' | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    timeout 5 "$G" $verb "$f" </dev/null >/dev/null 2>"$tmp/err"
    if grep -qE "unknown option" "$tmp/err"; then fail=$((fail + 1)); echo "FAIL: $verb --help names $f, which is refused"
    else pass=$((pass + 1)); fi
  done
done

# check --list: the ids, without checking anything
expect_out '^000/thm-P ' "$G" check --list
expect_out '^001/thm-9.3 ' "$G" check 001 --list
expect_out '"id":"004/thm-n3"' "$G" check 004 --list --format json
n_list=$("$G" check --list | wc -l)
n_json=$("$G" check --list --format=json | grep -c '"id"')
if [ "$n_list" -eq "$n_json" ] && [ "$n_list" -gt 50 ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: check --list gives $n_list lines, the JSON $n_json ids"; fi
finish
