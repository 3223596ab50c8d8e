"""Files that change while they are read, signals, long words (issue 27, class 9).

Real processes and real files: a word list removed while its pack is compiled, SIGTERM sent to a
parallel build's whole process group while a worker writes its pack, words of 3,000 letters in
``lexc translit``. Each is a clear message and a non-zero exit, never a traceback, and leaves
nothing behind. (Malformed Hunspell flags and pack headers of the wrong shape are in the gallery.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.lexicon import reading

REPO = Path(__file__).resolve().parent.parent
LEXC = Path(sys.executable).with_name("lexc")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="signals, process groups")


def test_a_word_list_removed_while_it_is_read_is_named(tmp_path, monkeypatch):
    words = tmp_path / "words.txt"
    words.write_text("".join(f"{w}\n" for w in ("quite", "whisky", "jinx", "fjord", "quiz") * 200), encoding="utf-8")
    real = reading.open_stream

    def removed_while_read(path, what):  # the user deletes the list while lexc reads it
        handle = real(path, what)
        words.unlink()
        return handle

    monkeypatch.setattr(reading, "open_stream", removed_while_read)
    out = tmp_path / "en.lexc"
    done = CliRunner().invoke(app, ["compile", "en", str(words), "-o", str(out), "--quiet"])
    assert done.exit_code == 1 and "Traceback" not in done.output
    assert done.output == f"error: {words}: vanished while lexc read it (deleted or renamed during the build): " \
                          "nothing was written\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "no pack, no temporary file"


#: Installed in every process of the build (the spawned workers too): at a worker's fsync of its pack,
#: SIGTERM to the whole process group, as a service manager, ``timeout`` or a closed terminal sends it.
SITE = """
import os, signal
if os.environ.get("LEXC_TEST_TERM_AT_FSYNC"):
    _fsync = os.fsync
    def fsync(fd):
        os.killpg(os.getpgid(0), signal.SIGTERM)
        _fsync(fd)
    os.fsync = fsync
"""


def test_sigterm_to_a_parallel_build_leaves_no_temporary_file(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SITE, encoding="utf-8")
    folder = tmp_path / "lists"
    folder.mkdir()
    specs = []
    for code in ("en", "fr"):  # two small languages of their own: the shipped specs with a short list each
        source = Catalog.shipped().language(code).spec.path
        assert source is not None
        words = folder / f"{code}.txt"
        words.write_text("cat\ndog\nfjord\nquiz\n", encoding="utf-8")
        text = source.read_text(encoding="utf-8")
        head, _, _ = text.partition("[[lexicon]]")
        spec = folder / f"{code}.toml"
        spec.write_text(head + f'[[lexicon]]\nkind = "wordlist"\npath = "{words.name}"\n', encoding="utf-8")
        specs += ["--spec", str(spec)]
    packs = tmp_path / "packs"
    packs.mkdir()
    env = {**os.environ, "LEXC_TEST_TERM_AT_FSYNC": "1", "PYTHONPATH": f"{site}{os.pathsep}{REPO}"}
    script = [str(LEXC)] if LEXC.exists() else [sys.executable, "-m", "lexc"]
    done = subprocess.run([*script, "build", "en", "fr", *specs, "--packs", str(packs), "--jobs", "2", "--quiet"],
                          capture_output=True, text=True, env=env, timeout=300, start_new_session=True, check=False)
    assert done.returncode in (143, -signal.SIGTERM), done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in packs.iterdir()) == [], "a temporary pack was left behind"


@pytest.mark.parametrize(("lang", "word"), [("en", "a" * 3000), ("es", "ch" * 1500), ("hu", "sz" * 1500)])
def test_translit_of_a_word_of_3000_letters_answers(lang, word):
    done = CliRunner().invoke(app, ["translit", lang, word, "--json"])
    assert done.exit_code == 0, done.output[-500:]
    assert "RecursionError" not in done.output and "Traceback" not in done.output
    assert word.upper() in done.output
