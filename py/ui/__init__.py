"""kozyr's browser UI: renders the human seat's view and turns clicks into legal moves."""
