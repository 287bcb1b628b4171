"""The page's entry module: importing it starts the kozyr table in #app (index.html's one
<script type="py"> imports it once kozyr's zip is in place)."""

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui.app import start

start(document, window, create_proxy)
