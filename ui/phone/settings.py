"""The ``[phone]`` table of the config file, and the address the phone server listens on (issue 23).

Example (``deploy/config.toml``)::

    [phone]
    address = ""        # "" (default): this box's own LAN address, found on its interfaces
    port = 8765         # 1024 to 65535

The address is never a public one: only loopback (tests), a private (RFC 1918, IPv6 unique local)
or a link-local address is accepted, configured or found.  Finding it reads the interfaces' own
addresses (:func:`socket.if_nameindex` and the ``SIOCGIFADDR`` ioctl): no packet is sent anywhere.
"""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import ConfigError

__all__ = ["DEFAULT_PORT", "LOCAL_NETWORKS", "PhoneSettings", "allowed_address", "interface_addresses",
           "lan_address", "phone_settings"]

DEFAULT_PORT = 8765
#: Where the server may listen: loopback, the private ranges of RFC 1918 and RFC 4193, link-local.
#: (Python's ``is_private`` also counts the documentation ranges, which are public addresses.)
LOCAL_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
    "::1/128", "fc00::/7", "fe80::/10"))
_SIOCGIFADDR = 0x8915


@dataclass(frozen=True)
class PhoneSettings:
    """The validated ``[phone]`` table.

    :param address: the address to listen on, or ``""``: this box's LAN address.
    :param port: the TCP port, 1024 to 65535.
    """

    address: str = ""
    port: int = DEFAULT_PORT


def allowed_address(text: str) -> bool:
    """True for an address the server may listen on: loopback, private or link-local, never public
    (nor the wildcard, which would take every interface, a public one included)."""
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return False
    return any(ip in net for net in LOCAL_NETWORKS if net.version == ip.version)


def phone_settings(section: Mapping[str, Any], file: str) -> PhoneSettings:
    """Validate a ``[phone]`` table.

    :raises ConfigError: an unknown key or a bad value, naming the file, ``phone.<key>`` and the value.
    """
    values: dict[str, Any] = {}
    for key, value in section.items():
        where = f"phone.{key}"
        if key == "address":
            if not isinstance(value, str) or (value and not allowed_address(value)):
                raise ConfigError(file, where, value, "must be \"\" (the LAN address) or a loopback, private "
                                  "or link-local IP address (never a public one)")
        elif key == "port":
            if isinstance(value, bool) or not isinstance(value, int) or not 1024 <= value <= 65535:
                raise ConfigError(file, where, value, "must be a whole number from 1024 to 65535")
        else:
            raise ConfigError(file, where, value, "unknown setting (known: address, port)")
        values[key] = value
    return PhoneSettings(**values)


def interface_addresses() -> list[tuple[str, str]]:
    """``(interface, IPv4 address)`` of each interface that has one (read with an ioctl, no packet)."""
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _index, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue  # no IPv4 address on it
            found.append((name, socket.inet_ntoa(packed[20:24])))
    return found


def lan_address(addresses: Callable[[], Iterable[tuple[str, str]]] = interface_addresses) -> str | None:
    """This box's LAN address: the first private IPv4 address of an interface (link-local last), or
    ``None`` when it has none (no network)."""
    private: list[str] = []
    link_local: list[str] = []
    for _name, address in addresses():
        ip = ipaddress.ip_address(address)
        if ip.is_loopback or not allowed_address(address):
            continue
        (link_local if ip.is_link_local else private).append(address)
    found = private + link_local
    return found[0] if found else None
