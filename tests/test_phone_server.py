"""The phone page's server on its own (issue 23, items 2, 4, 5): tokens, rate limit, the seat,
hand-over, bad messages, the page's folder.  Bound and reached on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator, Mapping
from typing import Any

import aiohttp
import pytest

from ui.phone.server import MAX_FAILURES, MAX_MESSAGE, PhoneServer, PhoneServerError, page_words, spoken
from ui.phone.settings import allowed_address, lan_address, phone_settings

LOOPBACK = "127.0.0.1"


class FakeBridge:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.event = threading.Event()

    def joined(self, phone: str) -> None:
        self.calls.append(("joined", phone))
        self.event.set()

    def intent(self, phone: str, message: Mapping[str, Any]) -> None:
        self.calls.append(("intent", dict(message)))
        self.event.set()

    def hand_over_asked(self, phone: str) -> None:
        self.calls.append(("asked", phone))
        self.event.set()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def server() -> Iterator[tuple[PhoneServer, FakeBridge, Clock]]:
    bridge = FakeBridge()
    clock = Clock()
    srv = PhoneServer(bridge, LOOPBACK, 0, clock=clock)
    srv.start()
    assert srv.port and srv.running
    yield srv, bridge, clock
    srv.stop()


def base(srv: PhoneServer) -> str:
    return f"http://{LOOPBACK}:{srv.port}"


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 20))


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


def test_the_token_guards_the_page_and_wrong_ones_are_rate_limited(server: Any) -> None:
    srv, _bridge, clock = server
    status, text = run(get(base(srv) + "/"))
    assert status == 200 and json.dumps(page_words()["scan"])[1:-1][:30] in text  # only "scan the code"
    assert srv.token not in text
    status, _ = run(get(base(srv) + f"/?t={srv.token}"))
    assert status == 200
    for _ in range(MAX_FAILURES):
        assert run(get(base(srv) + "/?t=wrong"))[0] == 403
    # Now even the right token waits out the window (a guesser cannot tell right from wrong).
    assert run(get(base(srv) + f"/?t={srv.token}"))[0] == 429
    assert run(get(base(srv) + "/ws?t=wrong&phone=abc"))[0] == 429
    clock.now += 61
    assert run(get(base(srv) + f"/?t={srv.token}"))[0] == 200


def test_only_the_pages_own_folder_is_served(server: Any) -> None:
    srv, _bridge, _clock = server
    assert run(get(base(srv) + "/static/phone.js"))[0] == 200
    for path in ("/static/../server.py", "/static/%2e%2e/server.py", "/static/..%2fserver.py",
                 "/server.py", "/static/", "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd"):
        status, text = run(get(base(srv) + path))
        assert status in (403, 404), (path, status)
        assert "PhoneServer" not in text and "Traceback" not in text


def test_the_socket_rejects_a_wrong_token_and_a_bad_phone_id(server: Any) -> None:
    srv, bridge, _clock = server

    async def main() -> None:
        async with aiohttp.ClientSession() as http:
            t = srv.token
            for query, status in (("t=wrong&phone=abc", 403), (f"t={t}&phone=", 400),
                                  (f"t={t}&phone=a/b", 400), (f"t={t}&phone={'a' * 65}", 400)):
                with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                    await http.ws_connect(base(srv) + "/ws?" + query)
                assert caught.value.status == status
    run(main())
    assert not bridge.calls


async def receive(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    msg = await ws.receive(timeout=5)
    assert msg.type is aiohttp.WSMsgType.TEXT, msg
    data: dict[str, Any] = json.loads(msg.data)
    return data


def test_messages_are_checked_and_the_seat_is_handed_over_only_when_confirmed(server: Any) -> None:
    srv, bridge, _clock = server
    srv.publish({"task": "select", "secret": "the missions"})

    async def main() -> None:
        async with aiohttp.ClientSession() as http:
            url = base(srv) + f"/ws?t={srv.token}&phone="
            first = await http.ws_connect(url + "phone1")
            assert await receive(first) == {"type": "state", **spoken(), "task": "select",
                                            "secret": "the missions"}
            assert bridge.calls == [("joined", "phone1")]
            await first.send_str("{not json")
            assert (await receive(first))["type"] == "error"
            await first.send_str("[1, 2]")
            assert (await receive(first))["type"] == "error"
            await first.send_bytes(b"\x00\x01")
            assert (await receive(first))["type"] == "error"
            await first.send_str(json.dumps({"type": "lock_in"}))
            for _ in range(50):
                if ("intent", {"type": "lock_in"}) in bridge.calls:
                    break
                await asyncio.sleep(0.05)
            assert ("intent", {"type": "lock_in"}) in bridge.calls
            # A second phone with the right token waits; it sees no state until the table agrees.
            second = await http.ws_connect(url + "phone2")
            assert await receive(second) == {"type": "wait", **spoken()}
            await second.send_str(json.dumps({"type": "lock_in"}))
            assert (await receive(second))["type"] == "error"
            assert ("asked", "phone2") in bridge.calls
            srv.hand_over(True)
            assert (await receive(first))["type"] == "gone"
            assert (await receive(second))["type"] == "state"
            # A reload of the first phone (same id) no longer holds the seat: it waits.
            again = await http.ws_connect(url + "phone1")
            assert await receive(again) == {"type": "wait", **spoken()}
            for _ in range(100):  # the table is asked from the server's thread
                if ("asked", "phone1") in bridge.calls:
                    break
                await asyncio.sleep(0.05)
            srv.hand_over(False)
            refused = await receive(again)
            assert refused["type"] == "gone" and refused["again"] is True, refused
            # Asked again (the page's button reconnects): the table is asked again.
            asks = bridge.calls.count(("asked", "phone1"))
            again = await http.ws_connect(url + "phone1")
            assert await receive(again) == {"type": "wait", **spoken()}
            # The table is asked from the server's thread: wait for it (a loaded machine is slow).
            for _ in range(100):
                if bridge.calls.count(("asked", "phone1")) == asks + 1:
                    break
                await asyncio.sleep(0.05)
            assert bridge.calls.count(("asked", "phone1")) == asks + 1
            srv.hand_over(False)
            assert (await receive(again))["type"] == "gone"
            # Too big a message closes that socket (1009), never the server.
            await second.send_str(json.dumps({"type": "pick", "command": "N" * (MAX_MESSAGE * 2)}))
            msg = await second.receive(timeout=5)
            assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
            assert second.close_code == 1009
            third = await http.ws_connect(url + "phone2")  # the seat's phone rejoins at the current state
            assert (await receive(third))["type"] == "state"
            # A new code: the old token dies, phones holding it are sent away, a replay gets 403.
            old = srv.token
            srv.new_token()
            assert (await receive(third))["type"] == "gone"
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await http.ws_connect(base(srv) + f"/ws?t={old}&phone=phone2")
            assert caught.value.status == 403
            fresh = await http.ws_connect(base(srv) + f"/ws?t={srv.token}&phone=phone2")
            assert (await receive(fresh))["type"] == "state"
            await fresh.close()
    run(main())


def test_a_port_in_use_is_a_clear_error() -> None:
    first = PhoneServer(FakeBridge(), LOOPBACK, 0)
    first.start()
    try:
        second = PhoneServer(FakeBridge(), LOOPBACK, first.port)
        with pytest.raises(PhoneServerError, match=f"port {first.port} is in use"):
            second.start()
        assert not second.running
    finally:
        first.stop()
    assert not first.running


def test_the_address_is_never_public() -> None:
    assert allowed_address("127.0.0.1") and allowed_address("192.168.1.20") and allowed_address("10.0.0.2")
    assert allowed_address("169.254.3.4") and allowed_address("fd00::1") and allowed_address("fe80::1")
    for bad in ("0.0.0.0", "::", "8.8.8.8", "2001:4860::1", "224.0.0.1", "box.local", ""):
        assert not allowed_address(bad), bad
    assert lan_address(lambda: [("lo", "127.0.0.1"), ("eth0", "203.0.113.9"), ("wlan0", "192.168.4.7")]) \
        == "192.168.4.7"
    assert lan_address(lambda: [("lo", "127.0.0.1"), ("eth0", "169.254.9.9")]) == "169.254.9.9"
    assert lan_address(lambda: [("lo", "127.0.0.1")]) is None
    assert lan_address() is None or allowed_address(str(lan_address()))  # reads the interfaces only


def test_the_phone_table_is_validated() -> None:
    from companion.errors import ConfigError

    assert phone_settings({}, "c.toml").port == 8765
    assert phone_settings({"address": "127.0.0.1", "port": 9000}, "c.toml").address == "127.0.0.1"
    for section, key in (({"address": "8.8.8.8"}, "phone.address"), ({"address": "0.0.0.0"}, "phone.address"),
                         ({"port": 80}, "phone.port"), ({"port": "8765"}, "phone.port"),
                         ({"port": True}, "phone.port"), ({"colour": 1}, "phone.colour")):
        with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
            phone_settings(section, "c.toml")


def test_the_page_and_its_refusals_speak_the_tables_language(server: Any, german: None) -> None:
    """Issue 22: ``<html lang>``, the title and the words in German; a wrong code is refused by the page
    itself in German (403, no socket); every state and wait message carries the language and words."""
    srv, _bridge, _clock = server
    status, text = run(get(base(srv) + f"/?t={srv.token}"))
    assert status == 200 and '<html lang="de">' in text and "<title>Missionskontrolle</title>" in text
    assert json.dumps("Coach fragen")[1:-1] in text and "Ask the coach" not in text
    status, text = run(get(base(srv) + "/?t=wrong"))
    words = json.loads(text.split('type="application/json">', 1)[1].split("</script>", 1)[0])
    assert status == 403 and words["refused"].startswith("Dieser Code gilt nicht mehr"), words
    srv.publish({"task": "watch"})

    async def main() -> None:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(base(srv) + f"/ws?t={srv.token}&phone=phone1")
            state = await receive(ws)
            assert state["type"] == "state" and state["lang"] == "de"
            assert state["words"]["lock_in"] == "Festlegen" and state["task"] == "watch"
            await ws.close()
    run(main())
