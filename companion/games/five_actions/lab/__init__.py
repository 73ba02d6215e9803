"""Seeded bots and the balance figures of The Five Actions (issue 24, item 10)."""
