"""lexc build on every core: the same packs, byte for byte, whether compiled in parallel or one by one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
LEXC = Path(sys.executable).parent / "lexc"


def _spec_with_list(tmp_path: Path, code: str, words: list[str]) -> Path:
    """A copy of a shipped spec whose only source is a small word list of ours."""
    text = (REPO / "languages" / f"{code}.toml").read_text(encoding="utf-8")
    text = text.split("\n[[lexicon]]")[0]
    listing = tmp_path / f"{code}-words.txt"
    listing.write_text("\n".join(words) + "\n", encoding="utf-8")
    (tmp_path / "specs").mkdir(exist_ok=True)
    spec = tmp_path / "specs" / f"{code}.toml"
    spec.write_text(text + f'\n[[lexicon]]\nkind = "wordlist"\npath = "{listing}"\n', encoding="utf-8")
    return spec


def _build(specs: list[Path], packs: Path, jobs: int) -> Any:
    args = [str(LEXC), "build", "--packs", str(packs), "--jobs", str(jobs), "--json"]
    for spec in specs:
        args += ["--spec", str(spec)]
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEXC_")}
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_parallel_and_serial_builds_write_the_same_bytes(tmp_path: Path) -> None:
    specs = [_spec_with_list(tmp_path, "es", ["churro", "ñandú", "carro", "llama", "chico"]),
             _spec_with_list(tmp_path, "ru", ["щи", "борщ", "москва", "ёж", "съесть"]),
             _spec_with_list(tmp_path, "fr", ["élève", "whisky", "cœur", "maïs"])]
    serial, parallel = tmp_path / "serial", tmp_path / "parallel"
    one = _build(specs, serial, 1)
    many = _build(specs, parallel, 3)
    assert [p["lang"] for p in one["packs"]] == [p["lang"] for p in many["packs"]] == ["es", "ru", "fr"]
    assert many["failed"] == {} and [p["boards"] for p in many["packs"]] == [5, 5, 4]
    for code in ("es", "ru", "fr"):
        assert (serial / f"{code}.lexc").read_bytes() == (parallel / f"{code}.lexc").read_bytes()


def test_a_failed_language_does_not_stop_the_others(tmp_path: Path) -> None:
    good = _spec_with_list(tmp_path, "es", ["churro", "carro"])
    bad = _spec_with_list(tmp_path, "fr", ["élève"])
    (tmp_path / "fr-words.txt").unlink()
    args = [str(LEXC), "build", "--packs", str(tmp_path / "packs"), "--jobs", "2", "--json",
            "--spec", str(good), "--spec", str(bad)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert [p["lang"] for p in report["packs"]] == ["es"] and "fr-words.txt" in report["failed"]["fr"]
    assert (tmp_path / "packs" / "es.lexc").is_file() and not (tmp_path / "packs" / "fr.lexc").exists()


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def _run(*args: str, packs: Path) -> subprocess.CompletedProcess[str]:
    """A lexc command reading the specs of ``packs/../specs`` (``$LEXC_LANGUAGES``), as the packs were built."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEXC_")}
    env["LEXC_LANGUAGES"] = str(packs.parent / "specs")
    return subprocess.run([str(LEXC), *args, "--packs", str(packs)], capture_output=True, text=True, env=env,
                          timeout=300)


def test_build_writes_the_walks_and_reading_commands_work_on_a_read_only_packs_folder(tmp_path: Path) -> None:
    from lexc.catalog import Catalog
    from lexc.lexicon.compiler import compile_pack
    from lexc.lexicon.sources import default_sources

    specs = [_spec_with_list(tmp_path, "en", ["quite", "quiet", "qi", "whisky", "it", "tie", "ties"]),
             _spec_with_list(tmp_path, "fr", ["whisky", "élève", "quitte", "tu"])]
    packs = tmp_path / "packs"
    _build(specs, packs, 2)
    assert sorted(p.name for p in packs.iterdir()) == [
        "en.board.walk", "en.lexc", "en.tiles.walk", "fr.board.walk", "fr.lexc", "fr.tiles.walk"]
    # the pack itself is the bytes compile_pack writes alone: the walks are files beside it
    catalog = Catalog.shipped(packs=tmp_path / "alone", specs=specs)
    (tmp_path / "alone").mkdir()
    compile_pack(catalog.language("fr"), default_sources(catalog.spec("fr")), tmp_path / "alone" / "fr.lexc")
    assert (tmp_path / "alone" / "fr.lexc").read_bytes() == (packs / "fr.lexc").read_bytes()

    game = tmp_path / "games" / "g.gcg"
    game.parent.mkdir()
    assert _run("game", "new", str(game), "--players", "ann,bob", "--deal", "7",
                packs=packs).returncode == 0
    for walks in ("kept", "removed"):
        before = _snapshot(packs)
        packs.chmod(0o555)  # a system-wide install: nobody may write here (root still could: the snapshot checks)
        try:
            best = _run("best", "--ruleset", "polyglot", "--langs", "en,fr", "WHISKY", "--top", "1", "--json",
                        packs=packs)
            assert best.returncode == 0, best.stderr
            top = json.loads(best.stdout)["moves"][0]
            assert (top["play"], top["score"]) == ("H4 WHISKY @fr", 92), walks
            ordinary = _run("best", "--lang", "fr", "QUITTE", "--top", "1", packs=packs)
            assert ordinary.returncode == 0 and "QUITTE" in ordinary.stdout, ordinary.stderr
            anagram = _run("anagram", "en", "ETIUQ", packs=packs)
            assert anagram.returncode == 0 and "QUIET" in anagram.stdout and "QUITE" in anagram.stdout, anagram.stderr
            pattern = _run("pattern", "en", "QUI??", packs=packs)
            assert pattern.returncode == 0 and "QUIET" in pattern.stdout, pattern.stderr
            hint = _run("game", "hint", str(game), "--langs", "en,fr", "--json", packs=packs)
            assert hint.returncode == 0, hint.stderr
            assert json.loads(hint.stdout)["player"] == "ann"
        finally:
            packs.chmod(0o755)
        assert _snapshot(packs) == before, walks  # nothing written, nothing touched
        for walk in packs.glob("*.walk"):
            walk.unlink()
    # a FIFO where a walk should be: never waited on (nobody writes to it), the walk is built in memory
    os.mkfifo(packs / "en.board.walk")
    done = _run("anagram", "en", "ETIUQ", packs=packs)
    assert done.returncode == 0 and "QUIET" in done.stdout, done.stderr
