"""Mutation testing of the model: how many planted bugs do the tests catch?

    .venv/bin/pip install -e ".[mutation]"
    .venv/bin/python benchmarks/mutation.py                  # every module, 150 mutants each
    .venv/bin/python benchmarks/mutation.py --module saving --survivors

Each mutant is one small change made by a cosmic-ray operator (``<`` for ``<=``, a number
nudged, a loop that runs zero times, a decorator removed...). For each model module below,
a seeded sample of its mutants is run (the same sample every time, while the source is the
same), each against the tests that reach the mutated lines:

1. The module's tests run once, unmutated, under coverage with one context per test, which
   says which tests execute each line (a line run only at import time is reached by all).
   A test that fails unmutated is left out and named.
2. Each mutant runs in a forked process where an import hook serves the mutated source in
   place of the file, so nothing is written to the checkout; the covering tests run with
   ``-x``. A failure, an error or a timeout kills the mutant.
3. A survivor is run again against the module's whole test list (a memoised function's
   lines are reached only by the first test that calls it).

Survivors that match an entry of ``mutation_equivalents.toml`` (a change no test can see,
with the reason) are set aside and left out of the score; mutants inside a function's type
annotations are never run (``from __future__ import annotations``: only mypy reads them).
The run is kept out of the test suite: it takes several minutes per module.
"""

from __future__ import annotations

import argparse
import builtins
import importlib.abc
import importlib.util
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
import tomllib
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = Path(__file__).with_name("mutation_equivalents.toml")

_SAVED = "test_session_saving.py::test_every_shipped_resolver_is_saved_and_loaded_with_the_session"


def _examples(module: str) -> str:
    return f"test_doctests.py::test_docstring_examples_hold[{module}]"


#: Each model module with the tests that speak for it (its own, the saves that hold its
#: state, and its docstring examples), and the score it must reach.
MODULES: dict[str, tuple[tuple[str, ...], float]] = {
    "cardtable/dice/odds.py": (
        ("test_dice_odds.py", "test_dice_roll.py", "test_banzai_resolver.py", "test_dice_bounds.py",
         "test_odds_reading.py", _examples("cardtable.dice.odds")),
        0.90,
    ),
    "cardtable/dice/banzai.py": (
        ("test_dice_odds.py", "test_dice_roll.py", "test_dice_parse.py",
         "test_banzai_resolver.py", "test_dice_bounds.py", _examples("cardtable.dice.banzai")),
        0.90,
    ),
    "cardtable/resolvers/tarot/challenge.py": (
        ("test_tarot_challenge.py", "test_tarot_properties.py", "test_tarot_concession.py",
         "test_tarot_edges.py",
         "test_session_saving.py::test_a_tarot_challenge_in_progress_is_saved_with_the_session",
         _SAVED, _examples("cardtable.resolvers.tarot.challenge")),
        0.90,
    ),
    "cardtable/resolvers/pool/challenge.py": (
        ("test_pool_examples.py", "test_pool_mechanics.py", "test_pool_properties.py",
         "test_pool_refusals.py", "test_pool_stalemate.py", "test_pool_dice_stalemate.py",
         _SAVED, _examples("cardtable.resolvers.pool.challenge")),
        0.90,
    ),
    "cardtable/resolvers/crisis/duel.py": (
        ("test_crisis_resolver.py", "test_crisis_duel_odds.py", _SAVED,
         _examples("cardtable.resolvers.crisis.duel")),
        0.90,
    ),
    "cardtable/session/visibility.py": (
        ("test_session_privacy.py", "test_session_log.py", "test_visibility_seats.py",
         _examples("cardtable.session.visibility")),
        0.95,
    ),
    "cardtable/session/audience.py": (
        ("test_session_privacy.py", "test_session_log.py", "test_visibility_seats.py",
         "test_sighting.py", _examples("cardtable.session.audience")),
        0.95,
    ),
    "cardtable/phones/view.py": (
        ("test_phone_view.py", "test_phones.py", "test_sealed_roll.py",
         _examples("cardtable.phones.view")),
        0.90,
    ),
    "cardtable/session/saving.py": (
        ("test_session_saving.py", "test_session_autosave.py", "test_save_consistency.py",
         "test_hostile_files.py", "test_save_promises.py", "test_file_system.py",
         _examples("cardtable.session.saving")),
        0.95,
    ),
    "cardtable/session/authority.py": (
        ("test_authority.py", "test_authority_rows.py", "test_authority_table.py",
         _examples("cardtable.session.authority")),
        0.95,
    ),
    "cardtable/decks/words_file.py": (
        ("test_tarot_deck_files.py", "test_tarot_deck_limits.py", "test_tarot_words_session.py",
         _examples("cardtable.decks.words_file")),
        0.90,
    ),
    "cardtable/decks/words_migrations.py": (
        ("test_tarot_deck_files.py", "test_tarot_deck_migrations.py", "test_tarot_words_session.py",
         _examples("cardtable.decks.words_migrations")),
        0.90,
    ),
    "cardtable/decks/tarot_pictures.py": (
        ("test_tarot_pictures.py", "test_tarot_pictures_mapping.py",
         _examples("cardtable.decks.tarot_pictures")),
        0.90,
    ),
    "cardtable/session/tarot_decks.py": (
        ("test_tarot_shelf.py", "test_tarot_deck_files.py", "test_tarot_words_session.py",
         _examples("cardtable.session.tarot_decks")),
        0.90,
    ),
    "cardtable/session/words_actions.py": (
        ("test_tarot_words_session.py", "test_authority_table.py",
         _examples("cardtable.session.words_actions")),
        0.90,
    ),
    "cardtable/resolvers/pool/penalties.py": (
        ("test_pool_examples.py", "test_pool_mechanics.py", "test_pool_refusals.py",
         "test_pool_steps.py", "test_pool_penalty_rules.py", _SAVED,
         _examples("cardtable.resolvers.pool.penalties")),
        0.90,
    ),
    "cardtable/resolvers/banzai/steps.py": (
        ("test_banzai_step_edges.py", "test_banzai_steps.py", "test_banzai_resolver.py",
         _examples("cardtable.resolvers.banzai.steps")),
        0.90,
    ),
    "cardtable/steps/banzai/picks.py": (
        ("test_banzai_steps.py", "test_banzai_typed_side.py", "test_banzai_pick_lines.py",
         "test_authority_table.py", _examples("cardtable.steps.banzai.picks")),
        0.90,
    ),
    "cardtable/counts.py": (
        ("test_log_words.py", "test_plurals.py", _examples("cardtable.counts")),
        0.90,
    ),
}


