# The table of positions by their cards without points, shared by the games that keep one
# (kifameno/variants.pxd: 2-player Kifameno's main search once the stock is drawn;
# busca/variants.pxd: Busca's points game).  Each game makes a position's key (its cards and
# holders in relative ranks, with no points) and signature (its cards' points as 2-bit codes, in
# the order of the pairing its proof gives) and proves there why two positions of one key have
# values within D of each other, D the sum of the paired cards' point differences.  The table
# keeps, for a key and a signature, bounds on what P takes from the position on (A, in the
# game's units); a probe reads every entry of the key within CV_MAX_D and widens its bounds by
# its distance.
#
# An entry is 16 bytes: the key (64 bits, a bijection of the game's exact key, so an equal word
# is an equal key), then one word of the signature (bits 0..47: 24 cards of 2 bits), A's lower
# bound (48..54, 0 for none: A is never below 0), its upper bound (55..61, 127 for none) and a
# bit set for a used entry (63).  Eight entries a bucket (two cache lines).
from structs cimport u64, Ctx, TTBucket

cdef extern from *:
    """
    #include <stdlib.h>
    #include <stdint.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    typedef unsigned long long cv_u64;
    #define CV_WAYS 8               /* entries of 16 bytes a bucket: two cache lines */
    #define CV_USED (1ULL << 63)
    #define CV_SIG 0xFFFFFFFFFFFFULL
    #define CV_NO_UPPER 127
    static inline cv_u64 cv_mix(cv_u64 x) {
        /* A bijection of 64 bits (so the whole hash, kept in the entry, names the key). */
        x ^= x >> 31; x *= 0x9E3779B97F4A7C15ULL; x ^= x >> 29; x *= 0xBF58476D1CE4E5B9ULL; x ^= x >> 32;
        return x;
    }
    /* Units between two signatures: per card |points(code) - points(code')|, the codes 0..3
       worth 0, p1, p2 and p3 units (0 < p1 < p2 < p3).  From each signature's one-hot masks
       of the four codes, a popcount per pair of codes. */
    static inline int cv_distance(cv_u64 a, cv_u64 b, int p1, int p2, int p3) {
        const cv_u64 m = 0x555555555555ULL;
        cv_u64 a0 = a & m, a1 = (a >> 1) & m, b0 = b & m, b1 = (b >> 1) & m;
        cv_u64 x0 = ~a1 & ~a0 & m, x1 = ~a1 & a0, x2 = a1 & ~a0, x3 = a1 & a0;
        cv_u64 y0 = ~b1 & ~b0 & m, y1 = ~b1 & b0, y2 = b1 & ~b0, y3 = b1 & b0;
        return p1 * __builtin_popcountll((x0 & y1) | (x1 & y0))
             + p2 * __builtin_popcountll((x0 & y2) | (x2 & y0))
             + p3 * __builtin_popcountll((x0 & y3) | (x3 & y0))
             + (p2 - p1) * __builtin_popcountll((x1 & y2) | (x2 & y1))
             + (p3 - p1) * __builtin_popcountll((x1 & y3) | (x3 & y1))
             + (p3 - p2) * __builtin_popcountll((x2 & y3) | (x3 & y2));
    }
    typedef struct { cv_u64 key, word; } CvEntry;
    #define CV_ENTRY_BYTES ((int)sizeof(CvEntry))
    /* The table's memory: `size` bytes, zeroed, 64-byte aligned, its first 64 bytes a header of
       what to give back.  Large, it is mapped anonymously on 2 MiB boundaries with huge pages
       advised, as the transposition table is (ttable.pxd): the kernel zeroes a page on first
       touch, and a probe that misses the cache does not miss the TLB too. */
    typedef struct { void* base; size_t mapped; } CvHeader;
    static void* cv_table_alloc(size_t size) {
        char* a;
    #if defined(__linux__) && defined(MAP_ANONYMOUS)
        if (size >= ((size_t)4 << 20)) {
            size_t huge = (size_t)1 << 21, len = size + huge;
            void* p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED) return NULL;
            a = (char*)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
    #if defined(MADV_HUGEPAGE)
            madvise(a, size, MADV_HUGEPAGE);
    #endif
            ((CvHeader*)a)->base = p;
            ((CvHeader*)a)->mapped = len;
            return a;
        }
    #endif
        void* p = calloc(size + 64, 1);
        if (!p) return NULL;
        a = (char*)(((uintptr_t)p + 63) & ~(uintptr_t)63);
        ((CvHeader*)a)->base = p;
        ((CvHeader*)a)->mapped = 0;
        return a;
    }
    static void cv_table_free(void* a) {
        if (!a) return;
        CvHeader* h = (CvHeader*)a;
    #if defined(__linux__) && defined(MAP_ANONYMOUS)
        if (h->mapped) { munmap(h->base, h->mapped); return; }
    #endif
        free(h->base);
    }
    static inline CvEntry* cv_bucket(void* buckets, cv_u64 mask, cv_u64 key) {
        return (CvEntry*)buckets + ((key & mask) * CV_WAYS);
    }
    static inline void cv_prefetch(void* buckets, cv_u64 mask, cv_u64 key) {
        CvEntry* b = cv_bucket(buckets, mask, key);
        __builtin_prefetch(b);
        __builtin_prefetch(b + CV_WAYS / 2);
    }
    /* Narrow A's bounds [*lower, *upper] (CV_NO_UPPER: none) by every entry of the key whose
       signature is at most max_d units away, each widened by its distance. */
    static inline void cv_bounds(void* buckets, cv_u64 mask, cv_u64 key, cv_u64 sig, int max_d, int p1, int p2,
                                 int p3, int* lower, int* upper) {
        CvEntry* b = cv_bucket(buckets, mask, key);
        for (int i = 0; i < CV_WAYS; i++) {
            if (b[i].key != key || !(b[i].word & CV_USED)) continue;
            int d = cv_distance(b[i].word & CV_SIG, sig, p1, p2, p3);
            if (d > max_d) continue;
            int lo = (int)((b[i].word >> 48) & 127), hi = (int)((b[i].word >> 55) & 127);
            if (hi < CV_NO_UPPER && hi + d < *upper) *upper = hi + d;
            if (lo - d > *lower) *lower = lo - d;
        }
    }
    /* Merge A's bounds into the entry of this key and signature, or take an empty way, or a way
       chosen by the hash (the most recent entries are the ones a search meets again). */
    static inline void cv_store(void* buckets, cv_u64 mask, cv_u64 key, cv_u64 sig, int lo, int hi) {
        CvEntry* b = cv_bucket(buckets, mask, key);
        int slot = -1;
        if (lo < 0) lo = 0;
        if (hi > CV_NO_UPPER) hi = CV_NO_UPPER;
        for (int i = 0; i < CV_WAYS; i++) {
            if (b[i].key == key && (b[i].word & CV_USED) && (b[i].word & CV_SIG) == sig) {
                int l0 = (int)((b[i].word >> 48) & 127), h0 = (int)((b[i].word >> 55) & 127);
                if (l0 > lo) lo = l0;
                if (h0 < hi) hi = h0;
                slot = i;
                break;
            }
        }
        if (slot < 0)
            for (int i = 0; i < CV_WAYS; i++)
                if (!(b[i].word & CV_USED)) { slot = i; break; }
        if (slot < 0) slot = (int)((cv_mix(sig ^ key) >> 32) % CV_WAYS);
        b[slot].key = key;
        b[slot].word = CV_USED | ((cv_u64)hi << 55) | ((cv_u64)lo << 48) | sig;
    }
    """
    const int CV_WAYS, CV_ENTRY_BYTES, CV_NO_UPPER
    void* cv_table_alloc(size_t size) nogil
    void cv_table_free(void* a) nogil
    u64 cv_mix(u64 x) nogil
    void cv_prefetch(void* buckets, u64 mask, u64 key) nogil
    void cv_bounds(void* buckets, u64 mask, u64 key, u64 sig, int max_d, int p1, int p2, int p3, int* lower,
                   int* upper) nogil
    void cv_store(void* buckets, u64 mask, u64 key, u64 sig, int lo, int hi) nogil

