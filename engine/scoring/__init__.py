"""How events score and rank, as pure functions over plain numbers (docs/scoring.md; G9, G10, K7, D8):
the scoring methods (``engine.scoring.methods``: a match's match points and level points) and the
ranking (``engine.scoring.ranking``: the tiebreak metrics and the ranking of a standings table).

They sit at the bottom with the games' engines because events (``tournaments``) validate their
scoring settings against these registries and scoring (``scoring``) computes the standings with
them; neither imports Django.
"""
