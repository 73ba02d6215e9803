"""Mission Control's private screen on a phone (issue 23): the asyncio web server beside Kivy and the
page's own static files.  No Kivy import here (DESIGN.md); ``ui.games.transmission.phone_link`` is the
touchscreen's side."""
