"""The cache of the code attrs and cattrs generate: a second start compiles none of it, the
classes behave as if compiled anew, and a broken or unwritable cache costs only time."""

from __future__ import annotations
import __future__

import ast
import builtins
import json
import marshal
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardtable import cachefile, codecache
from cardtable.codecache import STAMP, CodeCache, hook, stable_hash, unhook

#: A fresh interpreter that uses the cache at argv[1], defines classes as the model does,
#: structures one with cattrs, and reports what it compiled and how the classes behave.
_START = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from cardtable.codecache import install
    cache = install(Path(sys.argv[1]))
    import attrs, cattrs

    @attrs.frozen
    class Seat:
        name: str
        order: int = 0

    @attrs.frozen
    class Chair:
        name: str
        order: int = 0

    seat = cattrs.structure({"name": "Bea", "order": 2}, Seat)
    print(json.dumps({
        "compiled": cache.compiled,
        "repr": repr(seat),
        "equal": seat == Seat("Bea", 2),
        "same_hash": hash(seat) == hash(Seat("Bea", 2)),
        "salted": hash(seat) != hash(Chair("Bea", 2)),
    }))
    """
)


def _python(script: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``script`` run by a fresh interpreter (with ``env`` only, if given); it must succeed."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env or None,
    )
    assert done.returncode == 0, done.stderr
    return done


def _start(cache: Path, hash_seed: str) -> dict[str, object]:
    return json.loads(_python(_START, str(cache), PYTHONHASHSEED=hash_seed, PATH="").stdout)


def test_a_second_start_compiles_none_of_the_code_the_first_generated(tmp_path: Path) -> None:
    cache = tmp_path / "code.bin"
    # Each Python process salts the hash of a string anew, and attrs writes such a hash
    # into each class's __hash__: two different seeds show the code no longer depends on it.
    first = _start(cache, "1")
    second = _start(cache, "2")
    assert first["compiled"] > 0
    assert cache.read_bytes().startswith(STAMP)
    assert second["compiled"] == 0
    for run in (first, second):
        assert run["repr"] == "Seat(name='Bea', order=2)"
        assert run["equal"] is True
        assert run["same_hash"] is True
        assert run["salted"] is True


def _define(name: str) -> type:
    import attrs

    return attrs.frozen(type(name, (), {"__annotations__": {"value": "int"}}))


def test_a_class_made_from_cached_code_is_the_class_compiled_anew(tmp_path: Path) -> None:
    path = tmp_path / "code.bin"
    writer = CodeCache(path)
    modules = hook(writer)
    try:
        fresh = _define("Token")
    finally:
        unhook(modules)
    assert writer.compiled > 0
    assert writer.save() is True
    assert writer.save() is False  # nothing new since

    reader = CodeCache(path)
    compiled: list[str] = []
    original = builtins.compile
    modules = hook(reader)
    try:
        builtins.compile = lambda *args, **kwargs: (
            compiled.append(args[1])
            or original(  # type: ignore[assignment]
                *args, **kwargs
            )
        )
        cached = _define("Token")
    finally:
        builtins.compile = original
        unhook(modules)
    assert compiled == []
    assert reader.compiled == 0
    assert repr(cached(3)) == repr(fresh(3)) == "Token(value=3)"
    assert cached(3) == cached(3) and cached(3) != cached(4)
    assert hash(cached(3)) == hash(cached(3))
    with pytest.raises(AttributeError):
        cached(3).value = 4  # type: ignore[misc]  (still frozen)


def test_unhooking_gives_attrs_back_the_builtins() -> None:
    modules = hook(CodeCache(Path("/nonexistent/code.bin")))
    assert {m.__name__ for m in modules} >= {"attr._make", "cattrs.gen"}
    unhook(modules)
    for module in modules:
        assert "compile" not in vars(module)
        assert "hash" not in vars(module)


def test_a_string_hashes_the_same_in_every_process_and_anything_else_as_usual() -> None:
    assert stable_hash("<attrs generated hash cardtable.cards.Card>") == stable_hash(
        "<attrs generated hash cardtable.cards.Card>"
    )
    assert stable_hash("a") != stable_hash("b")
    assert stable_hash(("a", 1)) == hash(("a", 1))
    assert stable_hash(7) == 7


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not a cache at all",
        STAMP + b"\x00\x01broken marshal",
        STAMP + marshal.dumps(["a list", "not a dict"]),
        STAMP + marshal.dumps({"key": "not a tuple"}),
    ],
    ids=["empty", "foreign", "truncated", "a list", "bad keys"],
)
def test_a_cache_file_that_cannot_be_read_is_ignored_then_replaced(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "code.bin"
    path.write_bytes(content)
    cache = CodeCache(path)
    code = cache.compile("x = 1\n", "<generated x>", "exec")
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["x"] == 1
    assert cache.compiled == 1
    assert cache.save() is True
    again = CodeCache(path)
    assert again.compile("x = 1\n", "<generated x>", "exec") is not None
    assert again.compiled == 0


@pytest.mark.parametrize(("made_from", "x"), [("<generated x>", "planted"), ("<elsewhere>", 1)])
def test_an_entry_is_used_only_for_code_made_from_its_own_file_name(
    tmp_path: Path, made_from: str, x: object
) -> None:
    path = tmp_path / "code.bin"
    planted = marshal.dumps(compile("x = 'planted'\n", made_from, "exec"))
    flags = __future__.annotations.compiler_flag  # this module's, which the cache passes on
    code = {("<generated x>", codecache._digest("x = 1\n"), flags): planted}
    path.write_bytes(STAMP + marshal.dumps({"code": code}))
    cache = CodeCache(path)
    namespace: dict[str, object] = {}
    exec(cache.compile("x = 1\n", "<generated x>", "exec"), namespace)
    assert namespace["x"] == x
    assert cache.compiled == (x == 1)


def test_only_plain_source_compiled_to_run_or_evaluate_is_cached(tmp_path: Path) -> None:
    cache = CodeCache(tmp_path / "code.bin")
    tree = cache.compile("z = 3\n", "<tree>", "exec", flags=ast.PyCF_ONLY_AST)
    assert isinstance(tree, ast.Module)
    assert eval(cache.compile("print", "<single>", "single")) is None
    # Python's import of a module's source says dont_inherit (and keeps it in __pycache__).
    cache.compile("w = 4\n", "<imported>", "exec", dont_inherit=True)
    assert cache.compiled == 0
    assert cache.save() is False
    cache.compile(b"y = 2\n", "<bytes>", "exec")  # as PySide6's importer reads its source
    # An annotation typing resolves; the same text to run is another entry.
    assert eval(cache.compile("1 + 1", "<string>", "eval")) == 2
    assert eval(cache.compile("1 + 1", "<string>", "exec")) is None
    assert cache.compiled == 3
    assert CodeCache(tmp_path / "code.bin").save() is False
    cache.save()
    again = CodeCache(tmp_path / "code.bin")
    assert eval(again.compile("1 + 1", "<string>", "eval")) == 2
    assert again.compiled == 0


#: A caller of ``compile`` that has no future imports, made so (this module has one).
_PLAIN_CALLER = compile(
    "code = cache.compile(source, '<generated>', 'exec')",
    "<plain caller>",
    "exec",
    dont_inherit=True,
)


def test_code_compiles_with_the_future_flags_of_its_caller_and_is_filed_under_them(
    tmp_path: Path,
) -> None:
    cache = CodeCache(tmp_path / "code.bin")
    source = "def f(x: undefined_name) -> None: pass\nnote = f.__annotations__\n"
    plain: dict[str, object] = {"cache": cache, "source": source}
    exec(_PLAIN_CALLER, plain)
    with pytest.raises(NameError):  # annotations evaluated, as the plain caller's would be
        exec(plain["code"], {})
    postponed = cache.compile(source, "<generated>", "exec")  # from here: annotations
    namespace: dict[str, object] = {}
    exec(postponed, namespace)
    assert namespace["note"] == {"x": "undefined_name", "return": "None"}
    assert cache.compiled == 2  # one entry each: neither answers for the other


def test_a_cache_that_cannot_be_written_leaves_nothing_behind(tmp_path: Path) -> None:
    blocker = tmp_path / "not a folder"
    blocker.write_text("a file where the cache folder would be")
    cache = CodeCache(blocker / "code.bin")
    cache.compile("x = 1\n", "<generated x>", "exec")
    assert cache.save() is False
    assert blocker.read_text() == "a file where the cache folder would be"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["not a folder"]


def test_a_failed_write_keeps_the_cache_there_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "code.bin"
    first = CodeCache(path)
    first.compile("x = 1\n", "<generated x>", "exec")
    first.save()
    kept = path.read_bytes()
    second = CodeCache(path)
    second.compile("y = 2\n", "<generated y>", "exec")

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cachefile.os, "replace", full_disk)
    assert second.save() is False
    assert path.read_bytes() == kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["code.bin"]


def test_a_second_start_compiles_none_of_pyside6_s_support_code(tmp_path: Path) -> None:
    script = textwrap.dedent(
        """
        import builtins, sys
        from pathlib import Path
        from cardtable.codecache import install
        original = builtins.compile
        cache = install(Path(sys.argv[1]))
        from PySide6 import QtCore
        print(cache.compiled, builtins.compile is original)
        from shibokensupport.signature import get_signature
        print(get_signature(QtCore.QObject.setObjectName))
        """
    )
    path = tmp_path / "code.bin"
    first = _python(script, str(path)).stdout.splitlines()
    # PySide6 compiles its support modules (which give Qt's functions their signatures)
    # as it is imported; the cache is builtins.compile only while it does.
    assert int(first[0].split()[0]) > 5
    assert first[0].split()[1] == "True"
    second = _python(script, str(path)).stdout.splitlines()
    assert second[0] == "0 True"
    assert second[1] == first[1] == "(self, name: str, /) -> None"


def test_installing_reads_nothing_and_imports_nothing_until_attrs_comes_in(
    tmp_path: Path,
) -> None:
    script = textwrap.dedent(
        """
        import sys
        from pathlib import Path
        from cardtable.codecache import install
        cache = install(Path(sys.argv[1]))
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("attr", "attrs", "cattrs")))
        print(cache.compiled, cache._codes is None)
        import attrs
        print(cache.compiled > 0, attrs.__name__)
        """
    )
    done = _python(script, str(tmp_path / "code.bin"))
    # attrs' own classes (its validators, say) are made as it is imported: hooked before that.
    assert done.stdout.splitlines() == ["[]", "0 True", "True attrs"]
    assert (tmp_path / "code.bin").exists()


def test_a_module_imported_through_the_hook_keeps_its_own_loader_s_answers(
    tmp_path: Path,
) -> None:
    script = textwrap.dedent(
        """
        import inspect, sys
        from pathlib import Path
        from cardtable.codecache import install
        install(Path(sys.argv[1]))
        import attr._make as made
        print(made.compile.__qualname__, made.hash.__name__)
        print("def _make_init" in inspect.getsource(made), made.__spec__.origin == made.__file__)
        """
    )
    done = _python(script, str(tmp_path / "code.bin"))
    assert done.stdout.splitlines() == ["CodeCache.compile stable_hash", "True True"]


def test_each_version_and_python_has_its_own_file() -> None:
    name = codecache.cache_file().name
    from cardtable import __version__

    assert __version__ in name
    assert sys.implementation.cache_tag in name


def test_writing_the_cache_removes_the_files_of_other_versions(tmp_path: Path) -> None:
    mine = tmp_path / "generated-code-0.2.0.cpython-311.bin"
    older = tmp_path / "generated-code-0.1.0.cpython-311.bin"
    older.write_bytes(b"stale")
    other = tmp_path / "cards-96.png"
    other.write_bytes(b"not ours")
    cache = CodeCache(mine)
    cache.compile("x = 1\n", "<generated x>", "exec")
    assert cache.save() is True
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([mine.name, other.name])


#: A module that compiles patterns as it is imported (of every kind ``re`` takes), and a
#: script that imports it with the cache installed, then compiles one pattern at run time.
_PATTERNS = textwrap.dedent(
    r'''
    import re
    WORD = re.compile(r"(?P<word>\w+)-(?P<n>\d+)")
    LOOSE = re.compile(r"""
        (?P<key>[a-z]+) \s* = \s* (?P<value>.*)   # KEY = VALUE
    """, re.VERBOSE | re.IGNORECASE)
    INLINE = re.compile(r"(?m)^(?:ab|cd)+$")
    RAW = re.compile(rb"\x00(?P<tag>[A-Z]{2,4})\x00")
    '''
)
_USE_PATTERNS = textwrap.dedent(
    """
    import json, re, sys
    from pathlib import Path
    from cardtable.codecache import install
    sys.path.insert(0, sys.argv[2])
    cache = install(Path(sys.argv[1]))
    import patterns
    at_import = cache.compiled
    typed = re.compile(sys.argv[3])  # as if a player had typed it
    print(json.dumps({
        "at_import": at_import,
        "after": cache.compiled,
        "word": patterns.WORD.match("deck-12").groupdict(),
        "loose": patterns.LOOSE.match("NAME = Bea").group("value"),
        "inline": bool(patterns.INLINE.search("x\\nabcdab\\ny")),
        "raw": patterns.RAW.search(b"..\\x00ACE\\x00").group("tag").decode(),
        "typed": bool(typed.fullmatch("Bea")),
        "groups": [patterns.WORD.groups, sorted(patterns.LOOSE.groupindex)],
    }))
    """
)


def test_patterns_a_module_compiles_as_it_is_imported_are_compiled_once(
    tmp_path: Path,
) -> None:
    (tmp_path / "patterns.py").write_text(_PATTERNS)
    path = tmp_path / "code.bin"
    runs = [
        json.loads(_python(_USE_PATTERNS, str(path), str(tmp_path), "B[a-z]+").stdout)
        for _ in range(2)
    ]
    assert runs[0]["at_import"] >= 4
    assert runs[1]["at_import"] == 0  # the second start compiles none of them
    for run in runs:
        assert run["word"] == {"word": "deck", "n": "12"}
        assert run["loose"] == "Bea"
        assert run["inline"] is True and run["raw"] == "ACE" and run["typed"] is True
        assert run["groups"] == [2, ["key", "value"]]
    # The pattern compiled at run time (a player's) is compiled, never kept.
    assert runs[1]["after"] == 0
    assert b"B[a-z]+" not in path.read_bytes()


@pytest.mark.parametrize(
    ("pattern", "flags"),
    [
        (r"(?P<word>\w+)-(?P<n>\d+)", 0),
        (r"(?i)caf[eé]\b", 0),
        (r" (?P<a> x ) | y  # a comment", re.VERBOSE),
        (rb"[\x00-\x1f]+", 0),
        (r"^\s*$", re.MULTILINE | re.ASCII),
    ],
)
def test_a_pattern_from_the_cache_is_the_pattern_re_compiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pattern: str | bytes, flags: int
) -> None:
    monkeypatch.setattr(codecache, "_in_import", lambda frame: True)  # as an import would
    path = tmp_path / "code.bin"
    writer = CodeCache(path)
    writer.known()
    writer._patterns[(pattern, int(flags))] = (1, 2)  # of another shape: compiled anew
    first = writer.pattern(pattern, flags)
    assert first == codecache._compile_pattern(pattern, flags)  # program, flags and all
    assert writer.compiled == 1
    assert writer.save() is True
    reader = CodeCache(path)
    again = reader.pattern(pattern, flags)
    assert reader.compiled == 0
    assert again == first and again.groupindex == first.groupindex


def test_a_pattern_made_anew_in_each_process_is_not_kept_beyond_its_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(codecache, "_in_import", lambda frame: True)  # as an import would
    path = tmp_path / "code.bin"
    first = CodeCache(path)
    first.pattern("(a|b)+", 0)  # the order of a set, as tokenize's prefixes
    first.pattern("kept", 0)
    first.save()
    second = CodeCache(path)
    second.pattern("(b|a)+", 0)
    second.pattern("kept", 0)
    assert second.compiled == 1
    second.save()
    third = CodeCache(path)
    third.known()
    assert sorted(third._patterns) == [("(b|a)+", 0), ("kept", 0)]


def test_installed_before_platformdirs_is_imported_it_still_finds_its_folder(
    tmp_path: Path,
) -> None:
    # The cache's folder comes from platformdirs, whose import compiles a pattern: were the
    # folder looked up only then, platformdirs would be asked for it half imported.
    script = textwrap.dedent(
        """
        import sys
        from cardtable.codecache import install
        assert "platformdirs" not in sys.modules
        cache = install()
        import platformdirs, re
        re.compile("a pattern compiled afterwards")
        print(cache.path)
        """
    )
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "", "HOME": str(tmp_path)}
    done = _python(script, **env)
    assert done.stdout.strip().startswith(str(tmp_path / "cardtable"))
