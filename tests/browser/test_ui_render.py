"""The UI's HTML builders, run on CPython without a browser: fast checks over many games."""
from __future__ import annotations

import random
import re

import pytest

import kozyr
from kozyr.session import Session
from ui import durak_table, markdown, moves, setup
from ui.cards import face, label
from ui.words import seat_names

CARD_ATTR = re.compile(r'data-card="([0-9JQKA]+[CDHS])"')


def positions(game: str, seed: int, players: int, **options):
    """Every position of a seeded AI-vs-AI game, as the session after each move."""
    session = Session(game, {"players": players, **options}, seed=seed, human=None,
                      level="easy")
    rng = random.Random(seed)
    while not session.over():
        yield session
        view = session.game.view(session.state, session.to_act)
        session.game.apply(session.state, rng.choice(view["legal"])["text"])
    yield session


@pytest.mark.parametrize("seed,players,deck,extra", [
    (1, 2, 36, {}), (2, 3, 24, {}), (3, 4, 36, {"teams": True}),
    (4, 3, 36, {"transfer": True, "show_trump_transfer": True}), (5, 6, 52, {}),
])
def test_the_table_shows_only_what_seat_0_may_see(seed, players, deck, extra):
    names = seat_names(players)
    for session in positions("durak", seed, players, deck=deck, **extra):
        state = session.state
        view = session.game.view(state, 0)
        html = durak_table.render(view, durak_table.Look(names=names))
        public = set(view["hand"]) | {c for p in view["table"] for c in p if c} | {view["trump"]}
        for known in view["known"]:
            public |= set(known)
        shown = set(CARD_ATTR.findall(html))
        assert shown <= public
        text = re.sub(r"<[^>]+>", " ", html)
        for seat in range(1, players):
            for card in state.hands[seat]:
                if card in state.known[seat] or str(card) == view["trump"]:
                    continue
                assert f'data-card="{card}"' not in html
                assert label(str(card)) not in text, (card, seat)


def test_every_face_is_drawn():
    for suit in "CDHS":
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
            svg = face(rank + suit)
            assert svg.startswith("<svg") and f"#kz-{suit}" in svg and f">{rank}<" in svg


def test_a_click_means_one_move_or_a_selection():
    legal = [{"kind": "attack", "cards": ["7H"], "target": None, "text": "attack 7H"},
             {"kind": "attack", "cards": ["7D"], "target": None, "text": "attack 7D"},
             {"kind": "attack", "cards": ["7H", "7D"], "target": None, "text": "attack 7H 7D"},
             {"kind": "attack", "cards": ["9S"], "target": None, "text": "attack 9S"}]
    assert moves.auto_move(legal, "9S")["text"] == "attack 9S"
    assert moves.auto_move(legal, "7H") is None  # it could go with 7D
    assert moves.extenders(legal, ["7H"]) == {"7D"}
    beats = [{"kind": "beat", "cards": ["QS"], "target": "9S", "text": "beat QS on 9S"},
             {"kind": "beat", "cards": ["QS"], "target": "10S", "text": "beat QS on 10S"},
             {"kind": "take", "cards": [], "target": None, "text": "take"}]
    assert moves.auto_move(beats, "QS") is None
    assert set(moves.targets(beats, ["QS"])) == {"9S", "10S"}
    assert [m["text"] for m in moves.cardless(beats)] == ["take"]


def test_options_from_the_address():
    durak = next(g for g in kozyr.catalogue() if g["name"] == "durak")
    opts = {o["key"]: o for o in durak["options"]}
    assert setup.parse_value(opts["players"], "3") == 3
    assert setup.parse_value(opts["transfer"], "1") is True
    assert setup.parse_value(opts["transfer"], "off") is False
    with pytest.raises(setup.ParamError):
        setup.parse_value(opts["deck"], "40")
    # sub-options fall back to their default while their flag is off
    values = {**setup.defaults(durak), "show_trump_transfer": True}
    assert setup.effective(durak, values)["show_trump_transfer"] is False
    html = setup.form_html(durak, setup.defaults(durak), "normal")
    assert 'data-key="show_trump_transfer"' not in html
    assert all(f'data-key="{k}"' in html for k in ("players", "deck", "teams", "transfer"))


def test_rules_markdown():
    html = markdown.to_html("# T\n\nA **b** *c*.\n\n## S\n- one\n  two\n- three\n", top=3)
    assert html == ("<h3>T</h3><p>A <strong>b</strong> <em>c</em>.</p><h4>S</h4>"
                    "<ul><li>one two</li><li>three</li></ul>")
    assert "<h3>Durak</h3>" in markdown.to_html(kozyr.get("durak").rules(), top=3)


# --- every game at the table ------------------------------------------------------------------

def test_every_registered_game_has_a_table_and_rules():
    from ui.app import RENDERERS
    for game in kozyr.catalogue():
        table = RENDERERS[game["name"]]  # a game in the picker can be played
        for needed in ("Look", "render", "card_codes_on_table", "discards_html", "announce"):
            assert hasattr(table, needed), (game["name"], needed)
        html = markdown.to_html(kozyr.get(game["name"]).rules(), top=3)
        assert f"<h3>{game['title']}" in html
        form = setup.form_html(game, setup.defaults(game), "normal")
        assert all(f'data-key="{o["key"]}"' in form for o in game["options"]
                   if not o.get("requires"))
        assert not re.search(r'id="[^"]* [^"]*"', form), "an id with a space"


def test_a_game_says_what_its_levels_mean():
    """Memory's levels are how much the opponents remember, not how far they think."""
    memory = next(g for g in kozyr.catalogue() if g["name"] == "memory")
    form = setup.form_html(memory, setup.defaults(memory), "hard")
    assert "Remembers every card it was shown." in form and "Thinks ahead." not in form
    durak = next(g for g in kozyr.catalogue() if g["name"] == "durak")
    assert "Thinks ahead." in setup.form_html(durak, setup.defaults(durak), "hard")


@pytest.mark.parametrize("seed,players,extra", [
    (1, 2, {}), (2, 3, {"voluntary_take": True}), (3, 4, {"take_table": "ace eleven"}),
    (4, 6, {}),
])
def test_the_stump_table_shows_only_what_seat_0_may_see(seed, players, extra):
    from ui import stump_table
    names = seat_names(players)
    for session in positions("stump", seed, players, **extra):
        state = session.state
        view = session.game.view(state, 0)
        html = stump_table.render(view, stump_table.Look(names=names))
        public = set(view["hand"]) | set(view["pile"]) | {view["trump"]}
        for known in view["known"]:
            public |= set(known)
        assert set(CARD_ATTR.findall(html)) <= public
        hidden = {str(c) for s in state.stumps for c in s} | {str(c) for c in state.stock}
        for seat in range(1, players):
            hidden |= {str(c) for c in state.hands[seat] if c not in state.known[seat]}
        text = re.sub(r"<[^>]+>", " ", html.split('<aside class="log"')[0])
        for card in hidden - public:
            assert f'data-card="{card}"' not in html
            assert label(card) not in text, card
        # the stumps are backs, counted as the view says
        assert html.count('class="card back stump-card"') == sum(view["stumps"])
        if view["phase"] == "beat":
            assert f'data-takes="{view["takes"]}"' in html
        if view["phase"] == "over":
            assert 'id="gameover"' in html and "(stump)" in html
            assert stump_table.last_line(view, stump_table.Speaker(names, 0)).endswith(
                "the stump.")
