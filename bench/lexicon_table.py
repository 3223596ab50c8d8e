"""The table of docs/lexicons.md: per language, what its default pack holds and how close it is to the
official word-game list.

    python bench/lexicon_table.py --packs build            # every language with a pack in build/
    python bench/lexicon_table.py --packs build en nb      # some

For each language with a pack in the folder: where its words come from (source, version, licence, and
whether it is a word-game list), how many board spellings, how many of two and three letters; where
bench/data/official-two-letter.toml holds the official two-letter list, the pack's precision and recall
on it (official words missing, extra words), and where it only names a published list whose words are not
stored, that name ("not stored (ODS8 published)") and, where the list's published count is smaller than the pack's
two-letter spellings, the bound it puts on precision ("≤ 89.7%"), and where some of its words were read (`checked`),
how many of the pack's two-letter spellings they confirm ("17 of the 90 read in it": no precision, a partial check),
unless every one of them was looked up (`checked`, and `absent`: pairs read where they would sort and not there), when
the precision is exact and the recall bounded ("NSF-ordlista (each of the 91 looked up)", 100.0%, "≤ 84.3%");
and where ../shared/gcg holds real games in
the language, the share of their plays whose words the pack all holds (a play with a word it lacks is flagged a
phony).
Prints a Markdown table (and, with --json, the figures).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from itertools import product
from pathlib import Path
from string import ascii_uppercase
from typing import Any

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.language.normalize import Unspellable
from lexc.lexicon.pack import Pack
from lexc.lexicon.provenance import kind_of_list, lexicon_label
from lexc.records import gcg
from lexc.records.replay import designated_languages, game_catalog, replay, resolve_ruleset

HERE = Path(__file__).resolve().parent
OFFICIAL = HERE / "data" / "official-two-letter.toml"
GAMES = HERE.parent.parent / "shared" / "gcg"
#: Folders of ../shared/gcg and the language of their games.
GAME_FOLDERS = {"english": "en", "french": "fr", "german": "de", "polish": "pl"}


def official_lists() -> dict[str, dict[str, Any]]:
    return tomllib.loads(OFFICIAL.read_text(encoding="utf-8"))


def short_words(pack: Pack, length: int) -> set[str]:
    """The board spellings of ``length`` board letters (``lexc pattern LANG ??`` lists the same): every
    string of A–Z that long, looked up (board spellings are A–Z in every language; 17,576 lookups for
    three letters take a fraction of a second, where walking a pack of millions takes minutes)."""
    return {"".join(letters) for letters in product(ascii_uppercase, repeat=length) if "".join(letters) in pack}


def board_spellings(catalog: Catalog, lang: str, words: list[str]) -> set[str]:
    """The board spellings of words read in a list, as it spells them (Polish JĄ and JA are both JA, Norwegian
    DØ is DO); a word the set cannot spell (Norwegian EX: the set has no X) has none, as no pack can hold it."""
    norm = catalog.normaliser(lang)
    spellings = set()
    for word in words:
        try:
            spellings.add(norm.spell(word).board)
        except Unspellable:
            continue
    return spellings


def two_letter_measure(catalog: Catalog, lang: str, twos: set[str], official: dict[str, Any]) -> dict[str, Any]:
    """Precision and recall of a pack's two-letter words on the official list, compared as board spellings: the
    list's words as it spells them (``count``, Polish JA and JĄ) may be fewer board spellings (``official``, JA)."""
    norm = catalog.normaliser(lang)
    words = official["words"].split()
    listed = {norm.spell(word).board for word in words}
    right = twos & listed
    return {"list": official["list"], "count": len(words), "official": len(listed),
            "precision": len(right) / len(twos) if twos else 0.0, "recall": len(right) / len(listed),
            "missing": sorted(listed - twos), "extra": sorted(twos - listed)}


