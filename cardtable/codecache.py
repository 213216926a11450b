"""A disk cache of the code attrs, cattrs and PySide6 compile at every start, and of the
regular expressions modules compile as they are imported, so that a start does not compile
them anew.

attrs writes the ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__`` of each class as
Python source and compiles it when the class is defined; cattrs does the same for each
structuring function the first time a session is loaded. Cardtable defines about a hundred
such classes on its way to a window: compiling their code is about 27 ms of a start of about
300 (more on a slower machine), and the result is the same every time. Python keeps the
compiled form of our modules in ``__pycache__``; this keeps the compiled form of the code
generated from them, in one file of the user's cache folder. PySide6 is the same case: its
support package (``shibokensupport``) lives as source inside its library, and each start
compiles it (about 14 ms) as ``shiboken6.Shiboken`` is imported. Regular expressions too:
the modules of a start (PySide6's support most) compile some fifty as they are imported,
about 15 ms; Python's ``re`` keeps them for the process only.

:func:`install` (the app calls it as it starts, before it imports Qt) hands attrs and cattrs,
as they are imported, a ``compile`` that answers from the cache; while ``shiboken6.Shiboken``
is imported, that ``compile`` is the builtin one; and ``re`` gets a compiler of patterns that
answers from it (the program ``re`` makes of a pattern, handed to its engine as ``re`` would).
A source or pattern it has not seen is compiled as usual and, when the process ends, added to
the file (written anew whole); a pattern only if a module's import compiled it, so that no
pattern made from what a player types is kept. Each version of Cardtable has its own file
(writing it removes the others), so code no longer generated after an upgrade is not carried
along. An entry is keyed by the digest of the exact source, the file name and the future flags
(those the calling code would have passed on), a pattern by its text and flags, and the file
is stamped with the Python bytecode version and that of ``re``'s engine, so a stale or foreign
entry is never used; a file that cannot be read is ignored (and replaced), one that cannot be
written is left alone: the app starts either way, only slower.
"""

from __future__ import annotations
import __future__

import _sre
import atexit
import builtins
import contextlib
import importlib.util
import marshal
import re
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

from cardtable import __version__, cachefile

try:  # Python's own BLAKE2: hashlib would first start OpenSSL
    from _blake2 import blake2b
except ImportError:  # a Python built without it
    from hashlib import blake2b

#: The modules whose calls to ``compile`` go through the cache: they compile the code that
#: attrs and cattrs generate (cattrs' own structuring functions live in ``cattrs.gen``), and
#: ``typing`` the annotations written as text that attrs and cattrs ask it to resolve.
HOOKED = ("attr._make", "cattrs.gen", "cattrs.gen.typeddicts", "typing")
#: The modules that salt their code with ``hash(str)``, which differs from one process to the
#: next (attrs writes a class's ``__hash__`` with ``hash`` of the class's name in it): they are
#: given a hash of strings that stays the same, so that their code is the same from run to run.
SALTED = ("attr._make",)
#: The modules during whose import ``builtins.compile`` itself goes through the cache: the
#: code that compiles (PySide6's embedded importer, run by this extension module's start)
#: cannot be handed a ``compile`` of its own before it runs.
COMPILING = ("shiboken6.Shiboken",)
#: How the cache files in the user's cache folder are named (then the version and Python's).
FILE_PREFIX = "generated-code-"
#: Stamped on the file: code objects are only valid for the bytecode they were made for, and
#: a pattern's program for the engine that runs it.
STAMP = importlib.util.MAGIC_NUMBER + _sre.MAGIC.to_bytes(4, "little")
#: The ``compile`` flags of the ``from __future__`` imports that still change how code
#: compiles (``annotations``), which a call to ``compile`` passes on from the calling code.
FUTURE_FLAGS = 0
for _name in __future__.all_feature_names:
    _feature: __future__._Feature = getattr(__future__, _name)
    if (_feature.getMandatoryRelease() or (99,)) > sys.version_info:
        FUTURE_FLAGS |= _feature.compiler_flag

