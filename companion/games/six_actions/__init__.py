"""The Six Actions: the referee and banker of the industry game (seeds/six-actions-rules.txt)."""
