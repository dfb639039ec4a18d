# Limits on a search: a node budget, a deadline and a stop request, shared by every search of
# one solve (several threads may add to the same budget).  The search checks them every 1,024
# nodes; once a limit is reached it unwinds without storing anything in the transposition
# table, so that only what was proved before the stop is reported.
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from structs cimport u64, Limits, Ctx

cdef extern from *:
    u64 atomic_add "__atomic_add_fetch"(u64*, u64, int) nogil
    int atomic_load_int "__atomic_load_n"(int*, int) nogil
    void atomic_store_int "__atomic_store_n"(int*, int, int) nogil

cdef enum:
    CHECK_EVERY = 1024
    MEMORY_ORDER_RELAXED = 0

cdef inline double monotonic() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9

cdef inline bint limits_reached(Limits* lim) noexcept nogil:
    # Called every CHECK_EVERY nodes of one search.
    cdef u64 used = atomic_add(&lim.used, CHECK_EVERY, MEMORY_ORDER_RELAXED)
    if atomic_load_int(&lim.stop, MEMORY_ORDER_RELAXED):
        return True
    if lim.max_nodes and used >= lim.max_nodes:
        atomic_store_int(&lim.stop, 1, MEMORY_ORDER_RELAXED)
        return True
    if lim.deadline > 0 and monotonic() >= lim.deadline:
        atomic_store_int(&lim.stop, 1, MEMORY_ORDER_RELAXED)
        return True
    return False

cdef inline bint must_stop(Ctx* c) noexcept nogil:
    # Called by the searches after counting a node: every CHECK_EVERY nodes, whether a limit
    # is reached or a trial search (driver.pxi, bracket) has used up its budget.  A trial then
    # unwinds like a search stopped by a limit, and the driver goes on without its answer.
    if c.nodes % CHECK_EVERY != 0:
        return False
    return limits_reached(c.limits) or (c.trial_end != 0 and c.nodes >= c.trial_end)