_compile = builtins.compile
#: ``re``'s compiler of patterns, and what it is made of (CPython's; None if it differs).
_re_compiler: Any = getattr(re, "_compiler", None)
_compile_pattern: Any = getattr(_re_compiler, "compile", None)
_Key = tuple[str, bytes, int]
_PatternKey = tuple["str | bytes", int]


class CodeCache:
    """Compiled code by ``(file name, source)``, read from and written to ``path``."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        #: By key: the code, or its marshalled form as read (unmarshalled when first asked
        #: for: a start asks for a fraction of what the file holds).
        self._codes: dict[_Key, CodeType | bytes] | None = None
        #: By pattern and flags: what ``re``'s engine is given for it (marshalled as read).
        self._patterns: dict[_PatternKey, tuple[Any, ...] | bytes] = {}
        #: The patterns this run asked for: the only ones written. Some modules make a
        #: pattern anew in each process (``tokenize`` joins a set of prefixes, whose order
        #: follows the salted hash of strings); kept, each run would add one.
        self._patterns_used: set[_PatternKey] = set()
        #: Sources compiled in this run, that the file did not have.
        self.compiled = 0

    @property
    def path(self) -> Path:
        """The file (the user's cache folder's, unless one was given)."""
        if self._path is None:
            self._path = cache_file()
        return self._path

    def known(self) -> dict[_Key, CodeType | bytes]:
        """The compiled code by key (or its marshalled form), read from the file the first
        time it is asked for."""
        if self._codes is None:
            # Reading imports (the cache folder's name), and an import compiles patterns:
            # those asked for meanwhile are compiled as if the file were empty, and kept.
            self._codes = {}
            codes, patterns = _read(self.path)
            self._codes = {**codes, **self._codes}
            self._patterns = {**patterns, **self._patterns}
        return self._codes

    def compile(
        self,
        source: Any,
        filename: Any,
        mode: str,
        flags: int = 0,
        dont_inherit: bool = False,
        optimize: int = -1,
    ) -> Any:
        """``builtins.compile``, answered from the cache for plain source compiled to run
        (or, an annotation, to evaluate).

        It compiles as the caller's own call would have, with the caller's future flags
        (``from __future__ import annotations``, say). A call that passes ``dont_inherit``,
        as Python's import of a module's source does (it keeps that in ``__pycache__``), is
        passed on as it is."""
        if dont_inherit:
            return _compile(source, filename, mode, flags, dont_inherit, optimize)
        flags |= sys._getframe(1).f_code.co_flags & FUTURE_FLAGS
        if not (
            isinstance(source, (str, bytes))
            and isinstance(filename, str)
            and mode in ("exec", "eval")
            and not flags & ~FUTURE_FLAGS
            and optimize == -1
        ):
            return _compile(source, filename, mode, flags, True, optimize)
        key = (filename, _digest(source, mode), flags)
        known = self.known()
        code = _code(known.get(key), filename)
        if code is None:
            code = _compile(source, filename, mode, flags, True, optimize)
            self.compiled += 1
        known[key] = code
        return code

    def pattern(self, pattern: Any, flags: int = 0) -> Any:
        """``re``'s compiler of patterns (``re._compiler.compile``), answered from the cache
        for a pattern compiled before: the same program, handed to the same engine."""
        if not isinstance(pattern, (str, bytes)) or flags & re.DEBUG:
            return _compile_pattern(pattern, flags)
        self.known()
        key = (pattern, int(flags))
        entry = self._patterns.get(key)
        if isinstance(entry, bytes):
            with contextlib.suppress(EOFError, ValueError, TypeError):
                entry = marshal.loads(entry)
        if isinstance(entry, tuple) and len(entry) == 5:
            try:
                compiled = _sre.compile(pattern, *entry)
            except (TypeError, ValueError, RuntimeError):
                pass  # not a program this engine takes: compiled anew below
            else:
                self._patterns[key] = entry
                self._patterns_used.add(key)
                return compiled
        parsed = _re_compiler._parser.parse(pattern, flags)
        program = _re_compiler._code(parsed, flags)
        names = parsed.state.groupdict
        by_number: list[str | None] = [None] * parsed.state.groups
        for name, number in names.items():
            by_number[number] = name
        entry = (
            int(flags | parsed.state.flags),
            [int(word) for word in program],  # its opcodes are named ints, plain ints to keep
            parsed.state.groups - 1,
            dict(names),
            tuple(by_number),
        )
        if _in_import(sys._getframe(1)):
            self._patterns[key] = entry
            self._patterns_used.add(key)
            self.compiled += 1
        return _sre.compile(pattern, *entry)

    def save(self) -> bool:
        """Write the code the file had and this run compiled, and the patterns this run
        used, if it compiled anything; True if written. The file is replaced whole (a crash
        mid-write leaves the old one)."""
        if not self.compiled:
            return False
        sections = {
            name: _marshalled(section)
            for name, section in (
                ("code", self.known()),
                ("re", {key: self._patterns[key] for key in self._patterns_used}),
            )
        }
        if not cachefile.write(self.path, STAMP, sections, kind=FILE_PREFIX):
            return False
        self.compiled = 0
        return True


def _code(entry: CodeType | bytes | None, filename: str) -> CodeType | None:
    """The code of a cache entry, if it is code made from ``filename``."""
    if isinstance(entry, bytes):
        try:
            entry = marshal.loads(entry)
        except (EOFError, ValueError, TypeError):
            return None
    if isinstance(entry, CodeType) and entry.co_filename == filename:
        return entry
    return None


def _digest(source: str | bytes, mode: str = "exec") -> bytes:
    """What stands for ``source`` compiled in ``mode`` in a key: a digest (BLAKE2, 128 bits),
    so that the file does not hold, and a start does not read, every source again."""
    text = source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")
    kind = b"b" if isinstance(source, bytes) else b"s"
    return blake2b(kind + mode.encode() + b"\0" + text, digest_size=16).digest()


def _marshalled(section: dict[Any, Any]) -> dict[Any, bytes]:
    """``section``'s entries marshalled (those read and never used, as they were read)."""
    kept = {}
    for key, entry in section.items():
        try:
            marshal.dumps(key)
            kept[key] = entry if isinstance(entry, bytes) else marshal.dumps(entry)
        except ValueError:  # not what marshal keeps (a flag of a subclass of int): made anew
            continue
    return kept


