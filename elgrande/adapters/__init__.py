"""Adapters for AI research: a fixed integer action space (:mod:`.actions`), an OpenSpiel
game (:mod:`.openspiel`, extra ``[openspiel]``) and a PettingZoo AEC environment
(:mod:`.pettingzoo`, extra ``[pettingzoo]``). They use only the public game API
(``pending``, ``answer``, ``view``, ``copy``); the engine does not know them."""
