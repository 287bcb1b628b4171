"""The boot screen's words (index.html shows them before Python runs): the build translates
them from the catalogues into the page, and its boot script picks the language the UI will
speak (`lang=` in the address, else the player's saved choice, else the browser's)."""

from __future__ import annotations

from . import N_

BOOT_WORDS = {
    "title": N_("kozyr – card table"),
    "description": N_("Durak and other card games against computer opponents, in your browser. "
                      "Works offline."),
    "loading": N_("Loading the table…"),
    "progress": N_("Loading"),
    "python": N_("Loading Python…"),
    "starting": N_("Starting the table…"),
    "dealing": N_("Dealing…"),
    "failed": N_("The card table could not start"),
    "wrong": N_("Something went wrong while loading the game."),
    "reload": N_("Reload"),
    "details": N_("Technical details"),
    "network": N_("A file the game needs could not be loaded. Check your connection and "
                  "reload the page."),
    "error": N_("The game hit an error while starting."),
    # TRANSLATORS: {seconds} is a number of seconds
    "timeout": N_("The game did not start within {seconds} seconds. Your connection may be slow "
                  "or your browser may be unsupported; try reloading."),
    "no_wasm": N_("This browser cannot run the game: it lacks WebAssembly. Try a current Chrome, "
                  "Firefox, Safari or Edge."),
}
