"""Spelling relations that let a cue reader guess a word it does not know.

Two relations, each a plain string function, bounded and linear in the word:

- :func:`cognate_key`: Spanish and English cognates spelled by regular
  rules (``emoción``/``emotion``, ``libertad``/``liberty``,
  ``famoso``/``famous``, ``eléctrico``/``electric``, ``esmeralda``...) share
  one key, so one dictionary lookup finds a word's cognate;
- :func:`deletions` and :func:`within_one_edit`: near-spellings (one letter
  missing, added, changed, or two neighbours swapped), found through an
  index of single-letter deletions built once (the symmetric-delete method),
  never by a scan of the whole vocabulary per cue.

Words are folded first (:func:`~huegames.hues_and_cues.vocabulary.fold`), so a
missing or added accent is no edit at all.

>>> from huegames.hues_and_cues.spelling import cognate_key, within_one_edit
>>> cognate_key("emocion") == cognate_key("emotion")
True
>>> cognate_key("famoso") == cognate_key("famous")
True
>>> cognate_key("filosofia") == cognate_key("philosophy")
True
>>> within_one_edit("lavendar", "lavender"), within_one_edit("turqouise", "turquoise")
(True, True)
>>> within_one_edit("lavender", "lender")
False
"""

from __future__ import annotations

from collections.abc import Iterator

MAX_LETTERS = 32
"""The longest word a reader guesses at (longer ones are read only as
written): no everyday word is longer, and every guess stays bounded."""
COGNATE_LETTERS = 4
"""The shortest cognate key: shorter keys match too many unrelated words."""
NEAR_LETTERS = 5
"""The shortest word read as a near-spelling of another (and the shortest
word it may be read as): a typo of a short word is usually another word."""

COGNATE_ENDINGS = (
    ("tion", "cion"),
    ("dad", "dad"),
    ("tad", "dad"),
    ("ty", "dad"),
    ("ous", "oso"),
    ("osa", "oso"),
    ("ico", "ico"),
    ("ica", "ico"),
    ("ic", "ico"),
    ("ista", "ista"),
    ("ist", "ista"),
    ("ismo", "ismo"),
    ("ism", "ismo"),
    ("ivo", "ivo"),
    ("iva", "ivo"),
    ("ive", "ivo"),
    ("ario", "ario"),
    ("aria", "ario"),
    ("ary", "ario"),
    ("orio", "orio"),
    ("ory", "orio"),
    ("encia", "encia"),
    ("ence", "encia"),
    ("ancia", "ancia"),
    ("ance", "ancia"),
    ("ia", "ia"),
    ("y", "ia"),
)
"""Spanish and English endings of one origin, and the form both take in a
key: ``-ción``/``-tion``, ``-dad``/``-ty``, ``-oso``/``-ous``, ``-ico``/``-ic``,
``-ista``/``-ist``, ``-ismo``/``-ism``, ``-ivo``/``-ive``, ``-ario``/``-ary``,
``-orio``/``-ory``, ``-encia``/``-ence``, ``-ancia``/``-ance``, ``-ía``/``-y``
(the first that fits, leaving a stem of 3 letters)."""
COGNATE_SPELLINGS = (("ph", "f"), ("th", "t"), ("ch", "c"), ("y", "i"), ("k", "c"))
"""Letters English keeps from Greek and Latin where Spanish simplified them:
``ph``/``f``, ``th``/``t``, ``ch``/``c`` (``chrome``/``cromo``), ``y``/``i``,
``k``/``c``."""
_VOWELS = frozenset("aeiou")


def cognate_key(word: str) -> str:
    """The key a folded word shares with its Spanish or English cognates:
    its ending in the form of :data:`COGNATE_ENDINGS`, the spellings of
    :data:`COGNATE_SPELLINGS`, doubled letters single (a longer run is no
    spelling of a word and stays long), an initial ``es``
    before a consonant as ``s`` (``estatua``/``statue``), and a final vowel
    dropped (``planta``/``plant``, ``rosa``/``rose``, ``estatua``/``statue``).
    Linear in the word."""
    for ending, common in COGNATE_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)] + common
            break
    for letters, simpler in COGNATE_SPELLINGS:
        word = word.replace(letters, simpler)
    single = "".join(
        letter
        for index, letter in enumerate(word)
        if index == 0 or letter != word[index - 1] or word[index - 2 : index] == letter * 2
    )
    if single.startswith("es") and len(single) > 3 and single[2] not in _VOWELS:
        single = single[1:]
    if len(single) > 3 and single[-1] in _VOWELS:
        single = single[:-1]
    return single


def deletions(word: str) -> Iterator[str]:
    """``word`` with one letter left out, at each place in turn (repeats included)."""
    for index in range(len(word)):
        yield word[:index] + word[index + 1 :]


def within_one_edit(first: str, second: str) -> bool:
    """True when two words differ by at most one letter left out, added or
    changed, or by two neighbouring letters swapped (Damerau's one edit)."""
    if first == second:
        return True
    if abs(len(first) - len(second)) > 1:
        return False
    shorter, longer = sorted((first, second), key=len)
    index = next(
        (i for i, (a, b) in enumerate(zip(shorter, longer, strict=False)) if a != b), len(shorter)
    )
    if len(shorter) != len(longer):
        return shorter[index:] == longer[index + 1 :]
    if shorter[index + 1 :] == longer[index + 1 :]:
        return True
    swapped = longer[index + 1 : index + 2] + longer[index : index + 1]
    return shorter[index : index + 2] == swapped and shorter[index + 2 :] == longer[index + 2 :]
