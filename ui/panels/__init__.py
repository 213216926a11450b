"""The docked panels, one package per system, and the card thumbnails they share."""
