"""Lexicons: word sources, the compiler, packs, in-memory word lists, word lookup."""
