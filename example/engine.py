"""kozyr's engine in a page of your own: the wheel installed by PyScript (micropip), a seeded
game between two opponents, its moves and its result. `play` is plain Python: it gives the same
game on CPython for the same seed (`pip install kozyr-<version>-py3-none-any.whl`)."""

import kozyr
from kozyr import ai


def play(game_name: str, levels: list[str], seed: int) -> dict:
    """One deal of `game_name` between two opponents of `levels`, from `seed`: every move (the
    seat and the protocol's text) and the engine's result."""
    game = kozyr.get(game_name)
    state = game.new_game({"players": 2}, seed=seed)
    players = [ai.make(level, game_name, seed=seed * 101 + seat)
               for seat, level in enumerate(levels)]
    moves = []
    while not game.is_over(state):
        seat = state.to_act
        view = game.view(state, seat)  # what this seat may know, with its legal moves
        move = players[seat].choose(view)
        game.apply(state, move)  # an illegal move raises kozyr.IllegalMove
        moves.append((seat, str(move)))
    return {"moves": moves, "result": game.result(state)}


def verdict(result: dict, levels: list[str]) -> str:
    """The result in words: who won, by the engine's scores (1 a win, ½ a draw)."""
    scores = result["scores"]
    if scores[0] == scores[1]:
        return "A draw."
    best = max(range(2), key=lambda seat: scores[seat])
    return f"Seat {best + 1} ({levels[best]}) wins the deal."


def start_page() -> None:
    """Fill the form with the engine's games and levels, and play when it is sent."""
    from importlib.metadata import version

    from pyscript import document, when

    form = document.getElementById("game-form")
    choose = form.elements.namedItem("game")
    for info in kozyr.catalogue():
        if info["min_players"] <= 2 <= info["max_players"]:
            option = document.createElement("option")
            option.value, option.textContent = info["name"], info["title"]
            choose.appendChild(option)
    for name in ("first", "second"):
        levels = form.elements.namedItem(name)
        for level in kozyr.catalogue()[0]["ai_levels"]:
            option = document.createElement("option")
            option.value = option.textContent = level
            levels.appendChild(option)
    form.elements.namedItem("first").value = "normal"
    form.elements.namedItem("second").value = "easy"

    @when("submit", "#game-form")
    def submitted(event):
        event.preventDefault()
        levels = [form.elements.namedItem("first").value, form.elements.namedItem("second").value]
        try:
            seed = int(form.elements.namedItem("seed").value)
        except ValueError:
            document.getElementById("verdict").textContent = "The seed is a whole number."
            return
        outcome = play(choose.value, levels, seed)
        log = document.getElementById("log")
        log.replaceChildren()
        for seat, move in outcome["moves"]:
            item = document.createElement("li")
            item.textContent = f"Seat {seat + 1}: {move}"
            log.appendChild(item)
        document.getElementById("verdict").textContent = verdict(outcome["result"], levels)
        document.getElementById("result").textContent = repr(outcome["result"])
        document.getElementById("moves-count").textContent = f"· {len(outcome['moves'])} moves"
        document.documentElement.dataset.played = f"{choose.value}:{seed}"

    form.elements.namedItem("play").disabled = False
    status = document.getElementById("status")
    status.textContent = f"kozyr {version('kozyr')} is installed from its wheel."
    document.documentElement.dataset.engine = "ready"


if __name__ == "__main__":  # PyScript runs this file as the page's main script
    start_page()
