"""Is a tile set good? Measures against real words (:func:`assess`), drafted specs, HTML reports."""

from lexc.assess.measures import Assessment, assess

__all__ = ["Assessment", "assess"]
