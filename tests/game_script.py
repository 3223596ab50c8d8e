"""The 4-player Polyglot game the game tests play (library, CLI and browser): one list of moves.

Polyglot rules on the full 100-tile English bag, tiles from a bag at the table. Words in French
(WHISKY), German (AU, whose cross words KA and YU are English), Spanish (CHURRO, through the H of
WHISKY: CH scores 5), Russian through its scheme (DACHA is ДАЧА, Ч laid as CH; its cross words AW,
HI and AS are English) and Hebrew (SPR is ספר); a phony (YUZQ) challenged off; an exchange;
passes; then common English words until the bag is empty and ann plays out, and the end under
Polyglot rule 5's multi-player rule: the others lose their racks, valued in English, and ann
gains them all. The English plays after SPR were found by a one-off search over wordfreq's most
frequent English words (each checked in the English pack); every score below is the engine's and
the annotated ones were worked by hand. Each move: (kind, argument, deltas of the events it adds).
"""

PLAYERS = ("ann", "bob", "cy", "dee")

MOVES = [
    ("play", "8D WHISKY @fr", [92]),                           # W 10×2 + H 4 + I 1 + S 1 + K 10 + Y 10 = 46 ×2
    ("exchange", "3", [0]),
    ("play", "9H AU @de,H8=en,I8=en", [15]),                   # AU (de) 1 + 1×2; KA (en) 5 + 1; YU (en) 4 + 1×2
    ("play", "I8 ..ZQ @en", [25]),                             # YUZQ, a phony: Y 4 + U 1 + Z 10 + Q 10
    ("challenge", None, [-25]),                                # ann challenges: withdrawn
    ("pass", None, [0]),
    ("play", "E7 C.URRO @es", [30]),                           # CH 5 + U 1 + RR 8 + O 1 = 15 ×2 (E11)
    ("play", "7C DA.HA @ru,D7=en,F7=en,G7=en", [25]),          # Д 2×2 + А 1 + Ч 5 + А 1×2 = 12; AW 5, HI 5, AS 3
    ("play", "10C SP. @he", [13]),                             # ס 8 + פ 4 + ר 1
    ("play", "11B BOA.DED @en", [17]),
    ("play", "12A BALL.ON @en", [46]),
    ("play", "C1 ADAPTE. @en", [22]),
    ("play", "1A AG.INST @en", [27]),                          # (1 + 2 + 1 + 1×2 + 1 + 1 + 1) ×3 (A1)
    ("play", "3A AG.INST @en", [9]),                           # the 2W under C3 was covered before: T 1×2 (G3)
    ("play", "5A CI.IZEN @en", [36]),
    ("play", "9H ..GMENT @en", [11]),
    ("play", "J9 .ENTILE @en", [12]),
    ("play", "12I U.ILITY @en", [28]),                         # the bag is empty now
    ("pass", None, [0]),
    ("pass", None, [0]),
    ("pass", None, [0]),
    ("play", "14F REVO.VE @en", [15]),
    ("pass", None, [0]),
    ("pass", None, [0]),
    ("pass", None, [0]),
    ("play", "10I M. @en", [12]),                              # ME and YUM; ann has played out
    ("end", {"bob": "??EEEEF", "cy": "FIJOOOO", "dee": "QRRRUWX"}, [51, -8, -17, -26]),  # 8 + 17 + 26 in English
]

#: Final scores after rule 5.
FINAL = (224, 104, 56, 26)

#: Real words of each language the game forms (the tests' small packs are compiled from them).
WORDS = {
    "en": ["adapted", "against", "as", "augment", "aw", "ba", "balloon", "boarded", "citizen", "do", "en",
           "gentile", "hi", "ka", "me", "pa", "pal", "revolve", "so", "sol", "utility", "yu", "yum"],
    "fr": ["whisky"],
    "es": ["churro"],
    "de": ["au"],
    "ru": ["дача"],
    "he": ["ספר"],
}
