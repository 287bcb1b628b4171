"""The page's entry script: start the kozyr table in #app."""

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui.app import App

app = App(document, window, create_proxy)
app.start()
