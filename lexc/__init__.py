"""lexc: a multilingual Scrabble lexicon and tile-set compiler with a Polyglot scoring engine.

The package is organised as the pipeline in DESIGN.md, one module per stage:

* :mod:`lexc.spec` -- language specs (tile sets, folds, sources) loaded from ``languages/``;
* :mod:`lexc.casemap` -- locale-aware case mapping through ICU;
* :mod:`lexc.scheme` -- romanisation schemes loaded from ``transliterations/``;
* :mod:`lexc.normalize` -- native word -> tiling -> board spelling with its alignment;
* :mod:`lexc.sources`, :mod:`lexc.compiler`, :mod:`lexc.pack` -- word lists into lexicon packs;
* :mod:`lexc.ruleset`, :mod:`lexc.board`, :mod:`lexc.notation`, :mod:`lexc.scoring`,
  :mod:`lexc.gcg`, :mod:`lexc.svg` -- the scoring engine, game records and pictures;
* :mod:`lexc.cli` -- the ``lexc`` command, a thin layer over all of the above.
"""

__version__ = "0.1.0"
