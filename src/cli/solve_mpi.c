/* grundy solve --mpi: chains spread over Open MPI ranks (rank k solves the
 * chains r with r % ranks == k), per-tier checksums, largest values and
 * P-position counts gathered on rank 0, which alone prints and finishes the
 * MANIFEST. grundy table --mpi (table_mpi.c) uses the row reductions and
 * broadcasts below. Built only when CMake finds MPI (GR_HAVE_MPI);
 * otherwise --mpi says so. */
#include "cli.h"
#include <stdint.h>
#include <stdlib.h>

/* Started by a launcher (mpirun, srun, mpiexec), not as a lone process. */
bool cli_mpi_launched(void)
{
    const char *vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK"};
    for (size_t i = 0; i < sizeof vars / sizeof *vars; i++)
        if (getenv(vars[i])) return true;
    return false;
}

#ifdef GR_HAVE_MPI
#include <mpi.h>

void cli_mpi_min_u32(uint32_t *v, size_t count)
{
    MPI_Allreduce(MPI_IN_PLACE, v, (int)count, MPI_UINT32_T, MPI_MIN, MPI_COMM_WORLD);
}

void cli_mpi_bcast_u32(uint32_t *v, size_t count)
{
    MPI_Bcast(v, (int)count, MPI_UINT32_T, 0, MPI_COMM_WORLD);
}

void cli_mpi_sum_max(double x, double *sum, double *max)
{
    MPI_Reduce(&x, sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&x, max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
}

int cli_mpi_begin(int *rank, int *ranks, gr_error *err)
{
    (void)err;
    int ready = 0;
    MPI_Initialized(&ready);
    if (!ready) MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, ranks);
    return GR_OK;
}

/* Every rank's status; the worst wins everywhere. */
int cli_mpi_status(int rc)
{
    int worst = 0;
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return worst;
}

void cli_mpi_gather(uint64_t *sum, uint32_t *max, uint64_t *zeros, uint64_t *loaded, size_t count)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* a tier belongs to exactly one rank, the others hold 0 */
    MPI_Reduce(rank ? sum : MPI_IN_PLACE, sum, (int)count, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(rank ? max : MPI_IN_PLACE, max, (int)count, MPI_UINT32_T, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(rank ? zeros : MPI_IN_PLACE, zeros, (int)count, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(rank ? loaded : MPI_IN_PLACE, loaded, (int)count, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
}

void cli_mpi_end(void)
{
    MPI_Finalize();
}
#else
void cli_mpi_min_u32(uint32_t *v, size_t count)
{
    (void)v, (void)count;
}
void cli_mpi_bcast_u32(uint32_t *v, size_t count)
{
    (void)v, (void)count;
}
void cli_mpi_sum_max(double x, double *sum, double *max)
{
    *sum = *max = x;
}
int cli_mpi_begin(int *rank, int *ranks, gr_error *err)
{
    *rank = 0, *ranks = 1;
    return gr_fail(err, GR_EINPUT, "--mpi: this grundy was built without Open MPI (install libopenmpi-dev, rebuild)");
}
int cli_mpi_status(int rc)
{
    return rc;
}
void cli_mpi_gather(uint64_t *sum, uint32_t *max, uint64_t *zeros, uint64_t *loaded, size_t count)
{
    (void)sum, (void)max, (void)zeros, (void)loaded, (void)count;
}
void cli_mpi_end(void)
{
}
#endif
