"""Help > Show me a round of …: a guided first round of each system, at the real table.

A guide is data (:mod:`.step`): a prepared table built by the model
(:mod:`cardtable.guides`) and a list of steps, each with the words it says, what it lights
(:mod:`.targets`) and when it is done, read from the session. :mod:`.walk` lends the
window's document the prepared table, follows the session as the player presses the real
controls, and gives the group's session back untouched when the round ends. :mod:`.light`
draws the ring around what a step needs; :mod:`.card` is the box with the words, Back, Next
and the way out; :mod:`.seats` holds the steps every round shares (the computer changing
hands behind the curtain, the log at the end); :mod:`.registry` names the guides written so
far, and :mod:`.menu` offers them in the Help menu (the welcome screen reads the registry
too). A system's guide is one module here
(``tarot``, ``crisis``) and one line in the registry.
"""
