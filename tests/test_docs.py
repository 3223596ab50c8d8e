"""The console examples of README.md and docs/*.md print what they say.

Every fenced block line ``$ lexc ...`` followed by output lines is run (the examples of one
file in order, in a folder of their own, with ``../shared/`` meaning the shared folder beside
the checkout and the real packs of en, de, es, fr and ru built once for the session) and its output
compared line by line: a line ``...`` stands for any number of lines. A ``# comment`` after
the command is the reader's, not the shell's. A command shown without output is not run (it
writes files, starts a server, or its output is described in prose); a block preceded by
``<!-- not run: REASON -->`` is skipped with that reason (timings, machine-dependent figures).
The Python examples (``>>>``) of README.md, docs/architecture.md and docs/game.md run as doctests.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
LEXC = Path(sys.executable).parent / "lexc"


@dataclass(frozen=True)
class Example:
    file: Path
    line: int
    command: str
    expected: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.file.name}:{self.line}"


def _examples(path: Path) -> list[Example]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Example] = []
    in_block, skip = False, False
    i = 0
    while i < len(lines):
        text = lines[i]
        if text.startswith("```"):
            if not in_block:
                skip = i > 0 and lines[i - 1].startswith("<!-- not run")
            in_block = not in_block
            i += 1
            continue
        if in_block and not skip and text.startswith("$ lexc "):
            start = i
            output: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].startswith(("$ ", "```")):
                output.append(lines[i])
                i += 1
            while output and not output[-1].strip():
                output.pop()  # a blank line between examples is the reader's
            if output:
                command = re.sub(r"\s+#\s.*$", "", text[2:])
                found.append(Example(path, start + 1, command, tuple(output)))
            continue
        i += 1
    return found


EXAMPLES = [e for path in DOCS for e in _examples(path)]


def _matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Line-by-line equality where an expected ``...`` line matches any run of lines."""
    pattern = "\n".join(".*?" if line.strip() == "..." else re.escape(line.rstrip()) for line in expected)
    return re.fullmatch(pattern, "\n".join(line.rstrip() for line in actual), re.DOTALL) is not None


@pytest.fixture(scope="session")
def doc_packs(tmp_path_factory) -> Path:
    """The default packs of the languages the examples check words in, built as `lexc build` builds them."""
    folder = tmp_path_factory.mktemp("doc-packs")
    done = subprocess.run([str(LEXC), "build", "en", "de", "es", "fr", "ru", "--packs", str(folder), "--quiet",
                           "--json"],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return folder


def test_the_docs_have_examples() -> None:
    assert len(EXAMPLES) >= 8
    assert {e.file.name for e in EXAMPLES} >= {"README.md", "cli.md"}


@pytest.fixture(scope="session")
def doc_dirs(tmp_path_factory) -> dict[str, Path]:
    """One working folder per documentation file (a game file made by one example is used by the next),
    with ``../shared`` beside it, as beside the checkout."""
    base = tmp_path_factory.mktemp("docs")
    (base / "shared").symlink_to(REPO.parent / "shared")
    folders = {path.name: base / path.stem for path in DOCS}
    for folder in folders.values():
        folder.mkdir()
    return folders


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_console_example(example: Example, doc_packs: Path, doc_dirs: dict[str, Path], shared_dir: Path) -> None:
    args = shlex.split(example.command)
    assert args[0] == "lexc"
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEXC_")}
    env["LEXC_PACKS"] = str(doc_packs)
    done = subprocess.run([str(LEXC), *args[1:]], capture_output=True, text=True, cwd=doc_dirs[example.file.name],
                          env=env, timeout=300)
    actual = (done.stdout + done.stderr).splitlines()
    assert _matches(example.expected, actual), (
        f"{example.id}: {example.command}\n--- documented\n" + "\n".join(example.expected)
        + "\n--- printed\n" + "\n".join(actual))


@pytest.mark.parametrize("path", [REPO / "README.md", REPO / "docs" / "architecture.md", REPO / "docs" / "game.md"],
                         ids=lambda p: p.name)
def test_python_examples(path: Path) -> None:
    failures, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
