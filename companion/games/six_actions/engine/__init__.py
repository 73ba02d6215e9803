"""The Six Actions rules engine: actions, state, rules, game, record, scenario."""
