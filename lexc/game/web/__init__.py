"""The web board of ``lexc serve`` (:mod:`lexc.game.web.app`)."""