from libc.string cimport memset

cdef enum:
    VARIANT_LEAST_BUCKETS = 512     # 64 KiB
    VARIANT_MOST_BUCKETS = 1 << 20  # 128 MiB
    VARIANT_SHARE = 8               # an eighth of the transposition table's most bytes

cdef inline int vtable_init(Ctx* c, u64 table_bytes, int cache_words) except -1:
    # A table of VARIANT_SHARE-th of the transposition table's most memory (`table_bytes`),
    # taken from it: a power of two of buckets between VARIANT_LEAST_BUCKETS and
    # VARIANT_MOST_BUCKETS, after a header (64 bytes) and `cache_words` words for the game's
    # cache of suits (a multiple of 8); its pages are zeroed as they are first used
    # (cv_table_alloc).  Raises MemoryError.
    cdef u64 buckets = VARIANT_LEAST_BUCKETS
    cdef u64 taken
    cdef size_t bytes
    while buckets < VARIANT_MOST_BUCKETS and buckets * 2 * CV_WAYS * CV_ENTRY_BYTES * VARIANT_SHARE <= table_bytes:
        buckets *= 2
    bytes = 64 + cache_words * 8 + buckets * CV_WAYS * CV_ENTRY_BYTES
    c.variants = cv_table_alloc(bytes)
    if c.variants == NULL:
        raise MemoryError(f"cannot allocate a table of {bytes} bytes for positions with other points")
    c.variant_buckets = <void*>(<char*>c.variants + 64 + cache_words * 8)
    c.variant_mask = buckets - 1
    # Its memory comes out of the transposition table's (whose pages are touched only as it
    # grows: ttable.tt_init), so that the two together keep to the size asked for.
    taken = (bytes + sizeof(TTBucket) - 1) // sizeof(TTBucket)
    if c.tt.max_buckets > taken + c.tt.buckets:
        c.tt.max_buckets -= taken
    return 0

cdef inline void vtable_clear(Ctx* c) noexcept nogil:
    # Empty the table (its buckets; the game's cache of suits depends on the deck alone).
    if c.variants != NULL:
        memset(c.variant_buckets, 0, (c.variant_mask + 1) * CV_WAYS * CV_ENTRY_BYTES)

cdef inline void vtable_free(Ctx* c) noexcept nogil:
    cv_table_free(c.variants)
    c.variants = NULL
    c.variant_buckets = NULL

cdef inline void vtable_cache(const Ctx* c, u64** cache) noexcept nogil:
    # The game's cache of suits, after the header.
    cache[0] = <u64*>(<char*>c.variants + 64)
