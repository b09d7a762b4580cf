"""What the compiler's generated Python runs with: the helpers generated code calls.

The compiler turns each expression into Python source (one `lambda st, env: ...` in place of a tree of
closures), each `choose` and each option's `where` into list comprehensions of moves, each event's rule
conditions into one dispatcher, and each basic block (statements, then at most one instruction that asks
someone or starts other code, then a jump) into one Python function.  The names below are the globals of
every generated function; the compiler adds its tables and constants (`Compiler.const`)."""
from __future__ import annotations

from itertools import combinations

from interpreter import machine as m
from interpreter import ops

from .errors import RuntimeRulesError

MAX_RANGE = 100_000
# Results kept by the values a `where` reads (an option's legal items; which cards pass it), per `where`: a
# few thousand sets of values are common (colour, number, the card laid), and at this many they start again.
MEMO_LIMIT = 1 << 15
TABLE_LIMIT = 4096  # tables of the deck kept per `where` (each a tuple as long as the deck)
NONE1 = (None,)  # `(zone or NONE1)[-1]`: the top card of a zone, or none for an empty one


def work(st, n: int) -> None:
    """Count an expression's work against the move's bound, and stop one that would run for ever."""
    st.steps += n
    if st.steps > st.limit:
        raise RuntimeRulesError("the rules did too much work without asking anyone anything; a loop or an "
                                "expression does not end")


def counted(st, xs) -> list:
    """The items of a zone or list, as a new list, counted as work (st is None while the deck is built)."""
    xs = list(xs) if xs is not None else []
    if st is not None:
        st.steps += len(xs)
        if st.steps > st.limit:
            work(st, 0)
    return xs


def known(st, player, zone) -> list:
    """`[c for c in Z if knows(p, c)]`, Z a zone: its cards that p knows, the zone's cards counted as work as the
    comprehension counts them."""
    counted(st, st.zone(*zone))
    return ops.known_cards(st, player, zone)


def items(st, v):
    """A value used as a collection: a zone's own list (do not change it), a list, or nothing."""
    if isinstance(v, ops.ZoneRef):
        return st.zone(*v)
    return v if v is not None else ()


def zone_of(st, zi: int, owner) -> ops.ZoneRef:
    """A player's zone as a value (`hand(p)`), for a player that is one."""
    if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < st.n:
        given = "something else" if st.in_play() else repr(owner)  # (in play: the value is not told, `in_play`)
        raise RuntimeRulesError(f"`{st.program.zones[zi].name}(...)` needs a player, and was given {given}")
    return ops.ZoneRef((zi, owner))


# Numbers stay within ±MAX_NUMBER (the 18 digits a text may write): checked where they can grow fast, by `*`
# and by `+`/`-` of two worked-out values (a number squared or doubled in a loop would otherwise take all memory
# in seconds); adding a constant grows a number no faster than the steps a move may take.
MAX_NUMBER = 10 ** 18 - 1
_TOO_LARGE = f"a number grew past the limit of numbers (±{MAX_NUMBER:,})"


def MUL(a, b):
    r = a * b
    if -MAX_NUMBER <= r <= MAX_NUMBER:
        return r
    raise OverflowError(_TOO_LARGE)


def POW(a, b):
    """`a ** b`: refused before any work when it would pass the limit (a number past 1 or -1 to a power past 63 does,
    whatever else it is: 2 ** 64 > MAX_NUMBER)."""
    if b < 0:
        raise OverflowError(f"a power's exponent is a whole number from 0 up, and this one is {b}")
    if a in (0, 1, -1):
        return a ** b
    if b > 63:
        raise OverflowError(_TOO_LARGE)
    r = a ** b
    if -MAX_NUMBER <= r <= MAX_NUMBER:
        return r
    raise OverflowError(_TOO_LARGE)


def ADD(a, b):
    r = a + b
    if -MAX_NUMBER <= r <= MAX_NUMBER:
        return r
    raise OverflowError(_TOO_LARGE)


