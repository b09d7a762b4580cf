"""Turn order and hands: whose turn is next, seats out of play, teams, rules fired by events, a hand won and the
next one started."""
from __future__ import annotations

from .. import places
from ..errors import RuntimeRulesError
from ..events import GameOverEvent, HandEvent, HandOverEvent, LoseEvent, OutEvent, RuleEvent, WinEvent
from .running import plain_words, push, step
from .state import RULE_FAILURES, Frame, State


def advance(st: State) -> None:
    if st.turn_to is not None:
        st.current = st.turn_to
        st.turn_to = None
        st.again = False
    elif st.again and st.current not in st.gone:
        st.again = False
    elif st.gone:  # seats out of play are passed over, by turns and by skips
        st.again = False
        st.current = seat_after(st, st.current, st.direction * (1 + st.skips))
    else:
        st.current = (st.current + st.direction * (1 + st.skips)) % st.n
    st.skips = 0
    st.turns += 1


def first_turn(st: State) -> None:
    """Who takes a hand's first turn when its `setup` said: `turn to P` gives it to P, each `skip` passes it one seat
    on (from the seat the hand would start with); `again` means nothing there.  (At any later turn `advance` has used
    them up before the turn begins.)"""
    if st.turn_to is not None:
        st.current = st.turn_to
    elif st.skips:
        st.current = seat_after(st, st.current, st.direction * st.skips)
    st.turn_to = None
    st.skips = 0
    st.again = False


def seat_after(st: State, p: int, k: int) -> int:
    """The seat `k` places after `p` in play (before it for a negative `k`), passing over seats out of play."""
    gone = st.gone
    if len(gone) >= st.n:
        return p
    step_ = 1 if k > 0 else -1
    for _ in range(abs(k)):
        p = (p + step_) % st.n
        while p in gone:
            p = (p + step_) % st.n
    return p


def playing(st: State) -> list:
    """The seats still in play, in turn order from the current player."""
    return [q for q in ((st.current + i * st.direction) % st.n for i in range(st.n)) if q not in st.gone]


def place(st: State, p, order=None):
    """A seat's place in the finishing order (1 for the first out), or none while it is in play."""
    order = st.finished if order is None else order
    return order.index(p) + 1 if p in order else None


def leave(st: State, p, lost: bool) -> None:
    """`out p` (p has finished: next in the finishing order) or `lose p` (p is knocked out).  Either way p takes no
    more turns and no window asks them.  When fewer than two seats are left in play the hand ends: the first seat
    out wins it, or if none went out, the last one in play."""
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < st.n:
        # (what it was given not told: it may be worked out from cards some seat may not see)
        raise RuntimeRulesError(f"`{'lose' if lost else 'out'}` needs a player, and was given something else")
    if p in st.gone:
        return
    (st.lost if lost else st.finished).append(p)
    st.gone = st.gone | {p}
    if st.record:
        st.emit((LoseEvent if lost else OutEvent)(player=p, place=None if lost else len(st.finished)))
    if st.n - len(st.gone) < 2:
        rest = playing(st)
        win(st, [st.finished[0]] if st.finished else rest)


def others(st: State, p: int) -> list:
    """Every other player in play, in turn order, starting with the one after `p` (a new list: the caller may
    change it)."""
    key = (st.n, st.direction, p)
    seats = _OTHERS.get(key)
    if seats is None:
        seats = tuple((p + i * st.direction) % st.n for i in range(1, st.n))
        if len(_OTHERS) < OTHERS_LIMIT:
            _OTHERS[key] = seats
    if st.gone:
        return [q for q in seats if q not in st.gone]
    return list(seats)


_OTHERS: dict = {}  # (players, direction, player) -> the others in turn order
OTHERS_LIMIT = 1024  # (a player that is not one, from a rule that fails later, is not kept)


_UNSEEN = object()


