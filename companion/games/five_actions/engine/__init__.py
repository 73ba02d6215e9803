"""The Five Actions' rules engine: actions, state, rules, the game, its record and scenarios."""
