"""The Kivy touchscreen app: screens (one .py and one .kv each), widgets and assets."""