# ---------------------------------------------------------------------------------------------
# Mutants


@dataclass(frozen=True)
class Mutant:
    module: str  # path relative to the repository
    operator: str
    occurrence: int
    first_line: int  # where its statement starts
    last_line: int
    in_function: bool  # False: the line runs when the module is imported
    reach: tuple[int, ...]  # for a line run at import: the lines that use what it defines
    before: str  # the mutated lines, unmutated
    after: str  # the same lines, mutated
    source: str  # the whole mutated module

    @property
    def key(self) -> str:
        return f"{self.module}:{self.first_line} {self.operator.removeprefix('core/')}"


def _in_signature_annotation(node: Any) -> bool:
    """Whether ``node`` sits in a function's annotations or an annotated assignment outside a
    class body (those are strings at run time; a class's field annotations are read by
    attrs and cattrs, so they count)."""
    def within(part: Any) -> bool:
        return part is not None and part.start_pos <= node.start_pos <= part.end_pos

    child, parent = node, node.parent
    while parent is not None:
        if parent.type in ("param", "funcdef") and within(getattr(parent, "annotation", None)):
            return True
        if parent.type == "annassign" and parent.children[1] is child:
            scope = parent.parent
            while scope is not None and scope.type not in ("classdef", "funcdef", "file_input"):
                scope = scope.parent
            return scope is None or scope.type != "classdef"
        child, parent = parent, parent.parent
    return False


def _statement_start(node: Any) -> int:
    """The first line of the statement holding ``node`` (coverage marks statements)."""
    while node.parent is not None and node.type not in ("simple_stmt", "if_stmt",
                                                         "while_stmt", "for_stmt", "with_stmt",
                                                         "except_clause",
                                                         "decorated", "funcdef", "classdef"):
        node = node.parent
    return int(node.start_pos[0])


