# Limits on a solve, shared by every search of it whatever its game: ``ciapano._limits``.
#
# A node budget, a deadline and a stop request (limits.pxd), and Ctrl-C turned into a stop
# request while a search runs without the GIL.  Every engine (ciapano._engine_*) reads the
# Limits struct of a SearchLimits through its address (SearchLimits.address), so that one
# object serves every game.  Also the switches of the search techniques (OPTION_*).
from libc.string cimport memset
from structs cimport (Limits, USE_TT, USE_EQUIVALENCE, USE_BOUNDS, USE_ORDERING, USE_RELATIVE,
                      USE_NULLGAME, USE_LASTTRICK, USE_QUASI, USE_ENDGAME, USE_VARIANTS, USE_ALL)
from limits cimport monotonic

OPTION_TT = USE_TT
OPTION_EQUIVALENCE = USE_EQUIVALENCE
OPTION_BOUNDS = USE_BOUNDS
OPTION_ORDERING = USE_ORDERING
OPTION_RELATIVE = USE_RELATIVE
OPTION_NULLGAME = USE_NULLGAME
OPTION_LASTTRICK = USE_LASTTRICK
OPTION_QUASI = USE_QUASI
OPTION_ENDGAME = USE_ENDGAME
OPTION_VARIANTS = USE_VARIANTS
OPTION_ALL = USE_ALL


cdef extern from *:
    """
    /* Ctrl-C as a stop request (SearchLimits.guard_interrupt): while installed, SIGINT sets the
       stop flag of one Limits and is remembered, instead of reaching Python.  A search in the
       main thread runs without the GIL, where Python would see the interrupt only when the
       search ends; the other way to stop it at once, a search thread, costs a thread handoff
       per solve.  The handler only stores to ints (lock-free atomics: async-signal-safe). */
    #if defined(__unix__) || defined(__APPLE__)
    #include <signal.h>
    #include <string.h>
    static int* ciapano_sigint_stop = NULL;
    static volatile sig_atomic_t ciapano_sigint_seen = 0;
    static struct sigaction ciapano_sigint_old;
    static void ciapano_sigint_handler(int sig) {
        (void)sig;
        if (ciapano_sigint_stop != NULL)
            __atomic_store_n(ciapano_sigint_stop, 1, __ATOMIC_RELAXED);
        ciapano_sigint_seen = 1;
    }
    static int ciapano_sigint_guard(int* stop) {
        struct sigaction sa;
        if (ciapano_sigint_stop != NULL)
            return 0;                   /* already guarding another run */
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = ciapano_sigint_handler;
        sigemptyset(&sa.sa_mask);
        ciapano_sigint_seen = 0;
        ciapano_sigint_stop = stop;
        if (sigaction(SIGINT, &sa, &ciapano_sigint_old) != 0) {
            ciapano_sigint_stop = NULL;
            return 0;
        }
        return 1;
    }
    static int ciapano_sigint_unguard(void) {
        sigaction(SIGINT, &ciapano_sigint_old, NULL);
        ciapano_sigint_stop = NULL;
        return ciapano_sigint_seen != 0;
    }
    #else
    static int ciapano_sigint_guard(int* stop) { (void)stop; return 0; }
    static int ciapano_sigint_unguard(void) { return 0; }
    #endif
    """
    int sigint_guard "ciapano_sigint_guard"(int* stop) nogil
    int sigint_unguard "ciapano_sigint_unguard"() nogil


cdef class SearchLimits:
    """Limits shared by the searches of one solve: a node budget, a deadline, a stop request.

    :param max_nodes: stop after this many nodes in all (``None``: no limit).
    :param time_limit: stop after this many seconds from now (``None``: no limit).
    """

    cdef Limits lim

    def __init__(self, max_nodes=None, time_limit=None):
        memset(&self.lim, 0, sizeof(Limits))
        if max_nodes is not None:
            self.lim.max_nodes = max(1, int(max_nodes))
        if time_limit is not None:
            self.lim.deadline = monotonic() + max(0.0, float(time_limit))

    def stop(self):
        """Ask every search using these limits to stop (safe from any thread)."""
        self.lim.stop = 1

    def guard_interrupt(self):
        """From now until :meth:`unguard_interrupt`, Ctrl-C (SIGINT) stops the searches using
        these limits at once and does not raise KeyboardInterrupt.  Only for the main thread,
        whose SIGINT handler must be Python's default (the caller checks); one guard at a time.
        Returns False when it cannot guard (another guard is on, or no POSIX signals)."""
        return sigint_guard(&self.lim.stop) != 0

    def unguard_interrupt(self):
        """Put back the SIGINT handler that :meth:`guard_interrupt` replaced; returns whether
        Ctrl-C was pressed meanwhile."""
        return sigint_unguard() != 0

    @property
    def stopped(self):
        """Whether a limit was reached or a stop was asked for."""
        return self.lim.stop != 0

    @property
    def used(self):
        """Nodes counted against the budget so far (in steps of 1,024)."""
        return self.lim.used

    @property
    def address(self):
        """The address of the limits' C struct (structs.pxd, Limits), for the engines: valid
        while this object lives (an engine's Search keeps a reference to it)."""
        return <size_t>&self.lim
