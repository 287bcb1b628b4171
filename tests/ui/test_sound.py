"""The table's sounds, on CPython: which sound each move, deal, turn, refusal and ending makes
in every game (the `Sound` effects update returns), the Sound setting and volume remembered,
sound= in the address, and an embedding frame silent unless its host asks. The sounds
themselves (sound.js) and the first-interaction rule: tests/browser/test_sound_ui.py."""
from __future__ import annotations

import json
import random

import pytest
from conftest import Page

from ui import messages as m
from ui.model import PREFS_KEY, Prefs
from ui.play.sounds import NAMES, Sound, move_sound, sound_on
from ui.setup import address
from ui.tables import TABLES

GAMES = ("durak", "stump", "garbage", "memory", "advantage")
HOST = "https://games.example"
# the sound of the person's move, by its kind: one sound, or those it may make (a Durak pass
# may end the bout, beaten off or taken; a Memory call is right or takes the centre; Garbage's
# turn ends with a card discarded, or goes on with the card a placement turned up)
BY_KIND = {
    "durak": {"attack": {"play"}, "throw": {"play", "sweep", "take"}, "transfer": {"play"},
              "show": {"play"}, "beat": {"beat", "sweep"}, "take": {"take"},
              "pass": {None, "sweep", "take"}},
    "stump": {"lead": {"play"}, "beat": {"beat"}, "take": {"take"}},
    "garbage": {"draw": {"play", "sweep"}, "take": {"take", "sweep"}, "place": {"play", "sweep"}},
    "memory": {"higher": {"beat", "take"}, "lower": {"beat", "take"}, "same": {"beat", "take"}},
    "advantage": {"drop": {"play", "beat"}, "exchange": {"take", "beat"},
                  "keep": {None, "beat", "play"}},
}
# what a seeded game sounds like, every sound of it at least once
HEARD = {
    "durak": {"deal", "play", "beat", "take", "sweep", "turn"},
    "stump": {"deal", "play", "beat", "take", "turn"},
    "garbage": {"deal", "play", "take", "sweep", "turn"},
    "memory": {"deal", "beat", "take", "turn"},
    "advantage": {"deal", "play", "beat", "take", "turn"},
}


def heard(effects) -> list[str]:
    return [e.name for e in effects if isinstance(e, Sound)]


def move_heard(effects) -> str | None:
    """The sound of the move among a message's sounds (the turn's and the ending's apart)."""
    moved = [n for n in heard(effects) if n not in ("turn", "win", "loss")]
    assert len(moved) <= 1, moved
    return moved[0] if moved else None


@pytest.mark.parametrize("game", GAMES)
def test_every_move_of_a_seeded_game_makes_its_sound(game):
    page = Page(f"?game={game}&seed=4&speed=0")
    assert heard(page.effects)[0] == "deal" and set(heard(page.effects)) <= {"deal", "turn"}
    rng, everything = random.Random(4), list(heard(page.effects))
    for _ in range(3000):
        before = len(page.effects)
        page.opponents()
        everything += heard(page.effects[before:])
        view = page.view
        if view["phase"] == "over":
            break
        if view["to_act"] != page.in_play.session.human:  # the table holds it (Memory's look)
            everything += heard(page.send(m.TableAction("ready")))
            continue
        move = rng.choice(view["legal"])
        effects = page.send(m.MoveChosen(move["text"]))
        assert move_heard(effects) in BY_KIND[game][move["kind"]], (move, heard(effects))
        everything += heard(effects)
    else:
        raise AssertionError("the game did not end")
    assert set(everything) <= set(NAMES)
    assert HEARD[game] <= set(everything), set(everything)
    # the ending: the person's win or loss, once, last of all (a draw: neither)
    mood = page.picture.html.split('<div class="panel ', 1)[1].split('"', 1)[0]
    ending = {"won": ["win"], "lost": ["loss"]}.get(mood, [])
    assert [n for n in everything if n in ("win", "loss")] == ending
    if ending:
        assert everything[-1] == ending[0]


def test_a_move_sounds_by_the_strongest_event_it_wrote():
    sounds = TABLES["durak"].sounds
    log = [{"event": "attack"}, {"event": "beat"}]
    assert move_sound(sounds, {"log": log[:1]}, {"log": log}) == "beat"
    ended = log + [{"event": "pass"}, {"event": "beaten"}, {"event": "draw"}]
    assert move_sound(sounds, {"log": log}, {"log": ended}) == "sweep"
    assert move_sound(sounds, {"log": ended}, {"log": ended}) is None  # nothing written
    assert move_sound({}, {"log": []}, {"log": log}) is None  # a table without sounds


