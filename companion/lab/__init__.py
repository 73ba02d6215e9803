"""companion/lab"""
