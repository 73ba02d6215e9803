"""Seeded bots and the balance figures of The Six Actions (issue 24, item 10)."""
