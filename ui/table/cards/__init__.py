"""One card on the felt: the item that shows it (:mod:`.item`), what the table adds to it
(:mod:`.look`: the peek's eye, a prompt's ring), the large preview of the card under the
pointer (:mod:`.preview`), what a card knows of its row (:mod:`.row`), and the pictures it
makes from the shared art (:mod:`.pixmaps`)."""