def looked_up(catalog: Catalog, lang: str, pack: Any, twos: set[str],
              official: dict[str, Any]) -> dict[str, Any] | None:
    """Precision of a pack's two-letter words on a list whose words are not stored, where each of the pack's
    two-letter board spellings was looked up in it: confirmed where a word read in the list (``checked``) has that
    board spelling, refuted where every native spelling the pack holds for it (Norwegian AS: ÅS) was shown absent
    (``absent``: read where it would sort, and not there); None while any spelling is neither, so that no
    precision is claimed from a partial check. The list's words the pack lacks are a lower bound on the missing
    (only the words read are known), so no recall is claimed.

    >>> class Packed:  # a pack holding AS only as ÅS, DA as DÅ and DA, and ZZ
    ...     def spellings(self, board):
    ...         return [type("S", (), {"native": n})() for n in {"AS": ["ÅS"], "DA": ["DA", "DÅ"], "ZZ": ["ZZ"]}[board]]
    >>> entry = {"checked": "DÅ EX", "absent": "ÅS AS"}
    >>> looked_up(Catalog.shipped(), "nb", Packed(), {"AS", "DA"}, entry)["precision"]
    0.5
    >>> looked_up(Catalog.shipped(), "nb", Packed(), {"AS", "DA", "ZZ"}, entry) is None  # ZZ: neither read nor absent
    True
    """
    seen = board_spellings(catalog, lang, official["checked"].split())
    confirmed = twos & seen
    absent = set(official.get("absent", "").split())
    refuted = {board for board in twos - confirmed
               if all(spelling.native.upper() in absent for spelling in pack.spellings(board))}
    if confirmed | refuted != twos:
        return None
    return {"confirmed": len(confirmed), "refuted": sorted(refuted), "precision": len(confirmed) / len(twos),
            "seen_missing": sorted(seen - twos)}


def game_recall(catalog: Catalog, lang: str, games: Path) -> dict[str, Any] | None:
    """Plays of the real games in ``lang`` whose every word the pack holds, of all plays."""
    folders = [games / name for name, code in GAME_FOLDERS.items() if code == lang and (games / name).is_dir()]
    if not folders:
        return None
    plays = flagged = files = 0
    for path in sorted(p for folder in folders for p in folder.glob("*.gcg")):
        try:
            record = gcg.read(path)
            here = game_catalog(record, catalog)
            rules = resolve_ruleset(record, here)
            here = here.for_ruleset(rules)
            result = replay(record, here, rules, lexicons=here.lexicons(designated_languages(record, rules)))
        except LexcError:
            continue  # a record the tile set cannot replay is not a measure of the lexicon
        files += 1
        plays += result.plays
        flagged += len({index for index, _, word_lang in result.phonies if word_lang == lang})
    return {"files": files, "plays": plays, "flagged": flagged, "recall": (plays - flagged) / plays if plays else 0.0}


def measure(catalog: Catalog, lang: str, games: Path) -> dict[str, Any]:
    pack = catalog.pack(lang)
    header = pack.header
    twos, threes = short_words(pack, 2), short_words(pack, 3)
    sources = [{"name": s.get("name"), "package": s.get("package"), "licence": s.get("licence"),
                "version": s.get("version")} for s in header.get("sources", [])]
    row: dict[str, Any] = {"lang": lang, "name": catalog.spec(lang).name, "kind": kind_of_list(header),
                           "source": lexicon_label(header), "sources": sources, "words": len(pack),
                           "twos": len(twos), "threes": len(threes)}
    official = official_lists().get(lang)
    row["two_letter"] = two_letter_measure(catalog, lang, twos, official) if official and "words" in official else None
    # a published list whose words are not stored: named, never measured; its published count, where stored,
    # bounds the precision from above (a pack with more two-letter spellings than the list holds words)
    row["published"] = official["list"] if official and "words" not in official else None
    row["published_count"] = official.get("count") if official and row["published"] else None
    # a partial check of such a list (`checked`: words read in it): how many of the pack's spellings it confirms
    row["confirmed"] = (len(twos & board_spellings(catalog, lang, official["checked"].split()))
                        if official and row["published"] and "checked" in official else None)
    # every one of the pack's two-letter spellings looked up in the list (`checked` and `absent`): precision exact
    row["looked_up"] = (looked_up(catalog, lang, pack, twos, official)
                        if official and row["published"] and "checked" in official else None)
    row["games"] = game_recall(catalog, lang, games)
    return row


