/* grundy: the library's public API in one header.
 *
 *   #include <grundy.h>       (cc ... $(pkg-config --cflags --libs grundy))
 *
 * What a library user needs: errors (error.h), positions of 64-bit and of any
 * size (position.h, bigpos.h), rulesets and games (ruleset.h), outcome rules
 * (outcome.h, players.h, block.h), limits and the generic solver (solve.h),
 * the engine that picks the method (engine.h, theory.h), play (play.h),
 * nim-sequences and their periods (heapseq.h, takebreak.h, period.h,
 * subtraction.h; sparse.h for long octal sequences), the three-pile Sharing
 * Nim table (sharing3.h, sharing3_fast.h), the papers' claims (claims.h) and exact counts
 * (counting.h).
 *
 * Only these headers are installed; the rest of include/grundy/ is the
 * library's own. Each header states at its top who owns what it hands out:
 * in short, a function that fills a caller's struct (gr_game, gr_answer,
 * gr_bigpos, ...) has a matching _release/_free/_clear that the caller
 * calls once; the opaque handles gr_engine and gr_play come from _new
 * (NULL with the reason in the gr_error) and go back through _free (NULL
 * is fine); a game is borrowed by everything made on it, and pointers
 * handed to callbacks are borrowed for the call. A gr_engine, gr_play or
 * gr_game is used by one thread at a time. Out of memory is
 * GR_ENOMEM (error.h); the library never aborts. */
#ifndef GRUNDY_H
#define GRUNDY_H
#include "grundy/error.h"
#include "grundy/position.h"
#include "grundy/bigpos.h"
#include "grundy/ruleset.h"
#include "grundy/outcome.h"
#include "grundy/players.h"
#include "grundy/block.h"
#include "grundy/solve.h"
#include "grundy/theory.h"
#include "grundy/engine.h"
#include "grundy/play.h"
#include "grundy/takebreak.h"
#include "grundy/heapseq.h"
#include "grundy/sparse.h"
#include "grundy/period.h"
#include "grundy/subtraction.h"
#include "grundy/sharing3.h"
#include "grundy/sharing3_fast.h"
#include "grundy/claims.h"
#include "grundy/counting.h"
#endif
