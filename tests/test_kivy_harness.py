"""The Kivy harness drives a real window: taps switch screens, drags move
tiles, keys reach the window, and screenshots show what was drawn.

The app here is a throwaway stand-in for the real screens: a ScreenManager
with two Screens, a 200x64 px button, and a tile to drag onto a register slot
(as a Cadet drags a Command card).  Screenshots land in tests/_screenshots/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import kivy_harness

KV = """
#:set BLUE (0.1, 0.5, 0.9, 1)

<FirstScreen>:
    name: "first"
    FloatLayout:
        Label:
            text: "Screen one"
            font_size: "32sp"
            size_hint: 1, None
            height: 60
            pos_hint: {"center_x": 0.5, "top": 0.95}
        Button:
            id: next_button
            text: "Next"
            font_size: "24sp"
            size_hint: None, None
            size: 200, 64
            pos_hint: {"center_x": 0.5, "center_y": 0.6}
            background_normal: ""
            background_color: BLUE
            on_release: app.go("second")
        DragTile:
            id: tile
            text: "N"
            size_hint: None, None
            size: 80, 80
            pos: 100, 60
        Slot:
            id: slot
            size_hint: None, None
            size: 120, 120
            pos: 560, 40

<SecondScreen>:
    name: "second"
    FloatLayout:
        Label:
            text: "Screen two"
            font_size: "32sp"
            pos_hint: {"center_x": 0.5, "center_y": 0.6}
        Button:
            text: "Back"
            size_hint: None, None
            size: 160, 56
            pos_hint: {"center_x": 0.5, "y": 0.1}
            on_release: app.go("first")
        Button:
            text: "Crash"
            size_hint: None, None
            size: 160, 56
            pos_hint: {"right": 0.98, "y": 0.1}
            on_release: app.crash()

<DragTile>:
    font_size: "40sp"
    canvas.before:
        Color:
            rgba: 0.95, 0.75, 0.1, 1
        Rectangle:
            pos: self.pos
            size: self.size

<Slot>:
    canvas:
        Color:
            rgba: 0.2, 0.8, 0.3, 1
        Line:
            rectangle: self.x + 2, self.y + 2, self.width - 4, self.height - 4
            width: 2
