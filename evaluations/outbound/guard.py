"""The endpoint guard (docs/agents.md, endpoint safety).

An agent endpoint is a URL a user typed; Trustgate must not be turned into a proxy onto its own network.
Every address a host resolves to must be public, and the connector then connects to the one address that was
checked (no second DNS lookup, so no DNS-rebinding window).

``settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS`` (read at call time) lifts the address rule only: the scheme,
credential and cloud-metadata checks stay on, because a metadata service is never a legitimate agent. Callers
whose URL is the operator's own (a setting, such as a self-hosted judge) pass ``allow_private=True``, which
lifts the same rule and nothing more.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from urllib.parse import urlsplit

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

ALLOWED_SCHEMES = ("http", "https")

METADATA_HOSTNAMES = frozenset(
    {
        "metadata.google.internal",
        "metadata.goog",
        "metadata",
        "instance-data",
        "instance-data.ec2.internal",
        "metadata.azure.internal",
    }
)
METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, OpenStack, ...
        "169.254.170.2",  # AWS ECS task metadata
        "169.254.169.123",  # AWS time sync
        "100.100.100.200",  # Alibaba Cloud
        "fd00:ec2::254",  # AWS IMDS over IPv6
        "fd00:ec2::23",  # AWS time sync over IPv6
    )
)

_RFC1918 = tuple(ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
_CGNAT = ipaddress.ip_network("100.64.0.0/10")
_THIS_NETWORK = ipaddress.ip_network("0.0.0.0/8")
_UNIQUE_LOCAL = ipaddress.ip_network("fc00::/7")
_SITE_LOCAL = ipaddress.ip_network("fec0::/10")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_IPV4_COMPAT = ipaddress.ip_network("::/96")
_BROADCAST = ipaddress.ip_address("255.255.255.255")

# inet_aton accepts shorthand IPv4 (127.1), hex (0x7f000001), a single integer (2130706433) and octal
# (0177.0.0.1); glibc also ignores anything after whitespace, hence the strict pre-check.
_LEGACY_IPV4 = re.compile(r"^(0[xX][0-9a-fA-F]+|[0-9]+)(\.(0[xX][0-9a-fA-F]+|[0-9]+)){0,3}$")
# Whitespace of any kind (including Unicode spaces and line separators) and C0/C1 control characters.
_UNSAFE_CHARACTER = re.compile(r"[\s\x00-\x1f\x7f-\x9f]")


class EndpointBlocked(ValueError):
    """The endpoint may not be used; ``str(error)`` says why in a sentence."""


class EndpointUnresolvable(EndpointBlocked):
    """The host name did not resolve (a connection problem rather than a policy refusal)."""


def _private_allowed(allow_private: bool) -> bool:
    return allow_private or settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS


def normalize_host(host: str) -> str:
    """Lower-case, strip IPv6 brackets and a trailing dot."""
    host = host.strip().lower()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host[:-1] if host.endswith(".") else host


def parse_ip_literal(host: str) -> IPAddress | None:
    """The address a literal host stands for, including odd IPv4 forms; None for a name."""
    host = normalize_host(host)
    try:
        return ipaddress.ip_address(host.split("%", 1)[0])  # drop an IPv6 zone id
    except ValueError:
        pass
    if _LEGACY_IPV4.match(host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


def _embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in _NAT64 or address in _IPV4_COMPAT:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def _ipv4_problem(address: ipaddress.IPv4Address) -> str | None:
    if address.is_loopback:
        return "a loopback address"
    if address in _THIS_NETWORK or address.is_unspecified:
        return "an unspecified address"
    if address == _BROADCAST:
        return "the broadcast address"
    if address.is_link_local:
        return "a link-local address"
    if address in _CGNAT:
        return "a carrier-grade NAT address (100.64.0.0/10)"
    if address.is_multicast:
        return "a multicast address"
    if any(address in network for network in _RFC1918):
        return "a private address"
    if address.is_private or address.is_reserved or not address.is_global:
        return "a reserved address"
    return None


def address_problem(address: IPAddress) -> str | None:
    """Why ``address`` is not a public unicast address, or None when it is."""
    if isinstance(address, ipaddress.IPv4Address):
        return _ipv4_problem(address)
    embedded = _embedded_ipv4(address)
    if embedded is not None and address not in (ipaddress.IPv6Address("::"), ipaddress.IPv6Address("::1")):
        problem = _ipv4_problem(embedded)
        if problem:
            return f"{problem} in IPv6 form"
        if address.ipv4_mapped is not None or address in _NAT64 or address.sixtofour is not None:
            return None  # a wrapper around a public IPv4 address
    if address.is_loopback:
        return "a loopback address"
    if address.is_unspecified:
        return "an unspecified address"
    if address.is_link_local:
        return "a link-local address"
    if address in _UNIQUE_LOCAL:
        return "a unique-local address (fc00::/7)"
    if address in _SITE_LOCAL:
        return "a site-local address"
    if address.is_multicast:
        return "a multicast address"
    if address.is_private:
        return "a private address"
    if address.is_reserved or not address.is_global:
        return "a reserved address"
    return None


def _is_metadata_host(host: str) -> bool:
    return host in METADATA_HOSTNAMES


def check_address(host: str, address: IPAddress, *, allow_private: bool = False) -> None:
    """Raise ``EndpointBlocked`` when ``address`` (which ``host`` resolved to) may not be reached."""
    embedded = _embedded_ipv4(address) if isinstance(address, ipaddress.IPv6Address) else None
    if address in METADATA_ADDRESSES or embedded in METADATA_ADDRESSES:
        raise EndpointBlocked(f"{host} is a cloud metadata address; Trustgate never connects to it.")
    if _private_allowed(allow_private):
        return
    problem = address_problem(address)
    if problem:
        shown = host if host == str(address) else f"{host} ({address})"
        raise EndpointBlocked(f"{shown} is {problem}; agent endpoints must be public internet addresses.")


def check_host_name(host: str, *, allow_private: bool = False) -> None:
    """Name-level checks done before any DNS lookup."""
    if not host:
        raise EndpointBlocked("The endpoint URL has no host name.")
    if _is_metadata_host(host):
        raise EndpointBlocked(f"{host} is a cloud metadata service; Trustgate never connects to it.")
    if not _private_allowed(allow_private) and (host == "localhost" or host.endswith(".localhost")):
        raise EndpointBlocked(f"{host} is a loopback name; agent endpoints must be public internet addresses.")


def _addresses_from(infos: list[tuple[object, ...]]) -> list[IPAddress]:
    addresses: list[IPAddress] = []
    for info in infos:
        sockaddr = info[4]
        assert isinstance(sockaddr, tuple)
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if address not in addresses:
            addresses.append(address)
    return addresses


def _pick(addresses: list[IPAddress]) -> str:
    # Prefer IPv4: servers often have broken IPv6 routes, and local test servers listen on 127.0.0.1.
    for address in addresses:
        if isinstance(address, ipaddress.IPv4Address):
            return str(address)
    first = addresses[0]
    assert isinstance(first, ipaddress.IPv6Address)
    return str(first.ipv4_mapped or first)


def split_endpoint(url: str, *, allow_private: bool = False) -> tuple[str, str, int]:
    """Check the URL's shape and return (scheme, host, port). Raises ``EndpointBlocked``."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise EndpointBlocked(f"The endpoint URL is not valid: {exc}.") from None
    scheme = parts.scheme.lower()
    if scheme not in ALLOWED_SCHEMES:
        shown = f"{scheme}:" if scheme else "no scheme"
        raise EndpointBlocked(f"The endpoint URL must start with http:// or https:// (it has {shown}).")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise EndpointBlocked(
            "The endpoint URL contains a user name or password; put the key in the API key field instead."
        )
    host = normalize_host(parts.hostname or "")
    if not host.isascii():
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            raise EndpointBlocked(f"The host name {host} is not a valid domain name.") from None
    check_host_name(host, allow_private=allow_private)
    return scheme, host, port or (443 if scheme == "https" else 80)