def fire(st: State, event: str, args: tuple, seen=None) -> bool:
    """Run the rules that react to an event, in file order; conditions are tested now.  True if any will run later:
    their frames are on the stack (none if none can suspend, in a game whose rules are the file's: they have run).
    `seen`: who may know each argument a rule worked out from cards some seats could not see ({its place: (value,
    seats)}, `ops.derive`'s marks), given to the rules as their parameters' marks."""
    program = st.program
    dispatch = program.dispatch.get(event, _UNSEEN)
    if dispatch is _UNSEEN:
        dispatch = program.dispatcher(event)
    if dispatch is None:
        return False
    ready = dispatch(st, *args)
    if not ready:
        return False
    return fire_ready(st, event, ready, args, seen)


def _rule_env(rule, args: tuple, seen) -> dict:
    """A rule's locals: its parameters, and who may know those worked out from hidden cards (`fire`'s `seen`)."""
    env = dict(zip(rule.params, args))
    if seen:
        params = rule.params
        marks = {params[i]: mark for i, mark in seen.items() if i.__class__ is int and i < len(params)}
        if marks:
            env["$seen"] = marks
        cards = seen.get("$c")  # the places of the arguments that are cards (`ops.CARDS`: for untyped parameters)
        if cards:
            env["$c"] = frozenset(params[i] for i in cards if i < len(params))
    return env


def fire_ready(st: State, event: str, ready: list, args: tuple, seen=None) -> bool:
    """`fire` once the rules that will run are known (`ready`, not empty: the event's dispatcher, or the conditions
    written in at the `fire` by the compiler, `Statements.inline_fire`)."""
    stats = st.stats
    program = st.program
    if program.fixed:
        for rule in ready:
            if rule.plain is None:
                break
        else:  # none of them can suspend: they run now, as calls (`fire_now`)
            fire_now(st, event, ready, args, seen)
            return False
    else:  # (rules written in play: a rule of the file runs as a call if no event it fires has had its rules changed)
        changed = program.changed
        for rule in ready:
            if rule.plain is None or not changed.isdisjoint(rule.fires):
                break
        else:
            fire_now(st, event, ready, args, seen)
            return False
    stack = st.stack
    for rule in reversed(ready):
        stack.append(Frame(rule.proc.code, dict(zip(rule.params, args)) if not seen else _rule_env(rule, args, seen),
                           rule.name))
        stats[rule.stat] = stats.get(rule.stat, 0) + 1
    if st.record:
        st.emit(RuleEvent(names=[r.name for r in ready], event=event))
    return True


def fire_now(st: State, event: str, ready: list, args: tuple, seen=None) -> None:
    """The rules `ready` for an event, none of which can leave a decision pending (the compiler's
    `Statements.suspends`), in a game whose rules are the file's (`Program.fixed`): each runs now as a plain Python
    call (`Rule.plain`), in file order, their conditions all tested before, as `fire` would run their frames."""
    stats = st.stats
    for rule in reversed(ready):
        stats[rule.stat] = stats.get(rule.stat, 0) + 1
    if st.record:
        st.emit(RuleEvent(names=[r.name for r in ready], event=event))
    for rule in ready:
        rule.plain(st, dict(zip(rule.params, args)) if not seen else _rule_env(rule, args, seen))


def fire_then(st: State, event: str, ready: list, args: tuple, code: tuple, pc: int, env: dict, name: str,
              seen=None) -> bool:
    """`fire_ready` in a procedure run as a plain call that may suspend there (the compiler's `semi_plain`): if a
    rule that will run can suspend, the procedure's frame is put on the stack first, at `pc` of its frame code with
    its locals `env`, to go on after the rules, and True says the call must end; else they have run."""
    stack = st.stack
    depth = len(stack)
    if not fire_ready(st, event, ready, args, seen):
        return False
    fr = Frame(code, env, name)
    fr.pc = pc
    stack.insert(depth, fr)
    return True


