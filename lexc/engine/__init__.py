"""The scoring engine: play notation, board, rulesets, scoring, SVG pictures."""