def _in_import(frame: Any) -> bool:
    """Whether ``frame`` was called, however deep, by Python's import of a module."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib._bootstrap"):
            return True
        frame = frame.f_back
    return False


def _read(
    path: Path,
) -> tuple[dict[_Key, CodeType | bytes], dict[_PatternKey, tuple[Any, ...] | bytes]]:
    """The code and the patterns' programs in the file at ``path``, still marshalled (none
    if it cannot be read)."""
    sections = cachefile.read(path, STAMP)
    if not isinstance(sections, dict):
        return {}, {}
    code, patterns = sections.get("code"), sections.get("re")
    return (
        {
            key: entry
            for key, entry in (code.items() if isinstance(code, dict) else ())
            if isinstance(key, tuple)
            and len(key) == 3
            and isinstance(key[0], str)
            and isinstance(key[1], bytes)
            and isinstance(key[2], int)
            and isinstance(entry, bytes)
        },
        {
            key: entry
            for key, entry in (patterns.items() if isinstance(patterns, dict) else ())
            if isinstance(key, tuple)
            and len(key) == 2
            and isinstance(key[0], (str, bytes))
            and isinstance(key[1], int)
            and isinstance(entry, bytes)
        },
    )


def cache_file() -> Path:
    """Where the app keeps the cache: the user's cache folder, one file per Python bytecode."""
    name = f"{FILE_PREFIX}{__version__}.{sys.implementation.cache_tag}.bin"
    return cachefile.cache_folder() / name


