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
