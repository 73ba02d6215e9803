"""companion/games/transmission/mission_control"""
