# Bit operations on 64-bit card masks (gcc/clang builtins).
from structs cimport u64

cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long) nogil
    int ctz64 "__builtin_ctzll"(unsigned long long) nogil
    int clz64 "__builtin_clzll"(unsigned long long) nogil

cdef inline int lowest_bit(u64 m) noexcept nogil:
    # Index of the lowest set bit; m must not be 0.
    return ctz64(m)

cdef inline int highest_bit(u64 m) noexcept nogil:
    # Index of the highest set bit; m must not be 0.
    return 63 - clz64(m)

cdef inline u64 bit(int i) noexcept nogil:
    return (<u64>1) << i

cdef inline u64 between(int lo, int hi) noexcept nogil:
    # Mask of the bits strictly between lo and hi (lo < hi).
    return (bit(hi) - 1) & ~((bit(lo) << 1) - 1)