def _reach(node: Any, lines: Sequence[str]) -> tuple[int, ...]:
    """For a statement run at import time, the lines whose tests may notice a change to it:
    the whole function or class it decorates or belongs to, and every line naming what it
    defines. (Only a first guess: a survivor faces every test of the module.)"""
    scope = node
    while scope is not None and scope.type not in ("funcdef", "classdef", "decorated"):
        scope = scope.parent
    if scope is not None:
        if scope.type == "decorated":
            scope = scope.children[-1]
        names, own = {scope.name.value}, scope
    else:
        own = node
        while own.parent is not None and own.type != "simple_stmt":
            own = own.parent
        names = {
            name.value
            for part in getattr(own, "children", ())
            if part.type == "expr_stmt"
            for name in part.get_defined_names()
        }
    found = set(range(own.start_pos[0], own.end_pos[0] + 1))
    for name in names:
        word = re.compile(rf"\b{re.escape(name)}\b")
        found.update(i for i, text in enumerate(lines, 1) if word.search(text))
    return tuple(sorted(found))


def _in_function_body(node: Any) -> bool:
    child, parent = node, node.parent
    while parent is not None:
        if parent.type in ("funcdef", "lambdef") and child is parent.children[-1]:
            return True
        child, parent = parent, parent.parent
    return False


@dataclass(frozen=True)
class Site:
    """Where one operator can make one mutant (the mutant itself is made only if sampled)."""

    operator: str
    occurrence: int
    first_line: int
    last_line: int
    statement_line: int
    in_function: bool
    reach: tuple[int, ...]


def sites_of(module: str) -> list[Site]:
    """Every place cosmic-ray's core operators can change ``module`` (none in annotations)."""
    from cosmic_ray.ast import ast_nodes, get_ast
    from cosmic_ray.plugins import get_operator, operator_names

    source = (ROOT / module).read_text(encoding="utf-8")
    lines = source.splitlines()
    nodes = list(ast_nodes(get_ast(source)))
    found = []
    for name in operator_names():
        operator_class = get_operator(name)
        if operator_class.arguments():  # the variable replacers need a configuration
            continue
        operator = operator_class()
        positions = [
            (node, start, end) for node in nodes for start, end in operator.mutation_positions(node)
        ]
        for occurrence, (node, start, end) in enumerate(positions):
            if _in_signature_annotation(node):
                continue
            inside = _in_function_body(node)
            found.append(Site(name, occurrence, start[0], end[0], _statement_start(node),
                              inside, () if inside else _reach(node, lines)))
    return found


def make_mutant(module: str, site: Site) -> Mutant | None:
    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator

    source = (ROOT / module).read_text(encoding="utf-8")
    mutated = mutate_code(source, get_operator(site.operator)(), site.occurrence)
    if mutated is None or mutated == source:
        return None
    try:  # ``*`` for ``**`` in a signature is no program: not a bug anyone could write
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            compile(mutated, module, "exec")
    except SyntaxError:
        return None
    lines, new_lines = source.splitlines(), mutated.splitlines()
    first, last = site.first_line, site.last_line
    span = last - first + 1 + len(new_lines) - len(lines)
    return Mutant(
        module,
        site.operator,
        site.occurrence,
        min(first, site.statement_line),
        last,
        site.in_function,
        site.reach,
        "\n".join(lines[first - 1 : last]),
        "\n".join(new_lines[first - 1 : first - 1 + max(span, 0)]),
        mutated,
    )


def sample(sites: list[Site], size: int, seed: int, module: str) -> list[Site]:
    if len(sites) <= size:
        return list(sites)
    picked = random.Random(f"{seed}:{module}").sample(range(len(sites)), size)
    return [sites[i] for i in sorted(picked)]


@dataclass(frozen=True)
class Equivalent:
    operator: str
    before: str
    after: str
    reason: str

    def matches(self, mutant: Mutant) -> bool:
        return (
            mutant.operator.removeprefix("core/") == self.operator
            and " ".join(mutant.before.split()) == " ".join(self.before.split())
            and " ".join(mutant.after.split()) == " ".join(self.after.split())
        )


def load_equivalents() -> dict[str, list[Equivalent]]:
    if not EQUIVALENTS.exists():
        return {}
    data = tomllib.loads(EQUIVALENTS.read_text(encoding="utf-8"))
    return {
        module: [Equivalent(**entry) for entry in entries]
        for module, entries in data.get("equivalent", {}).items()
    }


# ---------------------------------------------------------------------------------------------
# Running tests in forked children


def _module_name(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".")


class _MutantLoader(importlib.abc.SourceLoader):
    def __init__(self, path: str, source: str) -> None:
        self.path, self.source = path, source

    def get_filename(self, fullname: str) -> str:
        return self.path

    def get_data(self, path: str) -> bytes:
        if path == self.path:
            return self.source.encode("utf-8")
        return Path(path).read_bytes()


