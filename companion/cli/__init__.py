"""companion/cli"""