def test_a_refused_move_and_a_click_out_of_turn_are_heard():
    page = Page("?game=durak&seed=11&speed=0")
    page.opponents()
    assert heard(page.send(m.MoveChosen("nonsense"))) == ["refused"]
    view = page.view
    unplayable = [c for c in view["hand"] if not any(c in mv["text"] for mv in view["legal"])]
    if unplayable:
        assert heard(page.send(m.CardClicked(unplayable[0]))) == ["refused"]
    move = view["legal"][0]["text"]
    assert move_heard(page.send(m.MoveChosen(move))) is not None


def test_the_turn_sounds_when_it_comes_to_the_person():
    page = Page("?game=stump&seed=3&speed=0")
    before = len(page.effects)
    page.opponents()
    if page.view["to_act"] == page.in_play.session.human and len(page.effects) > before:
        assert heard(page.effects[before:])[-1] == "turn"
    effects = page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    assert "turn" not in heard(effects)  # the person's own move: their turn did not begin


# --- the setting, the address, the embedding frame --------------------------------------------

def test_the_sound_setting_and_volume_are_remembered_and_damage_falls_back():
    prefs = Prefs(sound=False, volume=35)
    assert Prefs.from_json(json.loads(json.dumps(prefs.to_json())), ("en",), ("medium",)) == prefs
    assert (Prefs().sound, Prefs().volume) == (True, 70)
    for damaged in ({"sound": "yes", "volume": 500}, {"volume": "loud"}, {"volume": True},
                    {"volume": -5}, {}):
        back = Prefs.from_json(damaged, ("en",), ("medium",))
        assert (back.sound, back.volume) == (True, 70), damaged
    page = Page("?game=durak&seed=11&speed=0")
    page.send(m.OpenSheet("settings"))
    html = page.picture.html
    assert 'id="set-sound" data-set="sound" checked' in html
    assert 'id="set-volume" data-set="volume" min="0" max="100" step="5" value="70"' in html
    assert heard(page.send(m.Setting("volume", "40"))) == ["turn"]  # heard at its new volume
    assert [e.volume for e in page.effects if isinstance(e, Sound)][-1] == 40
    assert heard(page.send(m.Setting("sound", False))) == []
    assert json.loads(page.stored[PREFS_KEY])["sound"] is False
    assert ' disabled>' in page.picture.html.split('id="set-volume"')[1].split("<output")[0]
    page.opponents()
    assert heard(page.send(m.MoveChosen(page.view["legal"][0]["text"]))) == []
    assert heard(page.send(m.MoveChosen("nonsense"))) == []
    again = Page("?game=durak&seed=12&speed=0", stored=page.stored)  # the next visit
    assert not sound_on(again.model) and heard(again.effects) == []
    assert heard(page.send(m.Setting("sound", True))) == ["turn"]
    page.send(m.Setting("volume", "0"))
    assert heard(page.send(m.MoveChosen("nonsense"))) == []  # no volume, no sound
    page.send(m.Setting("volume", "abc"))
    assert page.model.prefs.volume == 0  # a value that is none: the volume stays


def test_sound_in_the_address():
    assert address.parse("?sound=0", {}, {}).sound is False
    assert address.parse("?sound=1", {}, {}).sound is True
    assert address.parse("?speed=0", {}, {}).sound is None
    assert "Sound: use 1 or 0" in address.parse("?sound=loud", {}, {}).notice
    quiet = Page("?game=durak&seed=11&speed=0&sound=0")
    assert quiet.model.screen == "table" and heard(quiet.effects) == []
    assert not quiet.model.notice  # sound= is page-wide: no game option, no problem
    stored = {PREFS_KEY: json.dumps(Prefs(sound=False).to_json())}
    loud = Page("?game=durak&seed=11&speed=0&sound=1", stored=stored)
    assert heard(loud.effects)[0] == "deal"  # for this visit; the setting stays as it was
    assert json.loads(loud.stored[PREFS_KEY])["sound"] is False


def test_an_embedding_frame_is_silent_unless_its_host_asks():
    framed = Page(f"?game=durak&seed=5&speed=0&embed=1&host={HOST}")
    framed.opponents()
    framed.send(m.MoveChosen(framed.view["legal"][0]["text"]))
    assert not sound_on(framed.model) and heard(framed.effects) == []
    framed.send(m.OpenSheet("settings"))
    assert 'id="set-sound" data-set="sound">' in framed.picture.html  # off, and says so
    asked = Page(f"?game=durak&seed=5&speed=0&embed=1&host={HOST}&sound=1")
    assert heard(asked.effects)[0] == "deal"
    # the host's next game keeps the frame as it is; the person's switch decides within it
    framed.send(m.Setting("sound", True))
    dealt = framed.send(m.HostGame(f"?game=stump&players=3&embed=1&host={HOST}", seed=9))
    assert heard(dealt)[0] == "deal" and sound_on(framed.model)
