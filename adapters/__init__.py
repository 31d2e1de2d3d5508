"""The Django side of each game, one adapter per game (``scoring.adapters.GameAdapter``), registered
under the game's code when the apps are ready (``adapters.apps``)."""
