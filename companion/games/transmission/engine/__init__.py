"""companion/games/transmission/engine"""
