# What a trick does beyond its card points (ext/core/tricks.pxd, apply_card): nothing added to the
# winner's taken (Kifameno scores points alone, as Ciapanò), and then each seat draws a card from
# the stock, the trick's winner first, while it lasts (docs/rules.md#kifameno;
# tricks.draw_from_stock).
cdef enum:
    TRICK_BONUS = 0
    HAS_STOCK = 1