def validate_endpoint_url(url: str) -> None:
    """Form-time check of an endpoint URL (resolves the host). Raises ``EndpointBlocked``.

    The one set of URL rules for every entry point (agent form, launch form and CI API, monitor form and YAML
    import, and a run as it starts): each problem is one sentence, and nothing else judges the URL's shape, so a
    single-label host (``http://vm:9101``) or a numeric IPv4 form is judged by the address it stands for.
    """
    if _UNSAFE_CHARACTER.search(url.strip()):
        # urlsplit silently drops tabs and line breaks, and a space would be sent percent-encoded: a URL that is
        # not what the user sees is refused rather than guessed at.
        raise EndpointBlocked("The endpoint URL contains a space or a control character; percent-encode it (%20).")
    _scheme, host, port = split_endpoint(url)
    literal = parse_ip_literal(host)
    if literal is not None:
        check_address(host, literal)
        return
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise EndpointUnresolvable(f"The host name {host} could not be resolved.") from None
    for address in _addresses_from(list(infos)):
        check_address(host, address)


async def resolve_and_check(host: str, port: int, *, allow_private: bool = False) -> str:
    """Resolve ``host``, check every address, and return the one address to connect to.

    Raises ``EndpointUnresolvable`` when the name does not resolve, ``EndpointBlocked`` when any address is
    refused (one bad address among good ones is enough: the resolver could hand out either).
    """
    host = normalize_host(host)
    check_host_name(host, allow_private=allow_private)
    literal = parse_ip_literal(host)
    if literal is not None:
        check_address(host, literal, allow_private=allow_private)
        return str(literal)
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise EndpointUnresolvable(f"The host name {host} could not be resolved.") from None
    addresses = _addresses_from(list(infos))
    if not addresses:
        raise EndpointUnresolvable(f"The host name {host} could not be resolved.")
    for address in addresses:
        check_address(host, address, allow_private=allow_private)
    return _pick(addresses)
