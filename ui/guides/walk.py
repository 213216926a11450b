"""One guided round, played at the real window: :class:`GuidedRound`.

It lends the window's document the guide's prepared table (the group's session is kept
aside untouched: :meth:`~cardtable.ui.document.SessionDocument.lend`), lights what each step
needs and waits: the player presses the real controls, the session changes, and the round
moves on once the step's ``done`` reads true. A change that does not do the step is named
as such (Undo takes a slip back); a step that the round's own draws made moot (a roll that
succeeded needs no push) is passed over. Back shows an earlier step again, Next comes back
and moves past a step to read. Leaving (the button, Esc, or Finish at the last step) gives
the group's session back; so does anything that opens another session (File > Open, New),
which the window asks about as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.randomness import Rng, from_os
from cardtable.session import Changes
from cardtable.ui.document import Arrival
from cardtable.ui.guides.card import GuideCard
from cardtable.ui.guides.light import Light
from cardtable.ui.guides.step import Guide, Step
from cardtable.ui.guides.targets import Spot
from cardtable.ui.qt import QtCore, QtGui, QtWidgets

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow

#: What the line under a step says while it waits, when it is done, and after a change
#: that did something else.
WAITING = "Waiting for you: {press}."
DONE = "Done. Next goes on."
READ = "Nothing to press here: read, then Next."
ELSEWHERE = (
    "That was not this step: the table changed another way. {press}, or Edit > Undo "
    "takes the slip back."
)
#: The window's title while a guide's table is in play.
GUIDE_TITLE = "Guide: {title}"


class GuidedRound(QtCore.QObject):
    """``guide`` played in ``window`` from its table built with ``rng`` (fresh randomness
    when None). :attr:`ended` comes once the group's session is back."""

    ended = QtCore.Signal()

    def __init__(self, window: MainWindow, guide: Guide, rng: Rng | None = None) -> None:
        super().__init__(window)
        self.setObjectName("guidedRound")
        self.window = window
        self.guide = guide
        self.document = document = window.document
        #: The step on show, and the furthest step the round has come to.
        self.at = 0
        self.reached = 0
        self._untitled = window.untitled
        self._elsewhere = False
        # A box and a ring over the window, and another pair over the curtain: the curtain
        # hides every part of the window while it is up, and shows them again as it lifts.
        self._panes = {id(stage): self._pane(stage) for stage in (window, window.curtain)}
        for stage in (window, window.curtain):
            stage.installEventFilter(self)  # the box keeps its corner as the window resizes
        self.leave_action = QtGui.QAction("Leave the guide", self)
        self.leave_action.setShortcut(QtGui.QKeySequence(QtCore.Qt.Key.Key_Escape))
        self.leave_action.triggered.connect(self.leave)
        # Over the curtain too: its own actions are the keys that work while it is up.
        for widget in (window, window.curtain):
            widget.addAction(self.leave_action)
        document.lend(guide.table(rng if rng is not None else from_os()))
        window.untitled = GUIDE_TITLE.format(title=guide.title)
        window.refresh()
        # Heard after the felt, the panels and the curtain: they show the change first.
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        # A panel may show a control without changing the session (the card picker a
        # Challenge asks with), giving it the focus: the step's spot is found again then.
        self._app = QtWidgets.QApplication.instance()
        if isinstance(self._app, QtWidgets.QApplication):
            self._app.focusChanged.connect(self._on_focus)
        self._bring_panel_forward()
        self._advance()
        self._show()

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.guide.steps

    @property
    def step(self) -> Step:
        """The step on show."""
        return self.steps[self.at]

    @property
    def running(self) -> bool:
        return self.document.lent

    # -- moving ---------------------------------------------------------------------------

    def _advance(self) -> bool:
        """Move :attr:`reached` past every step the session shows done (or moot); whether
        it moved."""
        session = self.document.session
        start = self.reached
        last = len(self.steps) - 1
        while self.reached < last:
            step = self.steps[self.reached]
            done = step.done(session) if step.done is not None else self._done_beyond()
            if step.skip(session) or done:
                self.reached += 1
            else:
                break
        return self.reached > start

    def _done_beyond(self) -> bool:
        """Whether the player, reading ahead, already did the first step to do after the
        step to read they came to (pressed Challenge draws before Next)."""
        session = self.document.session
        for step in self.steps[self.reached + 1 : -1]:
            if step.done is not None and not step.skip(session):
                return step.done(session)
        return False

    def back(self) -> None:
        """Show the step before (nothing is undone)."""
        if self.at > 0:
            self.at -= 1
            while self.at > 0 and self.steps[self.at].skip(self.document.session):
                self.at -= 1
            self._show()

    def next(self) -> None:
        """Come forward again, or move past a step to read; at the last step, leave."""
        if self.at < self.reached:
            self.at += 1
            while self.at < self.reached and self.steps[self.at].skip(self.document.session):
                self.at += 1
        elif self.at == len(self.steps) - 1:
            self.leave()
            return
        elif self.step.done is None:
            self.reached += 1
            self._advance()
            self.at = self.reached
        self._elsewhere = False
        self._show()

    def leave(self) -> None:
        """End the round: the group's session comes back as it was."""
        if self.running:
            self.document.take_back()  # heard in _on_replaced, which tidies up
        else:
            self._end()

    # -- hearing the session --------------------------------------------------------------

    def _on_changed(self, flags: int) -> None:
        if not self.running or not flags:
            return
        following = self.at == self.reached
        if self._advance():
            if following:
                self.at = self.reached
            self._elsewhere = False
        elif (
            following
            and Changes(flags) & ~Changes.UNDO
            and self.step.done is not None
            and not self.step.on_the_way(self.document.session)
        ):
            self._elsewhere = True
        self._show()

    def _on_replaced(self) -> None:
        if self.document.arrival is not Arrival.LENT:
            self._end()

    def _on_focus(self, _old: QtWidgets.QWidget | None, _new: QtWidgets.QWidget | None) -> None:
        """Light the step's spot again if it is another control now."""
        if not self.running:
            return
        spot = self.spot()
        if spot is not None and not self.stage().isAncestorOf(spot.widget):
            spot = None  # behind the curtain: nothing to ring, as _show does
        lit = self.light.spot
        if (lit is None) != (spot is None) or (lit and spot and lit.widget is not spot.widget):
            self._show()

    def _end(self) -> None:
        self.document.changed.disconnect(self._on_changed)
        self.document.replaced.disconnect(self._on_replaced)
        if isinstance(self._app, QtWidgets.QApplication):
            self._app.focusChanged.disconnect(self._on_focus)
        for widget in (self.window, self.window.curtain):
            widget.removeAction(self.leave_action)
            widget.removeEventFilter(self)
        if self.window.untitled == GUIDE_TITLE.format(title=self.guide.title):
            self.window.untitled = self._untitled
        self.window.refresh()
        for card, light in self._panes.values():
            card.deleteLater()
            light.deleteLater()
        self.ended.emit()
        self.deleteLater()

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.Resize and watched is self.stage():
            self.light.place()
            self.card.place(self.light.ring)
        return False

    # -- showing --------------------------------------------------------------------------

    def _pane(self, stage: QtWidgets.QWidget) -> tuple[GuideCard, Light]:
        card = GuideCard(stage, self.guide.title)
        card.back.clicked.connect(self.back)
        card.next.clicked.connect(self.next)
        card.leave.clicked.connect(self.leave)
        card.hide()
        return card, Light(stage)

    @property
    def card(self) -> GuideCard:
        """The guide's box on the stage in use."""
        return self._panes[id(self.stage())][0]

    @property
    def light(self) -> Light:
        """The ring on the stage in use."""
        return self._panes[id(self.stage())][1]

    def _bring_panel_forward(self) -> None:
        docks = self.window.setup.docks
        if self.guide.panel in docks:
            docks[self.guide.panel].show()
            docks[self.guide.panel].raise_()

    def stage(self) -> QtWidgets.QWidget:
        """What the guide draws over: the curtain while it is up, else the window."""
        curtain = self.window.curtain
        return curtain if not curtain.isHidden() else self.window

    def spot(self) -> Spot | None:
        """What the step on show lights, found in the window now."""
        return self.step.lights(self.window)

    def _show(self) -> None:
        step = self.step
        session = self.document.session
        card = self.card
        # Counted without the steps of a branch the round has not taken (as far as known).
        counted = [i for i, one in enumerate(self.steps) if i == self.at or not one.skip(session)]
        card.show_step(counted.index(self.at) + 1, len(counted), step.title, step.says)
        last = self.at == len(self.steps) - 1
        done = self.at < self.reached or (step.done is not None and step.done(session))
        press = step.press or "do what the step says"
        if self.at < self.reached:
            card.show_status(DONE, "success")
        elif step.done is None:
            card.show_status("" if last else READ, "muted")
        elif self._elsewhere:
            card.show_status(ELSEWHERE.format(press=press), "warning")
        else:
            card.show_status(WAITING.format(press=press[:1].lower() + press[1:]), "info")
        card.back.setEnabled(self.at > 0)
        card.next.setText("Finish" if last else "Next")
        card.next.setEnabled(last or done or step.done is None)
        stage = self.stage()
        spot = self.spot()
        if spot is not None and stage.isAncestorOf(spot.widget):
            spot.bring_into_sight()
        else:
            spot = None  # behind the curtain, or not built: nothing to ring now
        for other_card, other_light in self._panes.values():
            if other_card is not card:
                other_card.hide()
                other_light.light(None)
        self.light.light(spot)
        card.place(self.light.ring)
        if step.done is None and not last:
            card.next.setFocus()


__all__ = ["GuidedRound"]
