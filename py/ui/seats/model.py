"""Who sits where: how many people share this device (pass and play), how many play from
their own browsers (guests at a shared table), which seats are theirs, their names, and each
computer seat's level. Pure data, read the same way from the options form and from the address
(`people=`, `guests=`, `names=`, `partners=`, `level=`), so that a link deals the table the
form would.

The people take the first seats in seat order, the guests the seats after theirs; in a game of
two teams (a `teams` option on, four players, teams by seat % 2) they may play as partners
instead, filling seats 0 and 2 first, then 1 and 3. Names are given in that order, one per
person (the people's, then the guests'); the computers take the other seats.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..i18n import _, n_
from ..model import Form

MAX_NAME = 20  # characters in a person's name


@dataclass(frozen=True)
class Seating:
    """The seats of a form (or an address) as they would be dealt."""

    players: int
    people: tuple[int, ...]  # the people's seats at this device, in the order of their names
    # everyone's names, the people's then the guests' (none for one person alone: "you")
    names: tuple[str, ...]
    levels: dict[int, str]  # each computer seat's level
    teams: bool = False  # two teams of two: the people may play as partners
    partners: bool = False
    guests: tuple[int, ...] = ()  # the guests' seats (their own browsers), after the people's

    @property
    def everyone(self) -> tuple[int, ...]:
        """Every person's seat, the people's then the guests' (Session's `people`)."""
        return self.people + self.guests

    @property
    def computers(self) -> tuple[int, ...]:
        return computer_seats(self.players, self.everyone)

    def own_levels(self, level: str) -> dict[int, str]:
        """The computer seats whose level is not `level` (Session's `levels`)."""
        return {s: lv for s, lv in self.levels.items() if lv != level}


def seating(form: Form, values: dict, remembered: tuple[str, ...] = ()) -> Seating:
    """The form's seats: its people and guests in their seats with their names (filled from
    the names remembered here, else "Player 2"…), and the computer seats at their levels."""
    players = int(values.get("players") or 2)
    together = teams(values)
    partners = together and form.partners
    people = people_seats(players, form.people, partners)
    guests = guest_seats(players, len(people), form.guests, partners)
    everyone = people + guests
    names = filled(form.names, len(everyone), remembered) if len(everyone) > 1 else ()
    levels = {s: form.levels.get(s, form.level) for s in computer_seats(players, everyone)}
    return Seating(players, people, names, levels, together, partners, guests)


def teams(values: dict) -> bool:
    """The options make two teams of two (Durak's `teams`): partners sit opposite."""
    return bool(values.get("teams")) and values.get("players") == 4


def seat_order(players: int, partners: bool = False) -> tuple[int, ...]:
    """The order in which people (then guests) take the seats."""
    return tuple(sorted(range(players), key=lambda s: (s % 2, s)) if partners else range(players))


def people_seats(players: int, people: int, partners: bool = False) -> tuple[int, ...]:
    """The people's seats, in the order their names are given."""
    return seat_order(players, partners)[:max(1, min(people, players))]


def guest_seats(players: int, people: int, guests: int, partners: bool = False
                ) -> tuple[int, ...]:
    """The guests' seats: the `guests` seats after the `people` people's, in the same order."""
    return seat_order(players, partners)[people:people + max(0, min(guests, players - people))]


def computer_seats(players: int, people: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(s for s in range(players) if s not in people)


def partnered(values: dict, people: tuple[int, ...]) -> bool:
    """The seats of every person (guests too) are the partners' order (so a link says
    partners=1)."""
    n = len(people)
    return (teams(values) and n > 1 and people == people_seats(4, n, True)
            and people != people_seats(4, n))


def default_name(n: int) -> str:
    # TRANSLATORS: the name the options form suggests for the n-th person at the device
    return _("Player {n}", n=n)


def filled(given: tuple[str, ...], count: int, remembered: tuple[str, ...] = ()) -> tuple[str, ...]:
    """`count` names: those given, then names remembered in this browser, then "Player 3"…,
    leaving out any name already used (whatever its case)."""
    names = [n.strip() for n in given[:count]]
    used = {n.casefold() for n in names}
    spare = [n for n in remembered if n.casefold() not in used]
    k = len(names)  # the n-th person is "Player n", unless that name is taken
    while len(names) < count:
        if spare:
            name = spare.pop(0)
        else:
            k += 1
            name = default_name(k)
        if name.casefold() not in used:
            names.append(name)
            used.add(name.casefold())
    return tuple(names)


def name_problem(names: tuple[str, ...]) -> tuple[int, str] | None:
    """The first name that cannot be dealt, and why in words ("Names: …"), or None."""
    seen: set[str] = set()
    for i, raw in enumerate(names):
        name = raw.strip()
        if not name:
            # TRANSLATORS: a person's name is empty (in the options form or the address)
            return i, _("Names: a name is empty")
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
            # TRANSLATORS: a person's name holds an invisible control character; {name} is
            # the name as typed (quoted)
            return i, _("Names: {name} holds a control character", name=repr(name))
        if len(name) > MAX_NAME:
            # TRANSLATORS: a person's name is too long; {name} is the name (quoted), {most}
            # the most characters a name may have
            return i, _("Names: {name} is longer than {most} characters", name=repr(name),
                        most=MAX_NAME)
        if "," in name:
            # TRANSLATORS: a person's name holds a comma; {name} is the name (quoted)
            return i, _("Names: {name} holds a comma (links separate names with commas)",
                        name=repr(name))
        if name.casefold() in seen:
            # TRANSLATORS: two people at the device have the same name; {name} is the name
            # (quoted)
            return i, _("Names: {name} is given twice (each person needs a name of their "
                        "own)", name=repr(name))
        seen.add(name.casefold())
    return None


def too_many_names(given: int, people: int) -> str:
    # TRANSLATORS: the address's names= lists more names than people=; {n} is how many
    # people, {given} how many names it lists
    return n_("Names: {given} names for {n} person", "Names: {given} names for {n} people",
              people, given=given)


def read_names(data) -> tuple[str, ...]:
    """The names remembered in this browser (PEOPLE_KEY), if they can be dealt."""
    if not isinstance(data, list) or not all(isinstance(n, str) for n in data):
        return ()
    names = tuple(n.strip() for n in data)
    return names if names and name_problem(names) is None else ()
