"""Who answers the decisions: the bots (:mod:`~elgrande.players.bots`: ``random``,
``greedy``) and the information-set MCTS bot (:mod:`~elgrande.players.ismcts`)."""