class _MutantFinder(importlib.abc.MetaPathFinder):
    """Serves the mutated source for one module; every other import is left alone."""

    def __init__(self, name: str, path: str, source: str) -> None:
        self.name, self.loader = name, _MutantLoader(path, source)

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != self.name:
            return None
        return importlib.util.spec_from_file_location(fullname, self.loader.path,
                                                      loader=self.loader)


class _Only:
    """Runs only the chosen tests, in the order given; notes those that were not collected."""

    def __init__(self, tests: Sequence[str]) -> None:
        self.order = {test: i for i, test in enumerate(tests)}
        self.missing: set[str] = set()

    def pytest_collection_modifyitems(self, items: list[Any]) -> None:
        chosen = sorted((i for i in items if i.nodeid in self.order),
                        key=lambda item: self.order[item.nodeid])
        self.missing = set(self.order) - {item.nodeid for item in chosen}
        items[:] = chosen


def _pytest_args(tests: Sequence[str]) -> list[str]:
    files = sorted({test.split("::")[0] for test in tests})
    return [*files, "-x", "-q", "-p", "no:cacheprovider", "--no-header", "-rN",
            "--tb=no", "-W", "ignore::pytest.PytestUnraisableExceptionWarning"]


def _fork(target: Any) -> int:
    """Run ``target()`` (which returns an exit status) in a child with no output."""
    pid = os.fork()
    if pid:
        return pid
    status = 3
    try:
        os.setpgid(0, 0)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.chdir(ROOT)
        status = int(target())
    finally:
        os._exit(status)


def _wait(pid: int, timeout: float) -> int | None:
    """The child's exit status, or None when it ran past ``timeout`` (then it is killed)."""
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return None
        time.sleep(0.01)


@dataclass
class Baseline:
    passed: list[str]
    failed: list[str]
    by_line: dict[int, set[str]]
    seconds: float

    def tests_for(self, mutant: Mutant) -> list[str]:
        """The tests that run the mutated statement (none for a line no test reaches); for a
        line run at import time, the tests that run what uses it (or all of them)."""
        lines = mutant.reach or range(mutant.first_line, mutant.last_line + 1)
        reached: set[str] = set()
        for line in lines:
            for context in self.by_line.get(line, ()):
                if not context:  # imported, or run by the test set-up
                    if mutant.in_function:
                        return list(self.passed)
                    continue
                if context.startswith("collect:"):  # run while a test file is imported
                    prefix = context.removeprefix("collect:") + "::"
                    reached.update(t for t in self.passed if t.startswith(prefix))
                else:
                    reached.add(context)
        if not mutant.in_function and not reached:
            return list(self.passed)
        return [test for test in self.passed if test in reached]


