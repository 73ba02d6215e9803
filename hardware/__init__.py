"""Raspberry Pi hardware: the gpiozero button/LED/buzzer panel and the pyserial card reader."""
