#!/usr/bin/env bash
# moves holds its whole list in the reply: the list is bounded by the memory
# and time limits as a search is. tb:0.72u3 splits a heap into up to four:
# heap 411 has 489,402 moves (540 MB and 5 s listed in full; the fuzzer's
# 32 MiB and 0.02 s limits were not honoured).
source "$(dirname "$0")/lib_cli.sh"

expect_exit 3 "^grundy: listing the moves: [0-9]+ moves take about [0-9]+ bytes, over the memory limit; raise with --max-memory$" \
  "$G" moves tb:0.72u3 411 --max-memory 32M
# the time limit on a list that takes 8-9 s here (heap 500 beside forty
# heaps of 1: 878,764 moves, under the cap of 10^6 listed, each result 41
# heaps); heap 411's whole list, about 1 s, sometimes finished inside the
# limit of 1 s on a quiet machine
slow=(tb:0.72u3 500 $(printf '1 %.0s' $(seq 40)))
expect_exit 3 "^grundy: listing the moves: stopped after [0-9]+ moves at the time limit of 1 s; raise with --max-seconds$" \
  "$G" moves "${slow[@]}" --max-seconds 1
# refused within the limits' reach, not after the whole list
ms=$(cpu_ms "$G" moves tb:0.72u3 411 --max-memory 32M)
if [ "$ms" -lt "$cpu_second" ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: the memory refusal took $ms ms CPU"; fi
ms=$(cpu_ms "$G" moves "${slow[@]}" --max-seconds 1)
if [ "$ms" -lt $((2 * cpu_second)) ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: the time limit of 1 s stopped after $ms ms CPU"; fi
# a list inside the limits is listed whole
expect_out '"listed":"all","total_moves":533,' "$G" moves tb:0.72u3 40 --max-memory 32M --max-seconds 1 --format json
expect_out '^  take 1 from heap 0 +->  39  N 2$' "$G" moves tb:0.72u3 40 --max-memory 32M
# a huge heap of split (seed 004) is a limit of the listing too, as for the
# take-and-break games; play moves from it
expect_exit 3 "^grundy: heap 0 \\(21 digits\\) may have too many winning splits to list; 'grundy value' gives the exact value and 'grundy play' a winning move$" \
  "$G" moves split 100000000000000000000 3
finish
