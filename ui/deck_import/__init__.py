"""Bring your own deck: the wizard that turns pictures into card art, and the art chooser."""