def PLUS(st, a, b):
    """`a + b` of two values the checker could not type (`cs + used`, both parameters): two numbers added, two lists
    (or zones' cards) joined, counted as work."""
    if isinstance(a, (list, ops.ZoneRef)) and isinstance(b, (list, ops.ZoneRef)):
        return counted(st, items(st, a)) + counted(st, items(st, b))
    if isinstance(a, (list, ops.ZoneRef)) or isinstance(b, (list, ops.ZoneRef)):
        kinds = ["a list" if isinstance(x, (list, ops.ZoneRef)) else "nothing" if x is None else "a number"
                 if isinstance(x, int) else "a value" for x in (a, b)]
        raise RuntimeRulesError(f"`+` adds two numbers or joins two lists, and was given {kinds[0]} and {kinds[1]}")
    return ADD(a, b)


def SUB(a, b):
    r = a - b
    if -MAX_NUMBER <= r <= MAX_NUMBER:
        return r
    raise OverflowError(_TOO_LARGE)


def attr(table, c):
    return table[c] if c is not None else None


def is_(table, c):
    return c is not None and table[c]


def ordered(op, x, y):
    return x is not None and y is not None and op(x, y)


def card_table(memo: dict, key: tuple, build, *args):
    """Whether each card of the deck passes a `where` that reads only the card and values worked out before
    it (the key): worked out once for those values and kept.  None if the `where` fails for some card (then
    it is tested card by card, as written: the cards it is asked about may never include that one)."""
    try:
        table = build(*args)
    except m.RULE_FAILURES:
        table = None
    if len(memo) >= TABLE_LIMIT:
        memo.clear()
    memo[key] = table
    return table


def number_range(st, a, b) -> list:
    if b - a >= MAX_RANGE:
        # (its ends not told: they may be worked out from cards some seat may not see)
        raise RuntimeRulesError(f"a range of numbers (`a..b`) has more than {MAX_RANGE} numbers")
    xs = list(range(a, b + 1))
    if st is not None:
        work(st, len(xs))
    return xs


def any_early(values) -> bool:
    for v in values:
        if v is not None and v is not False:
            return True
    return False


def _first(xs):
    return xs[0] if xs else None


AGGREGATES = {
    "sum": lambda xs: sum(x for x in xs if x is not None),
    "count": lambda xs: sum(1 for x in xs if x is not None and x is not False),
    # A card (even card 0) or a player counts as present; only false and none do not.
    "any": lambda xs: any(x is not None and x is not False for x in xs),
    "all": lambda xs: all(x is not None and x is not False for x in xs),
    "first": _first,
    "list": list,
    "min": lambda xs: min((x for x in xs if x is not None), default=None),
    "max": lambda xs: max((x for x in xs if x is not None), default=None),
}


def _by_order(pick):
    def agg(place: dict, xs):
        xs = [x for x in xs if x is not None]
        return pick(xs, key=lambda v: place.get(v, -1)) if xs else None
    return agg


def _ranked(pick):
    """`min`/`max` of items `by` keys: the item whose keys, the first first, rank lowest/highest (the first such
    item on a tie). A key is compared as a number, true above false, a value of an ordered attribute by its place,
    and `none` below everything. Items that are `none` are left out."""
    def rank(v, place):
        return (0, 0) if v is None else (1, place.get(v, v) if isinstance(v, str) else int(v))

    def agg(place: dict, pairs):
        best, best_rank = None, None
        for item, keys in pairs:
            if item is None:
                continue
            r = tuple(rank(k, place) for k in keys)
            if best_rank is None or pick(r, best_rank):
                best, best_rank = item, r
        return best
    return agg


MAX_SPLIT = 16  # the most items `splits` takes apart (it looks at every group of them)
SPLIT_MEMO = 1 << 17  # groups and answers kept for one `splits`


def subsets(st, memo, xs, holds) -> list:
    """`subsets(g in xs where ...)`: every group of the items (but none) that `holds`, each a list in the items'
    order; the smaller groups first, those of one size in the order of their items.  `memo` as for `splits`."""
    xs = [x for x in xs if x is not None]
    n = len(xs)
    if n > MAX_SPLIT:
        raise RuntimeRulesError(f"`subsets` of {n} items: it looks at the groups of {MAX_SPLIT} at most")
    test = _group_test(st, memo, holds, n)
    return [group for size in range(1, n + 1) for group in map(list, combinations(xs, size)) if test(group)]


