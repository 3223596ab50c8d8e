"""The compiled modules (lexc.compiled, built by mypyc) against their Python source, on real word lists.

Each language's list is a sample of a real source (a Debian word list, or a Hunspell dictionary read
through lexc's expander) written to ``tmp_path``; ``lexc build LANG --name sample --source FILE`` runs
twice in a child process, once with the compiled modules and once with ``LEXC_PURE=1`` (the ``.py``
sources), and every file written (the pack, its two walks, the list of ambiguous tilings) must be the
same bytes. Skipped where nothing is compiled (no C compiler at install, or the suite run with
``LEXC_PURE=1``): then there is only one path.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexc.compiled import MODULES, compiled, pure_requested

REPO = Path(__file__).resolve().parent.parent

#: language -> (a real source, how many of its lines, every how many-th line): Latin lists with accents and
#: ligatures (fr, es), multi-letter tiles with choices of tiling (hu: CS GY LY NY SZ TY ZS; es: CH LL RR), a
#: scheme spelled by context (ru: Е is YE after a vowel) and plain A-Z (en).
SAMPLES = {
    "en": ("/usr/share/dict/american-english-huge", 4000, 23),
    "fr": ("/usr/share/dict/french", 4000, 17),
    "es": ("/usr/share/hunspell/es_ES.dic", 1500, 13),
    "hu": ("/usr/share/hunspell/hu_HU.dic", 4000, 11),  # its stems as a word list (hu.toml: affixes = "none")
    "ru": ("/usr/share/hunspell/ru_RU.dic", 1500, 31),
}


def _sample(lang: str, folder: Path) -> Path:
    """A sample of ``lang``'s source in ``folder``: every n-th line; a .dic keeps its count line and its .aff."""
    source, count, step = SAMPLES[lang]
    path = Path(source)
    if not path.exists():
        pytest.skip(f"{source} is not installed")
    lines = path.read_bytes().splitlines()
    out = folder / path.name
    if lang == "hu":  # stems, lower-case ones only, without their flags
        stems = [line.split(b"/")[0] for line in lines[1::step]]
        out = out.with_suffix(".txt")
        out.write_bytes(b"\n".join([s for s in stems if s[:1].islower()][:count]) + b"\n")
    elif path.suffix == ".dic":
        picked = lines[1::step][:count]
        out.write_bytes(b"\n".join([str(len(picked)).encode(), *picked]) + b"\n")
        (folder / path.with_suffix(".aff").name).write_bytes(path.with_suffix(".aff").read_bytes())
    else:
        out.write_bytes(b"\n".join(lines[::step][:count]) + b"\n")
    return out


def _run(code: str, *args: str, pure: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "LEXC_PURE"}
    if pure:
        env["LEXC_PURE"] = "1"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=REPO,
                          check=False)


def _build(lang: str, source: Path, packs: Path, *, pure: bool) -> dict[str, str]:
    """``lexc build`` of ``source`` under the name ``sample`` into ``packs``: SHA-256 of every file written."""
    code = "import sys; from lexc.cli.launch import main; sys.argv[0] = 'lexc'; sys.exit(main())"
    done = _run(code, "build", lang, "--name", "sample", "--source", str(source), "--packs", str(packs), "--quiet",
                "--jobs", "1", pure=pure)
    assert done.returncode == 0, done.stderr
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(packs.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def compiled_modules() -> list[str]:
    found = compiled()
    if not found:
        why = "LEXC_PURE is set" if pure_requested() else "no module is compiled in this install (no C compiler?)"
        pytest.skip(f"{why}: one path only, nothing to compare")
    return found


def test_the_one_list_is_what_the_build_compiles() -> None:
    """hatch_build.py reads lexc.compiled.MODULES as text (no import of lexc at build time): the same list,
    each a module of the source tree."""
    spec = importlib.util.spec_from_file_location("hatch_build", REPO / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    assert hook.modules() == list(MODULES)
    assert all(p.is_file() for p in hook.sources())
    assert "lexc.language.normalize" in MODULES and "lexc.lexicon.walk" in MODULES


def test_lexc_pure_runs_the_sources(compiled_modules: list[str]) -> None:
    code = "import json, lexc; from lexc.compiled import compiled; print(json.dumps(compiled()))"
    assert json.loads(_run(code, pure=False).stdout) == compiled_modules
    assert json.loads(_run(code, pure=True).stdout) == []
    # a module run from source under LEXC_PURE is the .py file itself
    where = "import lexc.language.normalize as m; print(m.__file__)"
    assert _run(where, pure=True).stdout.strip().endswith("normalize.py")
    assert not _run(where, pure=False).stdout.strip().endswith(".py")


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_compiled_and_pure_packs_are_the_same_bytes(lang: str, tmp_path: Path, compiled_modules: list[str]) -> None:
    source = _sample(lang, tmp_path)
    fast = _build(lang, source, tmp_path / "compiled", pure=False)
    slow = _build(lang, source, tmp_path / "pure", pure=True)
    assert {f"{lang}@sample.lexc", f"{lang}@sample.board.walk", f"{lang}@sample.tiles.walk"} <= set(fast)
    assert fast == slow