def stable_hash(value: object) -> int:
    """``hash(value)``, but for a string the same in every process (``hash`` of a string is
    salted anew by each Python process)."""
    if isinstance(value, str):
        return zlib.crc32(value.encode("utf-8", "surrogatepass"))
    return hash(value)


def prepare(module: ModuleType, cache: CodeCache) -> None:
    """Route ``compile`` in ``module`` through ``cache``, and give it :func:`stable_hash` if
    it is one of :data:`SALTED`. A module global is found before the builtin of the same
    name, so nothing else in the module changes."""
    module.compile = cache.compile  # type: ignore[attr-defined]
    if module.__name__ in SALTED:
        module.hash = stable_hash  # type: ignore[attr-defined]


def hook(cache: CodeCache, modules: tuple[str, ...] = HOOKED) -> list[ModuleType]:
    """:func:`prepare` ``modules`` now (importing them); returns the modules hooked. A module
    missing from this version of attrs or cattrs is skipped."""
    hooked = []
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        prepare(module, cache)
        hooked.append(module)
    return hooked


def unhook(modules: list[ModuleType]) -> None:
    """Give ``modules`` back the builtin ``compile`` and ``hash``."""
    for module in modules:
        module.__dict__.pop("compile", None)
        module.__dict__.pop("hash", None)


class _Finder:
    """Finds the modules of :data:`HOOKED` and :data:`COMPILING` as the finders after it do,
    and hands each a loader that serves their ``compile`` from the cache: attrs makes its own
    classes as it is imported."""

    def __init__(self, cache: CodeCache) -> None:
        self.cache = cache

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name not in HOOKED and name not in COMPILING:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                if hasattr(spec.loader, "exec_module"):
                    spec.loader = _Loader(spec.loader, self.cache)
                return spec
        return None


class _Loader:
    """A module's own loader, that prepares a module of :data:`HOOKED` before running its
    code, and loads a module of :data:`COMPILING` with the cache as ``builtins.compile``."""

    def __init__(self, loader: Any, cache: CodeCache) -> None:
        self._loader = loader
        self._cache = cache

    def create_module(self, spec: Any) -> ModuleType | None:
        with self._compiling(spec.name):
            return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        if module.__name__ in HOOKED:
            prepare(module, self._cache)
        with self._compiling(module.__name__):
            self._loader.exec_module(module)

    @contextlib.contextmanager
    def _compiling(self, name: str) -> Iterator[None]:
        if name not in COMPILING:
            yield
            return
        self._cache.known()  # read now: reading imports, and an import may compile
        builtins.compile = self._cache.compile  # type: ignore[assignment]
        try:
            yield
        finally:
            builtins.compile = _compile

    def __getattr__(self, name: str) -> Any:  # get_source, get_resource_reader, ...
        return getattr(self._loader, name)


def install(path: Path | None = None) -> CodeCache:
    """Serve attrs' and cattrs' generated code, and PySide6's support code, from the cache at
    ``path`` (the user's cache folder by default) for the rest of the process, and save it
    when the process ends.

    Nothing is read now, nor imported but platformdirs (to name the file): attrs and cattrs
    are hooked as they are imported (those already imported, at once; PySide6 must not be),
    and the file is read when first needed."""
    for finder in sys.meta_path:
        if isinstance(finder, _Finder) and (path is None or finder.cache.path == path):
            return finder.cache  # installed already
    cache = CodeCache(path)
    # Where the file is, known now: finding out imports, and an import half done when the
    # first pattern is compiled (platformdirs' own) could not then be imported again.
    cache.path  # noqa: B018
    for name in HOOKED:
        module = sys.modules.get(name)
        if module is not None:
            prepare(module, cache)
    sys.meta_path.insert(0, _Finder(cache))
    if all(hasattr(_re_compiler, name) for name in ("compile", "_code", "_parser")):
        _re_compiler.compile = cache.pattern
    atexit.register(cache.save)
    return cache