def baseline(module: str, test_files: Sequence[str]) -> Baseline:
    """Which tests pass unmutated and which lines of ``module`` each one runs."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "baseline.json"
        target = str(ROOT / module)

        def run() -> int:
            import coverage
            import pytest

            cov = coverage.Coverage(data_file=None, include=[target], config_file=False)
            outcomes: dict[str, bool] = {}
            seconds: dict[str, float] = {}

            class Recorder:
                @pytest.hookimpl(wrapper=True)
                def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Any:
                    cov.switch_context(item.nodeid)
                    try:
                        return (yield)
                    finally:
                        cov.switch_context("")

                @pytest.hookimpl(wrapper=True)
                def pytest_make_collect_report(self, collector: Any) -> Any:
                    if isinstance(collector, pytest.Module):
                        cov.switch_context(f"collect:{collector.nodeid}")
                    try:
                        return (yield)
                    finally:
                        cov.switch_context("")

                def pytest_runtest_logreport(self, report: Any) -> None:
                    ok = not report.failed
                    outcomes[report.nodeid] = outcomes.get(report.nodeid, True) and ok
                    seconds[report.nodeid] = seconds.get(report.nodeid, 0.0) + report.duration

            cov.start()
            args = [f"tests/{name}" for name in test_files
                    if (ROOT / "tests" / name.split("::")[0]).exists()]
            pytest.main([*args, "-q", "-p", "no:cacheprovider", "--tb=no"],
                        plugins=[Recorder()])
            cov.stop()
            data = cov.get_data()
            by_line = data.contexts_by_lineno(target) if target in data.measured_files() else {}
            out.write_text(json.dumps({"outcomes": outcomes, "seconds": seconds,
                                       "by_line": by_line}))
            return 0

        start = time.monotonic()
        pid = _fork(run)
        _wait(pid, 3600)
        seconds = time.monotonic() - start
        data = json.loads(out.read_text())
    outcomes = data["outcomes"]
    return Baseline(
        # Quickest first: a mutant is killed by the first failure (``-x``).
        passed=sorted((test for test, ok in outcomes.items() if ok),
                      key=lambda test: data["seconds"].get(test, 0.0)),
        failed=[test for test, ok in outcomes.items() if not ok],
        by_line={int(line): set(contexts) for line, contexts in data["by_line"].items()},
        seconds=seconds,
    )


def _mutant_child(mutant: Mutant, tests: Sequence[str]) -> Any:
    def run() -> int:
        import pytest
        from cosmic_ray.exceptions import CosmicRayTestingException

        # ExceptionReplacer names this class in an ``except``: the handler catches nothing.
        builtins.CosmicRayTestingException = CosmicRayTestingException  # type: ignore[attr-defined]
        sys.dont_write_bytecode = True
        finder = _MutantFinder(_module_name(mutant.module), str(ROOT / mutant.module),
                               mutant.source)
        sys.meta_path.insert(0, finder)
        only = _Only(tests)
        status = int(pytest.main(_pytest_args(tests), plugins=[only]))
        # A test that reached the line but is no longer collected (its parameters come from
        # the mutated module) has noticed the change.
        return 1 if status == 0 and only.missing else status

    return run


# ---------------------------------------------------------------------------------------------
# Scheduling


@dataclass
class Outcome:
    mutant: Mutant
    status: str  # killed, timeout, survived, equivalent, error
    tests: int = 0
    reason: str = ""


@dataclass
class ModuleResult:
    module: str
    target: float
    total: int
    outcomes: list[Outcome] = field(default_factory=list)
    failing_unmutated: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, *statuses: str) -> int:
        return sum(1 for outcome in self.outcomes if outcome.status in statuses)

    @property
    def score(self) -> float:
        judged = self.count("killed", "timeout", "survived")
        return self.count("killed", "timeout") / judged if judged else 1.0


def _run_all(jobs: list[tuple[Mutant, list[str], float]], workers: int) -> Iterator[
    tuple[Mutant, int, int | None]
]:
    """Run each ``(mutant, tests, timeout)`` in a child, ``workers`` at a time."""
    pending = list(jobs)
    running: dict[int, tuple[Mutant, int, float]] = {}
    while pending or running:
        while pending and len(running) < workers:
            mutant, tests, timeout = pending.pop(0)
            pid = _fork(_mutant_child(mutant, tests))
            running[pid] = (mutant, len(tests), time.monotonic() + timeout)
        finished = []
        for pid, (mutant, count, deadline) in running.items():
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                finished.append(pid)
                yield mutant, count, os.waitstatus_to_exitcode(status)
            elif time.monotonic() > deadline:
                os.killpg(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                finished.append(pid)
                yield mutant, count, None
        for pid in finished:
            del running[pid]
        time.sleep(0.01)


def _judge(code: int | None) -> str:
    if code is None:
        return "timeout"
    if code == 0:
        return "survived"
    if code in (1, 2, 3):  # a failing test, a module that no longer imports, a crash
        return "killed"
    return "error"  # no tests collected or a usage error: the harness's fault, not a score


def run_module(module: str, size: int, seed: int, workers: int,
               equivalents: list[Equivalent], log: Any) -> ModuleResult:
    test_files, target = MODULES[module]
    start = time.monotonic()
    everything = sites_of(module)
    chosen = [m for site in sample(everything, size, seed, module)
              if (m := make_mutant(module, site)) is not None]
    base = baseline(module, test_files)
    result = ModuleResult(module, target, len(everything), failing_unmutated=base.failed)
    print(f"{module}: {len(chosen)} of {len(everything)} mutants, {len(base.passed)} tests "
          f"({base.seconds:.0f} s unmutated)", file=log, flush=True)
    timeout = max(30.0, 4 * base.seconds)
    outcomes: dict[Mutant, Outcome] = {}
    first = []
    for mutant in chosen:
        tests = base.tests_for(mutant)
        if tests:
            first.append((mutant, tests, timeout))
        else:  # no test runs this line: nothing can notice the change
            outcomes[mutant] = Outcome(mutant, "survived", 0, "no test reaches it")
    for done, (mutant, count, code) in enumerate(_run_all(first, workers), 1):
        outcomes[mutant] = Outcome(mutant, _judge(code), count)
        if done % 25 == 0:
            print(f"  {done} of {len(first)} run", file=log, flush=True)
    # A survivor of the covering tests faces every test of the module.
    again = [(m, list(base.passed), timeout) for m in chosen
             if outcomes[m].status == "survived" and 0 < outcomes[m].tests < len(base.passed)]
    for mutant, count, code in _run_all(again, workers):
        outcomes[mutant] = Outcome(mutant, _judge(code), count)
    for mutant in chosen:
        outcome = outcomes[mutant]
        if outcome.status == "survived":
            for equivalent in equivalents:
                if equivalent.matches(mutant):
                    outcome.status, outcome.reason = "equivalent", equivalent.reason
                    break
        result.outcomes.append(outcome)
    result.seconds = time.monotonic() - start
    return result


# ---------------------------------------------------------------------------------------------
# Reporting


def table(results: Sequence[ModuleResult]) -> str:
    rows = [
        "| module | mutants run | killed | survived | equivalent | score | target |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        run = len(r.outcomes)
        sampled = f"{run} of {r.total}" if run < r.total else f"{run}"
        mark = "" if r.score >= r.target else " (below)"
        rows.append(
            f"| {r.module.removeprefix('cardtable/')} | {sampled} | "
            f"{r.count('killed', 'timeout')} | {r.count('survived')} | "
            f"{r.count('equivalent')} | {100 * r.score:.1f}%{mark} | "
            f">= {100 * r.target:.0f}% |"
        )
    return "\n".join(rows)


def describe(outcome: Outcome) -> str:
    m = outcome.mutant
    before = "\n".join(f"    - {line.strip()}" for line in m.before.splitlines())
    after = "\n".join(f"    + {line.strip()}" for line in m.after.splitlines()) or "    + (removed)"
    why = f"  ({outcome.reason})" if outcome.reason else ""
    return f"  {m.key}{why}\n{before}\n{after}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", action="append", default=[],
                        help="run only modules whose path contains this (repeatable)")
    parser.add_argument("--sample", type=int, default=150,
                        help="mutants per module (default 150; a smaller module runs all)")
    parser.add_argument("--seed", type=int, default=25, help="the sample's seed")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--survivors", action="store_true",
                        help="print every surviving mutant (and the ones set aside)")
    parser.add_argument("--json", type=Path, help="also write every outcome here")
    args = parser.parse_args(argv)
    if sys.platform == "win32":
        parser.error("the mutation run forks: run it on Linux or macOS")
    try:
        import cosmic_ray  # noqa: F401
        import coverage  # noqa: F401
    except ImportError:
        parser.error('install the mutation extra first: pip install -e ".[mutation]"')
    modules = [m for m in MODULES if not args.module or any(k in m for k in args.module)]
    if not modules:
        parser.error(f"no model module matches {args.module}")
    # Warm the third-party imports once: every forked child starts from them.
    import attrs  # noqa: F401
    import cattrs  # noqa: F401
    import hypothesis  # noqa: F401
    import pytest  # noqa: F401

    equivalents = load_equivalents()
    results = []
    for module in modules:
        result = run_module(module, args.sample, args.seed, args.workers,
                            equivalents.get(module, []), sys.stderr)
        results.append(result)
        print(f"  {100 * result.score:.1f}% in {result.seconds:.0f} s", file=sys.stderr,
              flush=True)
    print(table(results))
    for result in results:
        if result.failing_unmutated:
            print(f"\n{result.module}: left out, failing unmutated: "
                  + ", ".join(result.failing_unmutated))
        errors = [o for o in result.outcomes if o.status == "error"]
        if errors:
            print(f"\n{result.module}: {len(errors)} mutants could not be judged")
        if args.survivors:
            for status in ("survived", "equivalent"):
                shown = [o for o in result.outcomes if o.status == status]
                if shown:
                    print(f"\n{result.module}, {status}:")
                    print("\n".join(describe(o) for o in shown))
    if args.json:
        args.json.write_text(json.dumps([
            {"module": r.module, "total": r.total, "score": r.score, "outcomes": [
                {"key": o.mutant.key, "status": o.status, "tests": o.tests,
                 "before": o.mutant.before, "after": o.mutant.after, "reason": o.reason}
                for o in r.outcomes]} for r in results], indent=1))
    return 0 if all(r.score >= r.target for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
