"""One way to play a card by tap (or click), in every game:

1. a legal card with exactly one possible move plays on the first tap;
2. a card with several moves is selected, the places it can go light up (a table card to
   beat, a pile, a position, the table itself for cards laid as they stand, the hand's cards
   that can join), and a tap on a lit place makes that move;
3. the hint says what the next tap does, "tap" to a touch screen, "click" to a mouse;

and a tap on a place that is not lit changes nothing in the game.

The taps are sent as the page sends them (`Click` with the control's data-act and data-arg,
read from the picture drawn), so what is lit is what can be tapped."""
from __future__ import annotations

from html.parser import HTMLParser

from headless import Page
from ui import messages as m
from ui.play import moves as mv

LIT = {"target", "slot", "place"}  # the classes of a lit place


class Controls(HTMLParser):
    """Every element of a picture with a data-act: (data-act, data-arg, classes)."""

    def __init__(self, html: str):
        super().__init__()
        self.found: list[tuple[str, str, set[str]]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("data-act"):
            self.found.append((a["data-act"], a.get("data-arg") or "",
                               set((a.get("class") or "").split())))


def lit(page: Page) -> dict[str, str]:
    """The lit places on the table: their move's text, mapped to their data-act."""
    return {arg: act for act, arg, cls in Controls(page.picture.html).found
            if act in ("target", "move") and cls & LIT}


def unlit(page: Page) -> list[tuple[str, str]]:
    """Places on the table that can be tapped but are not lit (Advantage's piles that do not
    match the selected card)."""
    return [(act, arg) for act, arg, cls in Controls(page.picture.html).found
            if act == "target" and "nomatch" in cls]


def extending(page: Page) -> set[str]:
    """The hand's cards lit as able to join the selection."""
    return {arg for act, arg, cls in Controls(page.picture.html).found
            if act == "card" and "extend" in cls}


def tap(page: Page, act: str | None, arg: str | None = None) -> None:
    page.send(m.Click(act, arg))


def history(page: Page) -> list[str]:
    return [str(x) for x in page.in_play.session.state.history]


def mine(page: Page) -> bool:
    view = page.view
    return view["phase"] != "over" and view["to_act"] == page.in_play.seat


def reach(address: str, wanted, seeds=range(1, 60), touch: bool = False, steps: int = 60):
    """The first seeded deal of `address` in which, the person to act, `wanted(view)` holds
    (the person makes the first legal move until then); the page and what `wanted` gave."""
    for seed in seeds:
        page = Page(f"?{address}&seed={seed}&speed=0", touch=touch)
        for _ in range(steps):
            page.opponents()
            if page.view["phase"] == "over":
                break
            if not mine(page) or 'data-arg="ready"' in page.picture.html:  # Memory's look
                page.send(m.TableAction("ready"))
                continue
            found = wanted(page.view)
            if found:
                return page, found
            page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    raise AssertionError(f"no deal of {address} reaches the case")


def one_move_cards(view: dict) -> list[str]:
    return [c for c in view.get("hand", ()) if mv.auto_move(view["legal"], c)]


def several_move_cards(view: dict) -> list[str]:
    return [c for c in view.get("hand", ())
            if mv.uses(view["legal"], c) and not mv.auto_move(view["legal"], c)]


def plays_on_one_tap(page: Page, code: str) -> None:
    move = mv.auto_move(page.view["legal"], code)["text"]
    before = history(page)
    tap(page, "card", code)
    assert history(page)[len(before):][:1] == [move] and page.in_play.selection == ()


def selects_and_lights(page: Page, code: str) -> dict[str, str]:
    """A tap on `code` selects it; the lit places are exactly its moves' places."""
    legal, before = page.view["legal"], history(page)
    tap(page, "card", code)
    assert page.in_play.selection == (code,) and history(page) == before
    places = lit(page)
    aimed = {x["text"] for x in mv.exact(legal, [code]) if x.get("target")}
    table = {x["text"] for x in mv.exact(legal, [code]) if not x.get("target")
             and x["kind"] in ("attack", "throw", "transfer")}
    assert set(places) == aimed | table, (places, aimed, table)
    assert extending(page) == mv.extenders(legal, [code])
    return places


# --- Durak -------------------------------------------------------------------------------------

def durak_with_a_pair(touch: bool = False) -> Page:
    """Seed 4, two players: the person leads, holds QH and QC (one or both) and 9S (alone)."""
    page = Page("?game=durak&seed=4&speed=0&players=2", touch=touch)
    page.opponents()
    assert {"attack QH", "attack QC", "attack QH QC", "attack 9S"} <= {
        x["text"] for x in page.view["legal"]}
    return page


def test_durak_a_lead_with_one_move_plays_on_one_tap():
    page = durak_with_a_pair()
    plays_on_one_tap(page, "9S")


def test_durak_a_lead_that_others_can_join_lights_the_table_and_a_tap_on_it_leads():
    page = durak_with_a_pair(touch=True)
    places = selects_and_lights(page, "QH")
    assert places == {"attack QH": "target"} and extending(page) == {"QC"}
    assert 'class="bout place" id="bout"' in page.picture.html and 'id="table-slot"' in \
        page.picture.html
    assert page.in_play.hint == ("Q♥ selected: tap the table to attack with Q♥, or tap a lit "
                                 "card of your hand to add it.")
    tap(page, "target", "attack QH")
    assert history(page) == ["attack QH"]


def test_durak_several_cards_of_a_rank_lead_by_a_tap_on_the_table():
    page = durak_with_a_pair()
    tap(page, "card", "QH")
    tap(page, "card", "QC")  # joins: the table now lays both
    assert page.in_play.selection == ("QH", "QC") and lit(page) == {"attack QH QC": "target"}
    assert page.in_play.hint == "Q♥ Q♣ selected: click the table to attack with Q♥ Q♣."
    tap(page, "target", "attack QH QC")
    assert history(page) == ["attack QH QC"] and page.in_play.selection == ()


def test_durak_the_selected_card_tapped_again_plays_it_alone_or_drops_from_two():
    page = durak_with_a_pair()
    tap(page, "card", "QH")
    tap(page, "card", "QC")
    tap(page, "card", "QC")  # one of two: it leaves the selection
    assert page.in_play.selection == ("QH",) and not history(page)
    tap(page, "card", "QH")  # its only reading as it stands
    assert history(page) == ["attack QH"]


def test_durak_a_tap_beside_the_lit_places_changes_nothing_in_the_game():
    page = durak_with_a_pair()
    tap(page, "card", "QH")
    turn = page.in_play.version
    tap(page, None)  # the felt beside the table: the selection is dropped, no move
    assert page.in_play.selection == () and not history(page)
    assert page.in_play.version == turn


def beats_two(view: dict) -> str | None:
    """A card of the hand that can beat two or more of the table's cards."""
    if view["phase"] != "defend":
        return None
    return next((c for c in view["hand"] if len(mv.targets(view["legal"], [c])) >= 2), None)


def test_durak_a_defence_with_several_cards_to_beat_lights_them_and_a_tap_beats_one():
    page, code = reach("game=durak&players=2", beats_two)
    places = selects_and_lights(page, code)
    assert set(places) == {x["text"] for x in mv.exact(page.view["legal"], [code])}
    assert 'id="table-slot"' not in page.picture.html  # nothing is laid as it stands
    assert page.in_play.hint.startswith("Now click the card on the table to beat with")
    chosen, before = sorted(places)[-1], len(history(page))
    tap(page, "target", chosen)
    assert history(page)[before:][:1] == [chosen]


def test_durak_a_defence_with_one_card_to_beat_plays_on_one_tap():
    def beats_one(view):
        return view["phase"] == "defend" and next(
            (c for c in one_move_cards(view) if mv.targets(view["legal"], [c])), None)
    page, code = reach("game=durak&players=2", beats_one)
    plays_on_one_tap(page, code)


def beats_or_transfers(view: dict) -> str | None:
    """A card that can beat a table card and transfer too (a trump of the attack's rank)."""
    return next((c for c in view.get("hand", ()) if mv.targets(view["legal"], [c]) and any(
        x["kind"] == "transfer" for x in mv.exact(view["legal"], [c]))), None)


def test_durak_a_card_that_beats_or_transfers_lights_the_table_card_and_the_table():
    page, code = reach("game=durak&players=2&transfer=1&show_trump_transfer=1",
                       beats_or_transfers, seeds=range(1, 200), touch=True)
    legal = page.view["legal"]
    places = selects_and_lights(page, code)
    transfer = next(x["text"] for x in mv.exact(legal, [code]) if x["kind"] == "transfer")
    assert transfer in places and len(places) >= 2
    # with cards to beat on the table only its empty place takes the tap, not the whole bout
    assert 'class="bout place" id="bout"' in page.picture.html
    assert not any(arg == transfer and "place" in cls and "bout" in cls
                   for act, arg, cls in Controls(page.picture.html).found)
    hint = page.in_play.hint
    assert "tap a lit card on the table to beat it" in hint and "tap the table to" in hint
    show = [x for x in mv.exact(legal, [code]) if x["kind"] == "show"]
    if show:  # the trump can also be shown: the card tapped again shows it
        assert "again to show" in hint
    before = len(history(page))
    tap(page, "target", transfer)
    assert history(page)[before:][:1] == [transfer]


# --- Stump -------------------------------------------------------------------------------------

def test_stump_every_card_has_one_move_and_plays_on_one_tap():
    for phase in ("lead", "beat"):
        page, code = reach("game=stump&players=3", lambda v, p=phase: v["phase"] == p and (
            one_move_cards(v) or [None])[0])
        assert not several_move_cards(page.view)
        plays_on_one_tap(page, code)


# --- Garbage -----------------------------------------------------------------------------------

def test_garbage_draw_and_take_are_one_tap():
    page, _ = reach("game=garbage&players=2", lambda v: v["phase"] == "draw")
    before = len(history(page))
    controls = {arg for act, arg, cls in Controls(page.picture.html).found
                if act == "move" and "legal" in cls}
    assert "draw" in controls
    tap(page, "move", "draw")
    assert history(page)[before] == "draw"


def wild_with_places(view: dict) -> int:
    places = [x for x in view["legal"] if x["kind"] == "place"]
    return len(places) if len(places) >= 2 else 0


def test_garbage_a_wild_lights_exactly_its_positions_and_a_tap_places_it():
    page, _ = reach("game=garbage&players=2&wild=kings", wild_with_places, steps=200)
    legal = page.view["legal"]
    places = lit(page)
    assert set(places) == {x["text"] for x in legal}
    chosen, before = sorted(places)[0], len(history(page))
    tap(page, places[chosen], chosen)
    assert history(page)[before:][:1] == [chosen]


def test_garbage_a_tap_on_a_position_that_is_not_lit_changes_nothing():
    page, _ = reach("game=garbage&players=2&wild=kings", wild_with_places, steps=200)
    turn, before = page.in_play.version, history(page)
    tap(page, None)  # a face-up position or the felt: not a control
    assert history(page) == before and page.in_play.version == turn


# --- Memory ------------------------------------------------------------------------------------

def test_memory_a_call_is_one_tap():
    page, _ = reach("game=memory&players=3", lambda v: bool(v["legal"]))
    call = page.view["legal"][0]["text"]
    controls = {arg for act, arg, cls in Controls(page.picture.html).found
                if act == "move" and "mcall" in cls}
    assert call in controls
    before = len(history(page))
    tap(page, "move", call)
    assert history(page)[before] == call


# --- Advantage ---------------------------------------------------------------------------------

def test_advantage_a_card_that_matches_one_pile_plays_on_one_tap():
    def one_pile(view):
        return view["phase"] in ("drop", "exchange") and next(
            (c for c in one_move_cards(view) if mv.targets(view["legal"], [c])), None)
    page, code = reach("game=advantage", one_pile)
    plays_on_one_tap(page, code)


def several_piles(view: dict) -> str | None:
    return next((c for c in several_move_cards(view)
                 if len(mv.targets(view["legal"], [c])) >= 2), None)


def test_advantage_a_card_that_matches_several_piles_lights_them_and_a_tap_plays_one():
    page, code = reach("game=advantage", several_piles, touch=True)
    places = selects_and_lights(page, code)
    piles = sorted(mv.targets(page.view["legal"], [code]))
    assert len(places) == len(piles) >= 2
    assert " tap pile " in page.in_play.hint and "click" not in page.in_play.hint
    chosen, before = sorted(places)[0], len(history(page))
    tap(page, "target", chosen)
    assert history(page)[before:][:1] == [chosen]


def test_advantage_a_tap_on_a_pile_that_is_not_lit_is_refused_and_changes_nothing():
    def with_a_miss(view):
        code = several_piles(view)
        return code if code and len(mv.targets(view["legal"], [code])) < 3 else None
    page, code = reach("game=advantage", with_a_miss, seeds=range(1, 120))
    tap(page, "card", code)
    misses = unlit(page)
    assert misses
    turn, before = page.in_play.version, history(page)
    tap(page, *misses[0])
    assert history(page) == before and page.in_play.version == turn
    assert page.in_play.hint and page.in_play.selection == (code,)