def _group_test(st, memo, holds, n: int):
    """Whether `holds` of a group of `n` items, for `splits` and `subsets`: each of the 2**n groups counted as one step
    (all of them now, `work`), whatever its condition costs (an expression always ends, and at most 2**MAX_SPLIT groups
    are tried); kept in `memo` (a group's key starts with None: never a list of items; emptied when full) unless it is
    None."""
    work(st, 1 << n)
    if memo is not None and len(memo) >= SPLIT_MEMO:
        memo.clear()

    def test(group: list) -> bool:
        steps = st.steps
        if memo is None:
            found = holds(group)
        else:
            found = memo.get((None, *group))
            if found is None:
                found = memo[(None, *group)] = bool(holds(group))
        st.steps = steps
        return found
    return test


def splits(st, memo, xs, holds) -> list:
    """`splits(g in xs where ...)`: every way to take disjoint groups that `holds` out of the items, as many as will
    go (a way that leaves room for one more group is not one), as the items each leaves, in the items' order; each
    leftover once.  `memo` (None when the condition reads the game) keeps the answer for the same items, and
    whether the condition holds for each group tried (the next hand shares most of its groups with this one)."""
    xs = [x for x in xs if x is not None]
    key = tuple(xs)
    kept = memo.get(key) if memo is not None else None
    if kept is None:
        n = len(xs)
        if n > MAX_SPLIT:
            raise RuntimeRulesError(f"`splits` of {n} items: it takes apart at most {MAX_SPLIT}")
        test = _group_test(st, memo, holds, n)
        groups = [g for g in range(1, 1 << n) if test([xs[i] for i in range(n) if g >> i & 1])]
        left: dict = {}

        def take(used: int, start: int) -> None:
            took = False
            for i in range(start, len(groups)):
                if not groups[i] & used:
                    took = True
                    work(st, 1)
                    take(used | groups[i], i + 1)
            if not took and all(g & used for g in groups[:start]):
                left.setdefault(~used & ((1 << n) - 1), None)
        take(0, 0)
        kept = tuple(left)
        if memo is not None:
            memo[key] = kept
    return [[xs[i] for i in range(len(xs)) if rest >> i & 1] for rest in kept]


def nth(st, xs, n):
    """The n-th item of a zone or list, counting from 1 (a zone from the bottom: `nth(z, size(z))` is its top);
    none when there is no such item."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1 or n > len(xs):
        return None
    return xs[n - 1]


def place_in(xs, x):
    """`position(x, xs)`: the place of an item in a zone or a list, counting from 1 (a zone from the bottom, as
    `nth` counts); none when it is not there."""
    if x is None:
        return None
    for i, y in enumerate(xs):
        if y == x and y.__class__ is x.__class__:
            return i + 1
    return None


def sort_values(place: dict, xs) -> list:
    """Numbers, or values of an ordered attribute, lowest first (`none`s left out)."""
    return sorted((x for x in xs if x is not None), key=lambda v: place[v] if isinstance(v, str) and v in place else v)


MAX_ITEMS = 20_000  # the most items an option of several arguments or of a set of cards may look at for one decision
# ... of a set of cards whose `where` reads them only by their attributes (asked once for sets that read alike)
MAX_SETS_READ = 400_000


def _too_many(verb: str, what: str, most: int = MAX_ITEMS, hint: str | None = None) -> RuntimeRulesError:
    return RuntimeRulesError(f"option `{verb}` would look at more than {most} {what} for one decision; "
                             "narrow what it chooses from", hint=hint)


def _overworked(st, e: RuntimeRulesError, verb: str, what: str) -> RuntimeRulesError:
    """A `where` that ran out of the move's work while an option's items were looked at: the work was the option's
    (every item asked), not a loop of the rules, and the message says so; kept at the `where`'s place."""
    if st.steps <= st.limit or e.hint is not None:
        return e
    new = RuntimeRulesError(f"option `{verb}` did too much work finding its moves: its `where` was asked of {what}; "
                            "narrow what it chooses from (fewer cards at a time, or a cheap test first in its `where`)")
    return new.with_traceback(e.__traceback__)


