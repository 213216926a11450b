"""The docked panels, one package per system, on one base (:mod:`.base`: the session, applying
with refusals shown, the waiting line), and the card thumbnails they share."""