def _not_stored(row: dict[str, Any]) -> str:
    """The official column of a language without stored words: the published list it would be measured on, and
    how many of the pack's two-letter spellings a partial check found in it.

    >>> _not_stored({"published": "NSF-ordlista (Norsk scrabbleforbund)", "confirmed": 17, "twos": 90})
    'not stored (NSF-ordlista published; 17 of the 90 read in it)'
    >>> _not_stored({"published": "DISC (Diccionari ...)", "confirmed": None, "twos": 91}), _not_stored({})
    ('not stored (DISC published)', 'not stored')
    """
    if not row.get("published"):
        return "not stored"
    name = row["published"].split(" (")[0]
    confirmed = row.get("confirmed")
    return (f"not stored ({name} published; {confirmed} of the {row['twos']} read in it)" if confirmed is not None
            else f"not stored ({name} published)")


def _looked_up_cells(row: dict[str, Any]) -> list[str]:
    """The official, precision, recall, missing and extra cells of a language whose list is not stored but where
    each of the pack's two-letter spellings was looked up in it: an exact precision; of the recall only a bound
    (the list's words are not all known: it holds at least the confirmed and the words read that the pack
    lacks), and those words as a lower bound on the missing.

    >>> seen = {"confirmed": 88, "refuted": [], "precision": 1.0, "seen_missing": ["AB", "AG"]}
    >>> _looked_up_cells({"published": "NSF-ordlista (Norsk scrabbleforbund)", "twos": 88, "looked_up": seen})
    ['NSF-ordlista (each of the 88 looked up)', '100.0%', '≤ 97.8%', '≥ 2', '0']
    """
    seen = row["looked_up"]
    bound = seen["confirmed"] / (seen["confirmed"] + len(seen["seen_missing"]))
    return [f"{row['published'].split(' (')[0]} (each of the {row['twos']} looked up)", f"{seen['precision']:.1%}",
            f"≤ {bound:.1%}", f"≥ {len(seen['seen_missing'])}", str(len(seen["refuted"]))]


def precision_bound(row: dict[str, Any]) -> str:
    """The precision cell of a language whose list's words are not stored: ``≤ count / twos`` where the
    published count is smaller than the pack's two-letter spellings (at most that many can be right), else –.

    >>> precision_bound({"published_count": 87, "twos": 97}), precision_bound({"published_count": 81, "twos": 78})
    ('≤ 89.7%', '–')
    """
    count, twos = row.get("published_count"), row["twos"]
    return f"≤ {count / twos:.1%}" if count and twos > count else "–"


def markdown(rows: list[dict[str, Any]]) -> str:
    lines = ["| lang | list | source | words | 2-letter | 3-letter | official 2s | precision | recall | missing | "
             "extra | real games: plays all good |",
             "|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|"]
    for r in rows:
        two = r["two_letter"]
        cells = ([f"{two['list'].split(' ')[0]} ({two['count']})", f"{two['precision']:.1%}", f"{two['recall']:.1%}",
                  str(len(two["missing"])), str(len(two["extra"]))] if two else
                 _looked_up_cells(r) if r.get("looked_up") else [_not_stored(r), precision_bound(r), "–", "–", "–"])
        games = r["games"]
        played = (f"{games['recall']:.1%} of {games['plays']:,} ({games['flagged']:,} flagged, {games['files']} games)"
                  if games else "–")
        lines.append(f"| {r['lang']} | {r['kind']} | {r['source']} | {r['words']:,} | {r['twos']:,} | "
                     f"{r['threes']:,} | " + " | ".join(cells) + f" | {played} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", help="languages (default: every one with a pack in --packs)")
    parser.add_argument("--packs", type=Path, required=True, help="the folder of the packs (e.g. build)")
    parser.add_argument("--games", type=Path, default=GAMES, help="the folder of real game records")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    catalog = Catalog.shipped(packs=args.packs)
    langs = args.langs or catalog.pack_languages()
    rows = [measure(catalog, lang, args.games) for lang in langs]
    print(json.dumps(rows, ensure_ascii=False, indent=1) if args.json else markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
