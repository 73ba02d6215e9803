"""companion/games/transmission"""
