"""The public table window: what the room may see, for a TV or projector."""
