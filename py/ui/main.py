"""The page's entry script: start the kozyr table in #app."""

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui.app import start

start(document, window, create_proxy)
