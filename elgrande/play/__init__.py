"""Playing a game: the facade (:mod:`~elgrande.play.game`: ``new_game``, ``Game``), saved
games and their load checks (:mod:`~elgrande.play.saved`), records
(:mod:`~elgrande.play.records`), the history and log (:mod:`~elgrande.play.chronicle`),
events in words (:mod:`~elgrande.play.narrate`) and game seeds (:mod:`~elgrande.play.seeds`).
"""
