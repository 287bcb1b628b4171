"""Reactions on the headless page: the React button and its menu, a reaction shown by the
sender's name plate and said in the live region; at one device (alone, or passed between
people); and on a table shared between browsers, a host and two guests over fake channels
(pumped as the shell does): a guest's reaction goes to the host, which shows it and passes
it on to the other guest only; the host's person's go to every guest. Only ids of the fixed
list travel, and each page words them in its own language. The host drops junk and a second
reaction within a second from one seat, with a note in its console; a guest's page takes a
reaction only from its host. Muted, others' reactions are neither shown nor said.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest
from headless import Page
from test_every_word_translated import Pseudo, untranslated
from test_shared_table import Guest, Host

from kozyr.session import Session
from ui import i18n
from ui import messages as m
from ui.exercises.model import Trying
from ui.model import PREFS_KEY, Guesting
from ui.play.handoff import pass_to
from ui.play.table_life import arrive
from ui.reactions import messages as rm
from ui.reactions.model import EMOJI, FLOOD_MS, GAP_MS, IDS, LASTS_MS, PHRASES
from ui.reactions.view import WORDS, control_html
from ui.seats import messages as sem
from ui.shared_table import host, talk, wire
from ui.tables import TABLES
from ui.update import update

ALONE = "?game=durak&players=3&speed=0&seed=11"
BUBBLE = re.compile(r'<span class="bubble reaction r-(\w+)" data-said="react:(\d+)" '
                    r'aria-hidden="true">([^<]*)</span>')
DROPPED = "kozyr: dropped a message from the guest in seat {seat}: "
FROM_HOST = "kozyr: dropped a message from the host: "
ANN, BORIS, CLEO = 0, 1, 2  # the host's person, and the two guests


def bubbles_at(html: str) -> dict[str, list[str]]:
    """The reaction bubbles drawn, by where: "mine" (the person's own plate) or "others"."""
    mine = re.search(r'<div class="nameplate mine">.*?(?=<div class="nameplate|$)', html, re.S)
    own = BUBBLE.findall(mine.group(0)) if mine else []
    every = BUBBLE.findall(html)
    return {"mine": [b[2] for b in own], "others": [b[2] for b in every if b not in own]}


def said(effects: list) -> list[str]:
    return [line for e in effects if isinstance(e, m.Say) for line in e.lines]


def notes(effects: list) -> list[str]:
    return [e.text for e in effects if isinstance(e, m.Console)]


def react(page: Page, reaction: str) -> list:
    """The person opens the menu and presses a reaction, by clicks."""
    effects = page.send(m.Click("react-menu"))
    assert 'id="react-menu"' in page.picture.html, "the menu did not open"
    return effects + page.send(m.Click("react", reaction))


# --- one device -------------------------------------------------------------------------------

def test_the_react_button_opens_a_menu_of_real_buttons_that_the_keyboard_can_use():
    page = Page(ALONE)
    html = page.picture.html
    button = re.search(r'<button type="button" class="react-open" id="react" [^>]*>', html)
    assert button and 'aria-expanded="false"' in button.group(0) and 'aria-label="React"' in (
        button.group(0)), html[:200]
    assert 'id="react-menu"' not in html
    assert html.count('id="react"') == 1
    effects = page.send(m.Click("react-menu"))
    html = page.picture.html
    assert re.search(r'id="react" data-act="react-menu" aria-expanded="true" '
                     r'aria-controls="react-menu"', html)
    assert m.FocusOn("#react-menu button") in effects, "the focus does not go into the menu"
    menu = re.search(r'<div class="react-menu" id="react-menu" role="group" '
                     r'aria-label="Reactions" data-roving="list"[^>]*>(.*?)</div></div>',
                     html, re.S).group(1)
    picks = re.findall(r'<button type="button" class="react-pick (\w+)" id="react-([\w-]+)" '
                       r'data-act="react" data-arg="([\w-]+)"( aria-label="[^"]+")?', menu)
    assert [p[2] for p in picks] == list(IDS) and all(p[1] == p[2] for p in picks)
    for kind, _id, reaction, label in picks:  # every emoji has a name screen readers hear
        assert (kind == "emoji") == bool(label) == (reaction in EMOJI)
    assert 'aria-label="Thumbs up"' in menu and ">Well played</button>" in menu
    page.send(m.Click("react-menu"))  # the button again: it closes
    assert page.model.reactions.menu is None and 'id="react-menu"' not in page.picture.html


def test_a_reaction_sent_alone_shows_at_the_person_s_own_seat_and_is_said():
    page = Page(ALONE)
    effects = react(page, "well-played")
    assert page.model.reactions.menu is None, "a reaction sent leaves the menu open"
    assert m.FocusOn("#react") in effects, "the focus does not go back to the React button"
    assert bubbles_at(page.picture.html) == {"mine": ["Well played"], "others": []}
    assert said(effects) == ["You: Well played"]
    assert not [e for e in effects if isinstance(e, (talk.ToHost, talk.ToGuest))]
    later = [e for e in effects if isinstance(e, rm.Later)]
    assert later == [rm.Later(LASTS_MS, rm.Faded())]
    page.now += GAP_MS
    effects = react(page, "party")  # an emoji: the bubble shows it, the live region names it
    assert bubbles_at(page.picture.html)["mine"] == ["🎉"]
    assert said(effects) == ["You: Hooray"]
    page.now += LASTS_MS - 1
    page.send(rm.Faded())  # the first one's time is up (a redraw alone would drop it too)
    assert [s.reaction for s in page.model.reactions.shown] == ["party"]
    page.now += 1
    page.send(rm.Faded())
    assert page.model.reactions.shown == () and not BUBBLE.search(page.picture.html)


def test_escape_or_a_click_elsewhere_closes_the_menu_and_the_focus_comes_back():
    page = Page(ALONE)
    page.send(m.CardClicked(page.view["hand"][0]))  # a card picked: Escape's next job
    page.send(m.Click("react-menu"))
    effects = page.send(m.Key("Escape"))
    assert page.model.reactions.menu is None and m.FocusOn("#react") in effects
    assert page.in_play.selection, "Escape closed the menu and dropped the selection too"
    page.send(m.Click("react-menu"))
    page.send(m.Click("react-panel"))  # the menu's own padding: it stays open
    assert page.model.reactions.menu == (0, False)
    effects = page.send(m.Click(None))  # the felt
    assert page.model.reactions.menu is None
    assert not [e for e in effects if isinstance(e, m.FocusOn)], "the focus is taken away"
    page.send(m.Click("react-menu"))
    page.send(m.Click("settings"))  # another control: it does what it does, the menu closes
    assert page.model.sheet == "settings" and page.model.reactions.menu is None


def test_behind_the_game_over_panel_escape_is_the_panel_s_not_the_menu_s():
    page = Page(ALONE)
    page.send(m.Click("react-menu"))
    page.play_out(random.Random(3))
    assert page.in_play.session.over() and not page.in_play.reviewing
    assert 'id="react-menu"' not in page.picture.html, "the menu is drawn behind the panel"
    page.send(m.Key("Escape"))
    assert page.in_play.reviewing, "Escape went to a menu nobody sees"
    page.send(m.Click("react-menu"))  # the table looked at: the menu opens anew
    assert 'id="react-menu"' in page.picture.html


def test_a_reaction_not_in_the_list_or_too_soon_is_not_shown():
    page = Page(ALONE)
    effects = react(page, "<b>free text</b>")
    assert not BUBBLE.search(page.picture.html) and not said(effects)
    react(page, "oops")
    page.now += GAP_MS - 1
    effects = react(page, "thanks")
    assert bubbles_at(page.picture.html)["mine"] == ["Oops"] and not said(effects)
    assert any("one a second" in n for n in notes(effects))


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_table_has_the_react_button_and_the_bubble_by_the_person_s_plate(game):
    page = Page(f"?game={game}&speed=0&seed=4")
    page.send(m.TableAction("ready"))  # (Memory: the look at the pile ends)
    page.opponents()
    react(page, "good-game")
    html = page.picture.html
    assert html.count('id="react"') == 1
    assert bubbles_at(html) == {"mine": ["Good game"], "others": []}, game


def test_no_react_button_during_an_exercise():
    """An exercise is the person's alone: nobody to react to."""
    page = Page(ALONE)
    model = replace(page.model, in_play=replace(page.in_play, exercise=Trying("x", {})))
    assert control_html(model) == ""
    assert update(model, rm.ToggleMenu(), page.now)[0].reactions.menu is None
    assert update(model, rm.React("oops"), page.now)[0].reactions.shown == ()


def test_pass_and_play_the_person_holding_the_device_reacts_at_their_seat():
    page = Page("?game=durak&players=3&people=2&names=Ann,Boris&speed=0&seed=4")
    assert pass_to(page.in_play) is not None and 'id="react"' not in page.picture.html
    page.send(rm.React("thanks"))  # nobody holds the device: nobody reacts
    assert page.model.reactions.shown == ()
    first = pass_to(page.in_play)
    page.send(sem.TakeSeat(first))
    effects = react(page, "thanks")
    assert bubbles_at(page.picture.html) == {"mine": ["Thanks"], "others": []}
    assert said(effects) == ["You: Thanks"]
    assert [(s.seat, s.reaction) for s in page.model.reactions.shown] == [(first, "thanks")]
    for _ in range(50):  # the holder plays until the device goes to the other person
        page.opponents()
        if pass_to(page.in_play) is not None:
            break
        view = page.in_play.session.view(first)
        page.send(m.MoveChosen(view["legal"][0]["text"]))
    other = pass_to(page.in_play)
    assert other not in (None, first)
    assert not BUBBLE.search(page.picture.html), "the handoff screen shows a bubble"
    page.send(sem.TakeSeat(other))
    assert bubbles_at(page.picture.html) == {"mine": [], "others": ["Thanks"]}, \
        "the first person's reaction is not by their seat for the next one"


def test_the_mute_switch_is_in_the_settings_and_kept():
    page = Page(ALONE)
    page.send(m.OpenSheet("settings"))
    switch = re.search(r'<input type="checkbox" id="set-mute-reactions" '
                       r'data-set="mute_reactions">', page.picture.html)
    assert switch, "no unchecked switch for others' reactions"
    page.send(m.Setting("mute_reactions", True))
    assert page.model.prefs.mute_reactions
    assert json.loads(page.stored[PREFS_KEY])["mute_reactions"] is True
    again = Page(ALONE, stored=page.stored)
    assert again.model.prefs.mute_reactions
    again.send(m.OpenSheet("settings"))
    assert 'id="set-mute-reactions" data-set="mute_reactions" checked' in again.picture.html
    react(again, "wow")  # one's own still show
    assert bubbles_at(again.picture.html)["mine"] == ["😮"]


# --- a table shared between browsers ----------------------------------------------------------

class Shared:
    """The host's page (Ann) and two guests' pages (Boris, Cleo) at a Durak table of four,
    joined by fake channels that carry every message the shell would, each decoded on the way
    as its reader decodes it (`heard`: what each guest was sent)."""

    def __init__(self, langs=("en", "en", "en")):
        self.host = Host("?speed=0")
        session = Session("durak", {"players": 4}, 7, people=(ANN, BORIS, CLEO), level="easy")
        self.host.model, _ = arrive(self.host.model, session, {}, self.host.now,
                                    people=("Ann", "Boris", "Cleo"), guests=(BORIS, CLEO))
        self.guests = {}
        for seat in (BORIS, CLEO):
            page = Guest("?speed=0")
            page.model = replace(page.model, guesting=Guesting())
            self.guests[seat] = page
        for page, lang in zip((self.host, *self.guests.values()), langs):
            if lang != "en":
                page.send(m.Language(lang))
        self.heard = {BORIS: [], CLEO: []}
        self.sent, self.known = {}, {}
        self.seen: dict | None = None
        for seat in self.guests:
            self.host.send(talk.GuestJoined(seat))
        self.pump()
        assert all(g.model.screen == "table" for g in self.guests.values())
        self.seen = {BORIS: [], CLEO: []}  # each guest's page's effects from now on

    def pump(self) -> None:
        for _ in range(500):
            moved = False
            effects, self.host.effects = self.host.effects, []
            for e in effects:
                if isinstance(e, talk.ToGuest):
                    self.to_guest(e.seat, e.text)
                    moved = True
            for seat, page in self.guests.items():
                log = self.host.in_play.session.view(seat)["log"]
                steady = host.outgoing(self.host.model, seat, log)
                if steady != self.sent.get(seat):
                    for text in host.outgoing(self.host.model, seat, self.known.get(seat, ())):
                        self.to_guest(seat, text)
                    self.sent[seat], self.known[seat], moved = steady, log, True
                effects, page.effects = page.effects, []
                for e in effects:
                    if isinstance(e, talk.ToHost):
                        self.host.send(talk.GuestSaid(seat, e.text))
                        moved = True
            if self.host.opponents():
                moved = True
            if not moved:
                return
        raise AssertionError("the channels never settled")

    def to_guest(self, seat: int, text: str) -> None:
        self.heard[seat].append(wire.decode(text, wire.FROM_HOST))
        effects = self.guests[seat].send(talk.HostSaid(text))
        if self.seen is not None:
            self.seen[seat] += effects

    def reactions_heard(self, seat: int) -> list[tuple[int, str]]:
        return [(h["seat"], h["reaction"]) for h in self.heard[seat] if h["kind"] == "react"]

    def guest_says(self, seat: int, text: str) -> list:
        """What a guest's page sends, as the host's page receives it: the host's effects."""
        return self.host.send(talk.GuestSaid(seat, text))

    def tick(self, ms: float) -> None:
        for page in (self.host, *self.guests.values()):
            page.now += ms


def sent_to_host(effects: list) -> list[dict]:
    return [wire.decode(e.text, wire.FROM_GUEST) for e in effects if isinstance(e, talk.ToHost)]


def test_a_guest_s_reaction_shows_on_every_page_and_is_passed_on_to_the_other_guest_only():
    table = Shared()
    boris, cleo, ann = table.guests[BORIS], table.guests[CLEO], table.host
    effects = react(boris, "well-played")
    boris.effects.clear()  # (carried by hand below)
    assert sent_to_host(effects) == [{"v": wire.VERSION, "kind": "react",
                                      "reaction": "well-played"}], "more than the id travels"
    assert bubbles_at(boris.picture.html) == {"mine": ["Well played"], "others": []}
    assert said(effects) == ["You: Well played"]
    text = next(e.text for e in effects if isinstance(e, talk.ToHost))
    host_effects = ann.send(talk.GuestSaid(BORIS, text))
    assert said(host_effects) == ["Boris: Well played"]
    assert bubbles_at(ann.picture.html) == {"mine": [], "others": ["Well played"]}
    relayed = [(e.seat, wire.decode(e.text, wire.FROM_HOST)) for e in host_effects
               if isinstance(e, talk.ToGuest)]
    assert relayed == [(CLEO, {"v": wire.VERSION, "kind": "react", "seat": BORIS,
                               "reaction": "well-played"})], "not passed on, or echoed back"
    table.pump()
    assert table.reactions_heard(BORIS) == [], "the sender heard its own reaction back"
    assert table.reactions_heard(CLEO) == [(BORIS, "well-played")]
    assert bubbles_at(cleo.picture.html) == {"mine": [], "others": ["Well played"]}
    assert said(table.seen[CLEO]) == ["Boris: Well played"]
    assert [s.seat for s in cleo.model.reactions.shown] == [BORIS]
    assert bubbles_at(boris.picture.html) == {"mine": ["Well played"], "others": []}


def test_the_host_s_person_s_reaction_goes_to_every_guest():
    table = Shared()
    effects = react(table.host, "clap")
    assert said(effects) == ["You: Applause"]
    assert bubbles_at(table.host.picture.html) == {"mine": ["👏"], "others": []}
    sent = sorted(e.seat for e in effects if isinstance(e, talk.ToGuest))
    assert sent == [BORIS, CLEO]
    table.pump()
    for seat, page in table.guests.items():
        assert table.reactions_heard(seat) == [(ANN, "clap")]
        assert bubbles_at(page.picture.html) == {"mine": [], "others": ["👏"]}
        assert said(table.seen[seat]) == ["Ann: Applause"]


def test_the_host_drops_a_flood_and_junk_with_a_note_and_passes_on_only_what_it_takes():
    table = Shared()
    text = wire.encode("react", reaction="oops")
    first = table.guest_says(BORIS, text)
    assert [e.seat for e in first if isinstance(e, talk.ToGuest)] == [CLEO]
    table.tick(FLOOD_MS - 1)
    second = table.guest_says(BORIS, wire.encode("react", reaction="thanks"))
    assert notes(second) == [DROPPED.format(seat=2) + "more than one reaction a second"]
    assert not [e for e in second if isinstance(e, (talk.ToGuest, m.Say))]
    assert [s.reaction for s in table.host.model.reactions.shown] == ["oops"]
    other = table.guest_says(CLEO, wire.encode("react", reaction="thanks"))  # its own second
    assert [e.seat for e in other if isinstance(e, talk.ToGuest)] == [BORIS]
    table.tick(1)
    third = table.guest_says(BORIS, wire.encode("react", reaction="thanks"))
    assert not notes(third) and said(third) == ["Boris: Thanks"]
    table.tick(FLOOD_MS)
    junk = {
        wire.encode("react", reaction="<script>alert(1)</script>"): "an unknown reaction",
        wire.encode("react", reaction="x" * 5000): "an unknown reaction",
        wire.encode("react", reaction=7): "reaction is missing or wrong",
        wire.encode("react"): "reaction is missing or wrong",
        wire.encode("react", reaction="oops", seat=ANN): "fields it should not: seat",
        wire.encode("react", reaction="oops", text="free text"): "fields it should not: text",
    }
    for forged, why in junk.items():
        before = table.host.model.reactions
        effects = table.guest_says(CLEO, forged)
        assert len(notes(effects)) == 1 and notes(effects)[0].startswith(
            DROPPED.format(seat=3)) and why in notes(effects)[0], (forged[:60], notes(effects))
        assert len(notes(effects)[0]) < 200, "the note repeats what the guest sent"
        assert table.host.model.reactions == before
        assert not [e for e in effects if isinstance(e, (talk.ToGuest, m.Say))]


def test_a_guest_s_page_takes_a_reaction_only_from_its_host_and_never_its_own():
    table = Shared()
    cleo = table.guests[CLEO]
    before = cleo.model.reactions
    for forged in (wire.encode("react", seat=CLEO, reaction="oops"),  # its own, back
                   wire.encode("react", seat=9, reaction="oops"),
                   wire.encode("react", seat=-1, reaction="oops"),
                   wire.encode("react", seat=ANN, reaction="free text")):
        effects = cleo.send(talk.HostSaid(forged))
        assert notes(effects) and notes(effects)[0].startswith(FROM_HOST), forged
        assert cleo.model.reactions == before and not said(effects)
    # a reaction as a guest would send it (no seat): not one the host sends
    effects = cleo.send(talk.HostSaid(wire.encode("react", reaction="oops")))
    assert notes(effects)[0].startswith(FROM_HOST) and cleo.model.reactions == before
    # another page speaking to a guest as if it were a guest: a guest's page hears no guests
    effects = cleo.send(talk.GuestSaid(BORIS, wire.encode("react", reaction="oops")))
    assert cleo.model.reactions == before and not effects
    # and the host's page takes none as if from a host
    host_before = table.host.model.reactions
    table.host.send(talk.HostSaid(wire.encode("react", seat=BORIS, reaction="oops")))
    assert table.host.model.reactions == host_before


def test_muted_others_reactions_are_neither_shown_nor_said_but_passed_on():
    table = Shared()
    ann = table.host
    ann.send(m.Setting("mute_reactions", True))
    effects = table.guest_says(BORIS, wire.encode("react", reaction="hurry-up"))
    assert not said(effects) and not BUBBLE.search(ann.picture.html)
    assert [e.seat for e in effects if isinstance(e, talk.ToGuest)] == [CLEO], \
        "muting on the host's page stops the other guests hearing it"
    table.pump()
    assert bubbles_at(table.guests[CLEO].picture.html)["others"] == ["Hurry up"]
    effects = react(ann, "thumbs-up")  # one's own still show, and go out
    assert bubbles_at(ann.picture.html) == {"mine": ["👍"], "others": []}
    assert said(effects) == ["You: Thumbs up"]
    # muting hides the bubbles already showing
    cleo = table.guests[CLEO]
    table.pump()
    assert sorted(bubbles_at(cleo.picture.html)["others"]) == ["Hurry up", "👍"]
    cleo.send(m.Setting("mute_reactions", True))
    assert not BUBBLE.search(cleo.picture.html)


LANGS = ("en", "ru", "fr", "fi", "ro")


@pytest.mark.parametrize("lang", LANGS)
def test_each_page_words_a_reaction_in_its_own_language(lang):
    """Boris's page speaks English, Cleo's `lang`: the same id, each page's words."""
    table = Shared(langs=("en", "en", lang))
    cleo = table.guests[CLEO]
    table.tick(GAP_MS)
    react(table.guests[BORIS], "well-played")
    table.pump()
    i18n.use(lang)
    words = i18n.p_("reaction", "Well played")
    assert (words != "Well played") == (lang != "en"), "not translated"
    assert bubbles_at(cleo.picture.html)["others"] == [words]
    assert said(table.seen[CLEO]) == [i18n._("{who}: {reaction}", who="Boris", reaction=words)]
    cleo.send(m.Click("react-menu"))
    html = cleo.picture.html
    for reaction in IDS:  # the menu in that language, every name translated
        worded = i18n.p_("reaction", WORDS[reaction])
        assert worded and (worded != WORDS[reaction] or lang == "en" or reaction == "smile"), (
            lang, reaction)
        assert (f'aria-label="{worded}"' if reaction in EMOJI else f">{worded}</button>") in html
    assert i18n.p_("button", "React") in html
    i18n.use("en")


@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_phrases_read_differently_in_every_language(lang):
    i18n.use(lang)
    words = [i18n.p_("reaction", WORDS[r]) for r in PHRASES]
    assert len(set(words)) == len(PHRASES)
    assert not set(words) & {WORDS[r] for r in PHRASES}, words
    i18n.use("en")


def test_every_word_of_the_menu_and_the_bubbles_comes_from_a_catalogue(monkeypatch):
    monkeypatch.setitem(i18n._catalogues, "en", Pseudo())
    i18n.use("en")
    page = Page(ALONE)
    react(page, "good-game")
    page.send(m.Click("react-menu"))
    assert 'id="react-menu"' in page.picture.html and BUBBLE.search(page.picture.html)
    assert not untranslated(page.picture.html)
