/* grundy census: the pieces of the verb (cmd_census.c parses, calls the
 * answer layer's census verb and prints its table; census_png.c draws the
 * picture; census_mpi.c spreads the codes over MPI ranks). */
#ifndef GRUNDY_CLI_CENSUS_H
#define GRUNDY_CLI_CENSUS_H
#include "cli.h"
#include "grundy/census.h"

typedef struct census {
    gr_census_rec *recs;
    size_t n;
    uint64_t to;
    const char *dir;
    int threads;                 /* all the run may use */
    int format;
    const char *png;
    bool mpi;
    gr_limits lim;
} census;

/* Each code's rare heaps and largest value against N, as a PNG. */
int census_png(const census *c, const char *path, gr_error *err);
/* The codes over MPI ranks (cli_mpi_begin done): rank 0 hands each code's
 * record out as ranks free up and gathers them back; ends MPI. */
int census_mpi(census *c, int rank, int ranks, gr_error *err);

#endif
