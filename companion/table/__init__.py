"""companion/table"""