"""

KV_NAME = "harness_demo.kv"


def make_app() -> Any:
    """Build the demo App class (Kivy imported only once the window exists)."""
    from kivy.app import App
    from kivy.factory import Factory
    from kivy.lang import Builder
    from kivy.uix.label import Label
    from kivy.uix.screenmanager import Screen, ScreenManager
    from kivy.uix.widget import Widget

    class DragTile(Label):  # type: ignore[misc]
        """Follows the finger that grabbed it; reports where it was dropped."""

        def on_touch_down(self, touch: Any) -> bool:
            if self.collide_point(*touch.pos):
                touch.grab(self)
                self._grip = (self.x - touch.x, self.y - touch.y)
                return True
            return bool(super().on_touch_down(touch))

        def on_touch_move(self, touch: Any) -> bool:
            if touch.grab_current is self:
                self.pos = (touch.x + self._grip[0], touch.y + self._grip[1])
                return True
            return bool(super().on_touch_move(touch))

        def on_touch_up(self, touch: Any) -> bool:
            if touch.grab_current is self:
                touch.ungrab(self)
                App.get_running_app().dropped(self)
                return True
            return bool(super().on_touch_up(touch))

    class Slot(Widget):  # type: ignore[misc]
        pass

    class FirstScreen(Screen):  # type: ignore[misc]
        pass

    class SecondScreen(Screen):  # type: ignore[misc]
        pass

    for cls in (DragTile, Slot, FirstScreen, SecondScreen):
        Factory.register(cls.__name__, cls=cls)

    class HarnessDemoApp(App):  # type: ignore[misc]
        drops: list[str]

        def build(self) -> Any:
            self.drops = []
            Builder.load_string(KV, filename=KV_NAME)
            manager = ScreenManager()
            manager.add_widget(FirstScreen())
            manager.add_widget(SecondScreen())
            return manager

        def on_start(self) -> None:
            from kivy.core.window import Window

            Window.bind(on_keyboard=self.on_keyboard)

        def on_stop(self) -> None:
            from kivy.core.window import Window

            Window.unbind(on_keyboard=self.on_keyboard)

        def on_keyboard(self, window: Any, key: int, *args: Any) -> bool:
            if key == 27 and self.root.current != "first":  # Escape: back
                self.go("first")
                return True
            return False

        def go(self, name: str) -> None:
            self.root.current = name

        def crash(self) -> None:
            raise ZeroDivisionError("a callback failed")

        def dropped(self, tile: Any) -> None:
            slot = self.root.get_screen("first").ids.slot
            self.drops.append("slot" if slot.collide_point(*tile.center) else "floor")

    return HarnessDemoApp()


def settled(app: Any, screen: str) -> bool:
    """The ScreenManager shows ``screen`` and its transition has finished."""
    return bool(app.root.current == screen and not app.root.transition.is_active)


def pixel(png: Path, x: float, y: float) -> tuple[int, int, int]:
    """The RGB at Kivy window coordinates (origin bottom left) of a screenshot."""
    with Image.open(png) as image:
        rgb = image.convert("RGB")
        return rgb.getpixel((int(x), rgb.height - 1 - int(y)))  # type: ignore[return-value]


def colours(png: Path) -> int:
    with Image.open(png) as image:
        return len(image.convert("RGB").getcolors(maxcolors=1 << 20) or ())


def close_to(actual: tuple[int, ...], expected: tuple[float, ...], tolerance: int = 3) -> bool:
    return all(abs(a - round(e * 255)) <= tolerance for a, e in zip(actual, expected, strict=False))


def test_tap_switches_screen_and_screenshots_show_it(ui_harness: kivy_harness.KivyHarness) -> None:
    app = ui_harness.start(make_app())
    assert tuple(ui_harness.window.size) == (800, 480)
    button = ui_harness.find(id="next_button")
    assert button.width >= 48 and button.height >= 48
    first = ui_harness.screenshot("harness_first.png")

    ui_harness.tap(button)
    ui_harness.pump_until(lambda: settled(app, "second"), what="the second screen")

    second = ui_harness.screenshot("harness_second.png")
    assert ui_harness.find(text="Screen two")
    assert ui_harness.find_all(text="Next") == []  # the first screen is gone from the window
    with Image.open(first) as image:
        assert image.size == (800, 480)
    x, y = button.to_window(*button.center)
    assert close_to(pixel(first, x, y - 20), (0.1, 0.5, 0.9)), "the blue Next button is not in the picture"
    assert colours(first) > 20, "screenshot is (nearly) blank: is GL drawing?"
    assert pixel(second, x, y - 20) != pixel(first, x, y - 20)


def test_tap_beside_the_button_does_nothing(ui_harness: kivy_harness.KivyHarness) -> None:
    app = ui_harness.start(make_app())
    button = ui_harness.find(text="Next")
    ui_harness.tap_at(button.x - 10, button.center_y)
    ui_harness.pump(0.2)
    assert app.root.current == "first"


def test_drag_tile_onto_slot(ui_harness: kivy_harness.KivyHarness) -> None:
    app = ui_harness.start(make_app())
    tile, slot = ui_harness.find(id="tile"), ui_harness.find(id="slot")

    ui_harness.drag(tile, slot)

    assert app.drops == ["slot"]
    assert slot.collide_point(*tile.center)
    shot = ui_harness.screenshot("harness_dragged.png")
    corner = (tile.x + 5, tile.y + 5)  # inside the tile, clear of the "N"
    assert slot.collide_point(*corner)
    assert close_to(pixel(shot, *corner), (0.95, 0.75, 0.1)), "the tile is not drawn in the slot"

    ui_harness.drag(tile, (300, 400))
    assert app.drops == ["slot", "floor"]


def test_escape_key_goes_back_and_keeps_the_window(ui_harness: kivy_harness.KivyHarness) -> None:
    app = ui_harness.start(make_app())
    ui_harness.tap(ui_harness.find(text="Next"))
    ui_harness.pump_until(lambda: settled(app, "second"))

    ui_harness.key("escape")
    ui_harness.pump_until(lambda: settled(app, "first"))

    ui_harness.key("escape")  # on the first screen: not handled, and must not close the window
    ui_harness.pump(frames=2)
    assert ui_harness.window.children == [app.root]


def test_callback_errors_reach_the_test(ui_harness: kivy_harness.KivyHarness) -> None:
    app = ui_harness.start(make_app())
    ui_harness.tap(ui_harness.find(text="Next"))
    ui_harness.pump_until(lambda: settled(app, "second"))
    with pytest.raises(ZeroDivisionError, match="a callback failed"):
        ui_harness.tap(ui_harness.find(text="Crash"))


def test_an_app_that_stops_itself_can_be_followed_by_another(ui_harness: kivy_harness.KivyHarness) -> None:
    first = ui_harness.start(make_app())
    first.stop()  # as a Quit button would: closes Kivy's event loop
    ui_harness.stop()
    second = ui_harness.start(make_app())
    ui_harness.tap(ui_harness.find(text="Next"))
    ui_harness.pump_until(lambda: settled(second, "second"))


def test_each_test_gets_a_clean_window(ui_harness: kivy_harness.KivyHarness) -> None:
    """Runs after the others: no widgets, kv rules or touches left behind."""
    from kivy.base import EventLoop
    from kivy.lang import Builder

    assert ui_harness.window.children == []
    app = ui_harness.start(make_app())
    assert ui_harness.window.children == [app.root]
    assert Builder.files.count(KV_NAME) == 1
    assert EventLoop.me_list == []
    ui_harness.tap(ui_harness.find(text="Next"))
    ui_harness.pump_until(lambda: settled(app, "second"))


def test_find_explains_what_is_on_screen(ui_harness: kivy_harness.KivyHarness) -> None:
    ui_harness.start(make_app())
    with pytest.raises(LookupError, match=r"(?s)no widget with text='Launch'.*Button text='Next'"):
        ui_harness.find(text="Launch")
    assert ui_harness.find(cls="Button", text="Next") is ui_harness.find(id="next_button")
    with pytest.raises(ValueError, match="off the 800x480 screen"):
        ui_harness.tap_at(900, 10)


def test_require_ui_turns_a_skip_into_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(kivy_harness.REQUIRE_UI_ENV, raising=False)
    assert not kivy_harness.ui_required()
    monkeypatch.setenv(kivy_harness.REQUIRE_UI_ENV, "0")
    assert not kivy_harness.ui_required()
    monkeypatch.setenv(kivy_harness.REQUIRE_UI_ENV, "1")
    assert kivy_harness.ui_required()
