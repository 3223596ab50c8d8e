"""lexicon"""
