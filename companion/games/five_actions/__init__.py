"""The Five Actions: a referee and accountant for the wireless-network game (seeds/five-actions-rules.txt)."""