def several_items(verb: str, names: tuple, domains: tuple, where):
    """`legal(st, env)` of an option of several arguments: every combination of one item of each list (a later
    list may name the arguments before it) that its `where` allows, as tuples, in the lists' order (`test=False`:
    every combination, the `where` not asked)."""
    def legal(st, env, test=True):
        env = dict(env)  # the frame's own names are left alone
        out: list = []
        looked = [0]

        def fill(i: int, chosen: tuple):
            if i == len(names):
                looked[0] += 1
                if looked[0] > MAX_ITEMS:
                    raise _too_many(verb, "combinations")
                if where is None or not test or where(st, env):
                    out.append(chosen)
                return
            seen = set()
            for v in counted(st, items(st, domains[i](st, env))):
                if v is None or v in seen:
                    continue
                seen.add(v)
                env[names[i]] = v
                fill(i + 1, chosen + (v,))
        try:
            fill(0, ())
        except RuntimeRulesError as e:
            raise _overworked(st, e, verb, "every combination of its arguments") from None
        return out
    return legal


def card_sets(verb: str, name: str, domain, where, low: int, high: int, reads: tuple | None = None,
              same: str | None = None):
    """`legal(st, env)` of an option taking `low`..`high` cards from a zone or list: every set of that many of its
    cards (one set for sets whose cards read the same) that its `where` allows, the cards of each in the zone's
    order, the smaller sets first (`test=False`: every set, the `where` not asked).  `legal(st, env, apart)`: the
    cards `apart` says are hidden from the chooser count as read apart from their twins (offered by place, two
    hidden twins give as many sets as two cards that differ: the number of sets offered tells nothing of them).
    `reads`: the attributes a `where` reads the set's cards by, when it reads them only so (the compiler's
    `set_reads`): it is asked once for the sets whose cards give the same values in order (the rest is looking
    its answer up), so such an option may look at MAX_SETS_READ sets (a hand of 40 for `lay 1..4`).
    `same`: the values by card (a table) of an attribute every card of a set the `where` allows has alike (it holds `all(c.rank == first(cs).rank for
    c in cs)`, the compiler's `same_in_set`): only sets of cards alike in it are made (`_sets`' `groups`), the same
    sets in the same order as making every set and asking the `where` of each.  Not in a bot's look-ahead
    (`State.forked`): there the work a playout measures decides how many the search bot's budget buys, and made
    by kind they cost a fraction of what they did (its President at a budget of 300 fell from +0.0 to -7.0 points
    against greedy, 400 games: judging more moves on playouts too short for President; bench/search_table_p38)."""
    from math import comb

    def cards_of(st, env) -> list:
        return [c for c in counted(st, items(st, domain(st, env))) if c is not None]

    def legal(st, env, apart=None, test=True):
        cards = cards_of(st, env)
        alike = reads is not None and test and apart is None
        groups = None
        if same is not None and test and where is not None and not st.forked:
            by: dict = {}
            for i, c in enumerate(cards):
                by.setdefault(same[c], []).append(i)
            groups = list(by.values())
        if sum(comb(len(g), k) for g in (groups or [cards]) for k in range(low, high + 1)) > \
                (MAX_SETS_READ if alike else MAX_ITEMS):
            by_cards = reads is None and where is not None and test
            raise _too_many(verb, f"sets of {low}..{high} of {len(cards)} cards", MAX_SETS_READ if alike else MAX_ITEMS,
                            f"its `where` reads the cards themselves (a card, a class, a function given them); one "
                            f"that reads them only by their attributes (`c.rank` for `c in {name}`, `first({name}).rank`, "
                            f"`size({name})`) may look at {MAX_SETS_READ:,} sets" if by_cards else None)
        if alike:
            return _sets_read_alike(st, env, name, cards, where, low, high, reads, groups)
        canon = st.program.canon
        if apart is not None:  # a hidden card reads as itself: -1 - c, never a card's number
            canon = {c: -1 - c if apart(c) else canon[c] for c in cards}
        env = dict(env)
        out: list = []
        try:
            for chosen in _sets(st, cards, canon, low, high, groups):
                env[name] = list(chosen)
                st.steps += 1
                if where is None or not test or where(st, env):
                    out.append(chosen)
        except RuntimeRulesError as e:
            raise _overworked(st, e, verb, f"the sets of {low}..{high} of {len(cards)} cards") from None
        return out
    legal.sizes = (low, high)  # how many cards a set may hold (the RL environment sizes its action space by it)
    legal.same = same is not None  # (only sets of cards alike in an attribute are made: `same`)
    legal.cards = cards_of  # the cards its sets are taken from (`ops.check_wheres`: is one hidden from the chooser)
    return legal


