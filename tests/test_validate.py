"""``lexc validate``: every broken spec in tests/bad_specs/ is named with file, line and key.

Each file of the gallery says what is wrong with it in ``# expect: LINE KEY | TEXT``
comments (one per problem); the checker must report exactly those problems.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.errors import LexcError
from lexc.language.spec import load_spec
from lexc.language.validate import validate
from lexc.paths import shipped_dir

CATALOG = Catalog.shipped()

GALLERY = Path(__file__).parent / "bad_specs"
BAD_SPECS = sorted(GALLERY.glob("*.toml"))
EXPECT = re.compile(r"^# expect: (\d+) (\S+) \| (.+)$")


def expectations(path: Path) -> list[tuple[int, str, str]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = EXPECT.match(line)
        if match:
            found.append((int(match.group(1)), match.group(2), match.group(3)))
    return found


def cli(*args: str, env: dict[str, str] | None = None):
    return CliRunner(env=env).invoke(app, list(args))


def test_the_gallery_is_large_and_every_case_says_what_it_expects():
    assert len(BAD_SPECS) >= 12
    for path in BAD_SPECS:
        assert expectations(path), f"{path.name} has no '# expect:' line"


@pytest.mark.parametrize("path", BAD_SPECS, ids=lambda p: p.stem)
def test_each_broken_spec_is_rejected_with_the_expected_problems(path):
    (report,) = validate(CATALOG, [path])
    assert not report.ok
    got = [(p.file, p.line, p.key, p.message) for p in report.problems]
    for line, key, text in expectations(path):
        assert any(f == str(path) and ln == line and k == key and text in m for f, ln, k, m in got), (
            f"expected {line} {key} | {text}\n got {got}")
    assert len(got) == len(expectations(path)), got


@pytest.mark.parametrize("path", BAD_SPECS, ids=lambda p: p.stem)
def test_the_cli_names_file_line_and_key_and_exits_1(path):
    result = cli("validate", str(path))
    assert result.exit_code == 1
    for line, key, _ in expectations(path):
        assert f"error: {path}:{line}: {key}: " in result.output
    assert "Traceback" not in result.output
    assert "1 files checked, 1 with problems" in result.output


def test_loading_a_broken_spec_raises_lexc_error_listing_every_problem():
    path = GALLERY / "wrong_type_official.toml"
    with pytest.raises(LexcError) as err:
        load_spec(path)
    assert [(p.line, p.key) for p in err.value.problems] == [(8, "official"), (14, "tiles.B.count")]


def test_json_report_has_file_line_key_and_message():
    path = GALLERY / "count_zero.toml"
    result = cli("validate", "--json", str(path))
    assert result.exit_code == 1
    (report,) = json.loads(result.stdout)
    assert report["ok"] is False and report["kind"] == "spec" and report["file"] == str(path)
    assert report["problems"] == [{
        "file": str(path), "line": 13, "key": "tiles.Q.count",
        "message": "must be at least 1, not 0 (leave out tiles that are not in the bag)",
    }]


def test_a_good_spec_gets_one_summary_line():
    path = shipped_dir("languages") / "es.toml"
    result = cli("validate", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"ok  {path}: es Spanish: 28 tiles, 100 in the bag with 2 blanks, official values"]


def test_a_directory_is_checked_file_by_file_and_one_bad_file_fails_the_run(tmp_path):
    shutil.copy(shipped_dir("languages") / "en.toml", tmp_path / "en.toml")
    shutil.copy(GALLERY / "negative_points.toml", tmp_path / "zz.toml")
    result = cli("validate", str(tmp_path))
    assert result.exit_code == 1
    assert f"ok  {tmp_path / 'en.toml'}: en English: 26 tiles, 100 in the bag" in result.output
    assert f"error: {tmp_path / 'zz.toml'}:12: tiles.Z.points: must not be negative" in result.output
    assert "2 files checked, 1 with problems" in result.output


def test_a_spec_in_a_folder_must_be_named_after_its_code(tmp_path):
    (tmp_path / "xx.toml").write_bytes((shipped_dir("languages") / "es.toml").read_bytes())
    result = cli("validate", str(tmp_path))
    assert result.exit_code == 1
    assert f"{tmp_path / 'xx.toml'}:3: code: code 'es' does not match the file name 'xx.toml'" in result.output
    # Named on its own (--spec, or a file argument), a spec is known by its code whatever its file name.
    assert cli("validate", str(tmp_path / "xx.toml")).exit_code == 0


def test_a_missing_file_and_a_non_utf8_file_are_reported_without_traceback(tmp_path):
    latin1 = tmp_path / "xx.toml"
    latin1.write_bytes('code = "xx"\nname = "Espa\u00f1ol"\n'.encode("latin-1"))
    result = cli("validate", str(tmp_path / "nowhere.toml"), str(latin1))
    assert result.exit_code == 1
    assert f"error: {tmp_path / 'nowhere.toml'}: no such file" in result.output
    assert f"error: {latin1}:2: name: not UTF-8" in result.output
    assert "Traceback" not in result.output


UNOFFICIAL = """\
# A draft set with no official values: counts only, English values apply (Polyglot rule 1).
code = "mt"
name = "Maltese"
native_name = "Malti"
script = "Latin"
locale = "mt"
official = false
blanks = 2
sources = []

