"""lexc installs: a wheel (not editable) in a fresh virtual environment, used from elsewhere.

The new environment gets lexc itself from the checkout (``pip install --no-deps``) and its
dependencies from the test environment (a ``.pth`` line naming the test environment's
site-packages, which holds no copy of lexc: the editable install's own ``.pth`` is not read
from there). Packs go to the user's data directory, here under a temporary ``$HOME``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    root = tmp_path_factory.mktemp("install")
    env_dir = root / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "lexc-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    before = sorted(p.name for p in REPO.iterdir())
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", str(REPO)],
                   check=True, cwd=root, capture_output=True)
    assert sorted(p.name for p in REPO.iterdir()) == before  # building the wheel wrote nothing into the checkout
    home = root / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LEXC_", "XDG_", "PYTHON"))}
    env.update(HOME=str(home), PATH=f"{env_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}")
    return root, env


def run(installed: tuple[Path, dict[str, str]], *args: str) -> subprocess.CompletedProcess[str]:
    root, env = installed
    work = root / "elsewhere"
    work.mkdir(exist_ok=True)
    return subprocess.run(list(args), cwd=work, env=env, capture_output=True, text=True, timeout=600)


def test_the_installed_lexc_is_not_the_checkout(installed) -> None:
    done = run(installed, "python", "-c", "import lexc, lexc.paths; print(lexc.__file__, lexc.paths.in_checkout())")
    assert done.returncode == 0, done.stderr
    where, in_checkout = done.stdout.split()
    assert "site-packages" in where and not where.startswith(str(REPO)) and in_checkout == "False"


def test_languages_and_validate_see_every_shipped_file(installed) -> None:
    shipped = sorted(p.stem for p in (REPO / "languages").glob("*.toml"))
    done = run(installed, "lexc", "languages", "--json")
    assert done.returncode == 0, done.stderr
    import json

    assert sorted(s["code"] for s in json.loads(done.stdout)) == shipped
    checked = run(installed, "lexc", "validate")
    files = len(shipped) + len(list((REPO / "transliterations").glob("*.toml")))
    assert checked.returncode == 0, checked.stderr
    assert f"{files} files checked, 0 with problems" in checked.stderr


def test_build_writes_to_the_user_data_directory_and_scores(installed) -> None:
    root, _ = installed
    words = REPO / ".cache" / "words"  # English's npm word list, where the README's set-up fetched it
    built = run(installed, "env", f"LEXC_WORDS={words}", "lexc", "build", "en", "fr", "--quiet", "--json")
    assert built.returncode == 0, built.stderr
    packs = root / "home" / ".local" / "share" / "lexc" / "packs"
    assert (packs / "en.lexc").is_file() and (packs / "fr.lexc").is_file()
    scored = run(installed, "lexc", "score", "--ruleset", "polyglot", "8D WHISKY @fr")
    assert scored.returncode == 0, scored.stderr
    assert scored.stdout.startswith("8D WHISKY @fr: 92 points")
    assert "(no pack for" not in scored.stdout  # the French pack was found in the data directory


def test_python_dash_m_lexc(installed) -> None:
    done = run(installed, "python", "-m", "lexc", "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"lexc {__import__('lexc').__version__}"


def test_the_wheel_carries_the_data(installed) -> None:
    done = run(installed, "python", "-c", "from lexc.paths import shipped_dir; print(shipped_dir('rulesets'))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("lexc/_data/rulesets") and sys.prefix not in done.stdout
