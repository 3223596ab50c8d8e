"""A language as the pipeline needs it: its spec, its scheme and its normaliser.

A :class:`Language` is what a :class:`~lexc.catalog.Catalog` hands out for a code
(``catalog.language("ru")``); the stages that take one -- rulesets, lexicons, the scorer --
import it from here, so none of them needs the catalog.

>>> from lexc.language.spec import load_spec
>>> from lexc.paths import shipped_dir
>>> english = load_spec(shipped_dir("languages") / "en.toml")
>>> en = Language(english, None, english)
>>> en.code, en.name, en.normaliser().spell("quite").board
('en', 'English', 'QUITE')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lexc.language.spec import Spec

if TYPE_CHECKING:
    from lexc.language.normalize import Normaliser
    from lexc.language.scheme import Scheme

__all__ = ["Language"]


@dataclass(frozen=True, eq=False)
class Language:
    """One language as the pipeline needs it: its spec, its scheme and its normaliser.

    ``english`` is the spec whose values a language without official values scores with
    (Polyglot rule 1). Equal when spec and scheme are the same files (by hash).
    """

    spec: Spec
    scheme: Scheme | None
    english: Spec
    _normalisers: dict[bool, Normaliser] = field(default_factory=dict, repr=False)

    @property
    def code(self) -> str:
        return self.spec.code

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def key(self) -> tuple[str, str, str]:
        """What identifies this language's data: code, spec hash, scheme hash."""
        return self.spec.code, self.spec.sha256, self.scheme.sha256 if self.scheme else ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Language) and other.key == self.key and other.spec == self.spec  # editions differ

    def __hash__(self) -> int:
        return hash(self.key)

    def normaliser(self, *, facedown: bool = False) -> Normaliser:
        """The normaliser of this language (``facedown``: Polyglot rule 4 on); built once."""
        if facedown not in self._normalisers:
            from lexc.language.normalize import Normaliser

            self._normalisers[facedown] = Normaliser(self.spec, self.scheme, facedown=facedown,
                                                     board_values=self.english)
        return self._normalisers[facedown]