[tiles]
A = { count = 9 }
"Ċ" = { count = 1 }
"GĦ" = { count = 1 }
"Ħ" = { count = 1 }
IE = { count = 1, points = 3 }

[folds]
"Ħ" = "H"
"""


def test_a_spec_without_official_values_may_leave_out_points(tmp_path):
    path = tmp_path / "mt.toml"
    path.write_text(UNOFFICIAL, encoding="utf-8")
    spec = load_spec(path)
    assert not spec.official and spec.sources == ()
    assert [t.to_json() for t in spec.tiles] == [
        {"face": "A", "count": 9, "points": None},
        {"face": "Ċ", "count": 1, "points": None},
        {"face": "GĦ", "count": 1, "points": None},
        {"face": "Ħ", "count": 1, "points": None},
        {"face": "IE", "count": 1, "points": 3},
    ]
    assert spec.total_tiles == 15
    result = cli("validate", str(path))
    assert result.exit_code == 0, result.output
    summary = "mt Maltese: 5 tiles, 15 in the bag with 2 blanks, no official values (English values apply)"
    assert summary in result.output


def test_without_the_fold_the_unofficial_draft_is_rejected_once_on_the_letter(tmp_path):
    path = tmp_path / "mt.toml"
    path.write_text(UNOFFICIAL.replace('[folds]\n"Ħ" = "H"\n', ""), encoding="utf-8")
    (report,) = validate(CATALOG, [path])
    # Ħ is a tile of its own: the problem is reported there, not again on GĦ.
    assert [(p.line, p.key) for p in report.problems] == [(15, "tiles.Ħ")]


def test_the_real_console_script_reports_and_exits_1():
    script = Path(sys.executable).with_name("lexc")
    if not script.exists():
        pytest.skip("console script not installed next to the interpreter")
    path = GALLERY / "unspellable_letter.toml"
    done = subprocess.run([str(script), "validate", str(path)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"}, timeout=60)
    assert done.returncode == 1
    assert f"error: {path}:13: tiles.Ł: letter 'Ł' (U+0141) cannot be spelled with A–Z" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_spec_naming_a_scheme_that_does_not_exist_gets_the_line_of_its_scheme_key(tmp_path):
    source = shipped_dir("languages") / "ru.toml"
    if not source.exists():
        pytest.skip("ru.toml is written by the normalisation work")
    text = re.sub(r'(?m)^scheme = ".*"$', 'scheme = "ru-nosuch"', source.read_text(encoding="utf-8"))
    (tmp_path / "ru.toml").write_text(text, encoding="utf-8")
    line = 1 + text.splitlines().index('scheme = "ru-nosuch"')
    result = cli("validate", str(tmp_path / "ru.toml"))
    assert result.exit_code == 1
    expected = f"error: {tmp_path / 'ru.toml'}:{line}: scheme: no scheme 'ru-nosuch' in the catalog's transliterations"
    assert expected in result.output