def team(st: State, p) -> list:
    """The seats of p's team (`teams of N`: every (n / N)-th seat, so partners sit apart); p alone without teams."""
    size = st.program.teams_at(st.n)
    if not size:
        return [p]
    step_ = st.n // size
    return [(p + i * step_) % st.n for i in range(size)]


def partner(st: State, p):
    """p's first teammate after them in seat order (with teams of two, the one partner); none without teams."""
    mates = team(st, p)
    return mates[1] if len(mates) > 1 else None


def win(st: State, who) -> None:
    winners = list(who) if isinstance(who, (list, tuple)) else [who]
    if st.program.team_size and st.program.teams_at(st.n):  # a team wins together
        winners = sorted({q for w in winners for q in team(st, w)})
    st.winners = winners
    # The finishing order, complete: those out, the winners, the rest in play, the last knocked out first.
    rest = [q for q in playing(st) if q not in winners]
    st.finished = st.finished + [w for w in winners if w not in st.gone] + rest + st.lost[::-1]
    for w in winners:
        st.hands_won[w] += 1
    st.stack.clear()
    st.pending = None
    if st.record:
        st.emit(WinEvent(players=winners))
    st.stack.append(Frame((_end_hand,), {}, "end of hand"))
    if st.program.score is not None:
        push(st, st.program.score, {})


def _end_hand(st: State, fr) -> bool:
    step(st, fr)
    scores = st.pvars["score"]
    if st.record:
        st.emit(HandOverEvent(hand=st.hand_no, winners=list(st.winners), scores=list(scores)))
    p = st.program
    done = True
    if st.match:
        if p.match_target is not None:
            done = max(scores) >= p.match_target
        elif p.match_hands is not None:
            done = st.hand_no >= p.match_hands
    if done:
        st.over = True
        if st.record:
            st.emit(GameOverEvent(winners=match_winners(st), scores=list(scores), hands=st.hand_no))
        return True
    start_hand(st)
    return False


def match_winners(st: State) -> list:
    """The hand's winners for a single hand; for a match, the best score."""
    if not st.match or st.hand_no <= 1 and st.program.match_target is None and st.program.match_hands is None:
        return list(st.winners)
    scores = st.pvars["score"]
    lowest = st.program.match_lowest
    best = min(scores) if lowest is not None and lowest(st, {}) else max(scores)
    return [p for p, s in enumerate(scores) if s == best]


def start_hand(st: State) -> None:
    """Gather every card into the deck zone and run the setup; the first player is left of the dealer."""
    p = st.program
    st.hand_no += 1
    st.zones = [[[] for _ in range(st.n)] if z.per_player else [] for z in p.zones]
    st.zones[p.deck_zone].extend(range(p.deck_size))
    st.facedown = {}
    st.revealed = {}
    st.revealed_in = {}
    for v in p.vars:
        if v.name == "score" or v.kept and st.hand_no > 1:
            continue
        try:
            if v.per_player:
                st.pvars[v.name] = [v.init(st, {"player": i}) for i in range(st.n)]
            else:
                st.vars[v.name] = v.init(st, {})
        except RULE_FAILURES as e:  # told at the `var`'s value (its generated line), by its name
            err = RuntimeRulesError(f"`{v.name}`'s first value cannot be worked out: {plain_words(e)}")
            places.locate(err, e.__traceback__)
            raise err from None
    st.direction = 1
    st.skips = 0
    st.again = False
    st.turn_to = None
    st.claim = None
    st.winners = []
    st.last_places = st.finished
    st.finished, st.lost, st.gone = [], [], frozenset()
    st.called = [set() for _ in range(st.n)]
    st.current = (st.hand_no - 1) % st.n
    if st.record:
        st.emit(HandEvent(hand=st.hand_no, first=st.current))
    st.stack[:] = [Frame(p.main.code, {}, "game")]
    push(st, p.setup, {})