def _sets_read_alike(st, env, name: str, cards: list, where, low: int, high: int, reads: tuple, groups=None) -> list:
    """`card_sets`' legal sets when its `where` reads the cards by `reads` only: asked once for each sequence of
    their values, each answer counted as one step of the move's work (the sets are bounded by MAX_SETS_READ, and
    one answer may still take no more than the move's work)."""
    program = st.program
    keys = {c: tuple(program.cards[c].attrs.get(a) for a in reads) for c in cards}
    env = dict(env)
    out: list = []
    answers: dict = {}
    for chosen in _sets(st, cards, program.canon, low, high, groups):
        key = tuple([keys[c] for c in chosen])
        ok = answers.get(key)
        if ok is None:  # each answer bounded by the move's work as it is asked, and counted as one step
            env[name] = list(chosen)
            before = st.steps
            ok = answers[key] = bool(where(st, env))
            st.steps = before + 1
        if ok:
            out.append(chosen)
    return out


def _sets(st, cards: list, canon, low: int, high: int, groups=None):
    """Every set of `low`..`high` of the cards, in the zone's order, the smaller first, one for sets whose cards
    read the same (`canon`); the move's work looked at after each size.  `groups` (lists of places in `cards`):
    only the sets within one group, in the same order (each size's sets by their places, as `combinations` makes
    them)."""
    from itertools import combinations
    twins = len({canon[c] for c in cards}) < len(cards)  # else every set reads differently: none is skipped
    seen: set = set()
    for k in range(max(low, 0), min(high, len(cards)) + 1):
        if groups is None or k == 0:  # (the set of no card is one set, not one a group)
            made = combinations(cards, k)
        else:
            places = sorted(t for g in groups if len(g) >= k for t in combinations(g, k))
            made = [tuple([cards[i] for i in t]) for t in places]
        for chosen in made:
            if twins:
                key = tuple(sorted(canon[c] for c in chosen))
                if key in seen:
                    continue
                seen.add(key)
            yield chosen
        if st.steps > st.limit:
            work(st, 0)


def binder(names):
    """How a chosen item is named in the option's body: each argument by its name, or a set of cards as a list."""
    if isinstance(names, str):
        def bind_set(env, item):
            env[names] = list(item)
        return bind_set

    def bind(env, item):
        env.update(zip(names, item))
    return bind


def namespace() -> dict:
    """The globals of a program's generated functions; the compiler adds its tables and constants."""
    ns = {"RuntimeRulesError": RuntimeRulesError, "NONE1": NONE1, "work": work, "counted": counted, "known": known,
          "items": items, "zone_of": zone_of, "card_table": card_table, "MEMO_LIMIT": MEMO_LIMIT, "attr": attr,
          "is_": is_,
          "ordered": ordered, "number_range": number_range, "sort_values": sort_values, "nth": nth, "place_in": place_in, "splits": splits, "subsets": subsets,
          "BY_ORDER_min": _by_order(min), "BY_ORDER_max": _by_order(max),
          "RANKED_min": _ranked(lambda a, b: a < b), "RANKED_max": _ranked(lambda a, b: a > b), "MUL": MUL, "POW": POW, "ADD": ADD, "PLUS": PLUS, "SUB": SUB,
          "others": m.others, "any_early": any_early, "step": m.step, "m": m, "ops": ops,
          "__builtins__": __builtins__}
    for name, fn in AGGREGATES.items():
        ns["AGG_" + name] = fn
    return ns
