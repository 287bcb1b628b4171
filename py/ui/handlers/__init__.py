"""The update functions, by what they handle: each module's HANDLERS maps its messages to
functions (model, message, now) -> (model, effects); `ui.update` gathers them."""
