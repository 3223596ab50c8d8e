"""The 4-player Polyglot game the game tests play (library, CLI and browser): one list of moves.

Words in English, French, Spanish, German, Russian (through its scheme: BORSHCH is БОРЩ, Щ laid
as SHCH) and Hebrew (SHLM is שלם); a German word whose cross words are English; a phony
challenged off; an exchange; passes; a player going out and the end under Polyglot rule 5 (the
multi-player rule: the others lose their racks, valued in English, and she gains them all).
The ruleset is Polyglot with a 41-tile bag (tests/data/game/polyglot-short.toml) so the game
ends in a dozen moves. Each move: (kind, argument, expected delta of the event(s) it adds).
"""

from pathlib import Path

RULESET = Path(__file__).parent / "data" / "game" / "polyglot-short.toml"
PLAYERS = ("ann", "bob", "cy", "dee")

MOVES = [
    ("play", "8D WHISKY @fr", [92]),                  # W 10×2 + H 4 + I 1 + S 1 + K 10 + Y 10 = 46 ×2
    ("exchange", "3", [0]),
    ("play", "9H AU @de,H8=en,I8=en", [15]),          # AU (de) 1 + 1×2; KA (en, H8 down) 5 + 1; YU (en, I8) 4 + 1×2
    ("play", "I8 ..ZQ @en", [25]),                    # YUZQ: a phony (Y 4 + U 1 + Z 10 + Q 10)
    ("challenge", None, [-25]),                       # ann challenges: withdrawn
    ("pass", None, [0]),
    ("play", "E7 C.URRO @es", [30]),                  # CH 5 + U 1 + RR 8 + O 1 = 15 ×2 (E11)
    ("play", "12D B.RSHCH @ru", [50]),                # Б 3 + О 1 + Р 1 + Щ 10×2 = 25 ×2 (D12)
    ("play", "G12 .HLM @he", [8]),                    # ש[SH] 2×2 + ל 2 + מ 2
    ("pass", None, [0]),
    ("pass", None, [0]),
    ("play", "15G .A @en", [12]),                     # MA: (3 + 1) ×3 (H15); cy goes out
    ("end", {"ann": "AEEINST", "bob": "DEGINOT", "dee": "EQTZ"}, [38, -7, -9, -22]),
]

#: Final scores: ann 92 - 7, bob 30 - 9, cy 15 + 50 + 12 + 38, dee 8 - 22.
FINAL = (85, 21, 115, -14)
