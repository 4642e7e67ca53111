"""The everyday cue givers (``en``, ``es``): legal cues, everyday words, no false friends."""

import math

import pytest

from huegames import engine
from huegames import hues_and_cues as hc
from huegames.hues_and_cues.bots import CUE_NAMES, FALSE_FRIEND
from huegames.hues_and_cues.vocabulary import vocabulary

pytestmark = pytest.mark.backend_independent  # the same on either backend

OTHER = {"en": "es", "es": "en"}


def given_cues(source, games=3):
    """Each seeded game's rounds' cues, from games of four ``source`` bots."""
    for seed in range(games):
        game = hc.new_game(4, seed=seed)
        engine.play_game(game, [hc.LexiconBot(source) for _ in range(4)])
        yield [scored.cues for scored in game.rounds]


@pytest.mark.parametrize("source", ["en", "es"])
def test_an_everyday_giver_says_legal_everyday_words(source):
    words = vocabulary(source).words
    said = 0
    for game in given_cues(source):
        used = []
        for cues in game:
            for number, cue in enumerate(cues):
                assert hc.cue_problem(cue.split(), second=number == 1, used=used) is None
                used.append(cue)
                colour = words[cue]  # a word of its own vocabulary, as written
                assert colour.common and colour.names >= CUE_NAMES, cue
        said += len(used)
    assert said > 20


@pytest.mark.parametrize("source", ["en", "es"])
def test_an_everyday_giver_says_no_false_friend(source):
    other = vocabulary(OTHER[source])
    said = {cue for game in given_cues(source) for cues in game for cue in cues}
    for cue in said:
        ours, theirs = vocabulary(source).read(cue), other.read(cue)
        assert not theirs or math.dist(ours[0].lab, theirs[0].lab) <= FALSE_FRIEND, cue
    # the words it avoids: a Spanish reader takes "red" for a net, "tuna" for a prickly pear
    for word in ("red", "tuna"):
        english, spanish = vocabulary("en").read(word), vocabulary("es").read(word)
        assert math.dist(english[0].lab, spanish[0].lab) > FALSE_FRIEND
