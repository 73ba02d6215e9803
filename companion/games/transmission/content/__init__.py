"""companion/games/transmission/content"""
