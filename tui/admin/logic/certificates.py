"""Provides certificate_problem: whether a text is an X.509 certificate, and never a private key.

A SAML provider needs the identity provider's certificate, the public half. What is pasted or
read from a file is sent only when it is one: a PEM ``CERTIFICATE`` block alone, or the base64
of its DER body (as identity providers' metadata gives it). Anything else, a private key first
of all, is refused before sending. The DER is checked with the standard library only: the frame
of a ``Certificate`` (RFC 5280, 4.1), every length within its parent and nothing left over,
which a private key, a public key or a certificate request never match. The signature is not
verified: that is the identity provider's business, and this is a check against mistakes.
"""

from __future__ import annotations

import base64
import binascii
import re
import textwrap

__all__ = [
    "KEY_REFUSED",
    "certificate_from_bytes",
    "certificate_problem",
    "holds_key_material",
]

_PEM_BEGIN = re.compile(r"-----BEGIN ([^-\r\n]{1,60})-----")
_PEM_BLOCK = re.compile(r"-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", re.DOTALL)
_BASE64 = re.compile(r"[A-Za-z0-9+/=\s]+")

KEY_REFUSED = (
    "it is a private key, not a certificate, and a private key is never sent: give the "
    "identity provider's certificate (the public half, a PEM starting -----BEGIN CERTIFICATE-----)"
)
NOT_A_CERTIFICATE = (
    "it is not an X.509 certificate (expected a PEM starting -----BEGIN CERTIFICATE-----, "
    "or the certificate's base64)"
)

# DER tags of a certificate's frame.
_SEQUENCE, _INTEGER, _BIT_STRING = 0x30, 0x02, 0x03
_UTC_TIME, _GENERALIZED_TIME = 0x17, 0x18
_VERSION, _ISSUER_UID, _SUBJECT_UID, _EXTENSIONS = 0xA0, 0x81, 0x82, 0xA3
_MAX_PARTS = 16
"""More elements than this in one SEQUENCE of the frame is not a certificate."""


class _NotDer(ValueError):
    """The bytes are not the DER a certificate is made of."""


def _element(data: bytes, at: int, end: int) -> tuple[int, int, int]:
    """(tag, start of the content, end of the content) of the DER element at ``at``."""
    if at + 2 > end:
        raise _NotDer
    tag, first = data[at], data[at + 1]
    at += 2
    if tag & 0x1F == 0x1F:
        raise _NotDer  # a high tag number: none in a certificate's frame
    if first < 0x80:
        length = first
    else:
        count = first & 0x7F
        # 0x80 is BER's indefinite length; DER lengths are minimal and a certificate is small.
        if count == 0 or count > 4 or at + count > end or data[at] == 0:
            raise _NotDer
        length = int.from_bytes(data[at : at + count], "big")
        if length < 0x80:
            raise _NotDer
        at += count
    if at + length > end:
        raise _NotDer
    return tag, at, at + length


def _parts(data: bytes, start: int, end: int) -> list[tuple[int, int, int]]:
    """The elements that fill ``data[start:end]`` exactly."""
    parts: list[tuple[int, int, int]] = []
    while start < end:
        if len(parts) == _MAX_PARTS:
            raise _NotDer
        part = _element(data, start, end)
        parts.append(part)
        start = part[2]
    return parts


def _tags(parts: list[tuple[int, int, int]]) -> list[int]:
    return [tag for tag, _start, _end in parts]


def _is_certificate(der: bytes) -> bool:
    try:
        tag, start, end = _element(der, 0, len(der))
        if tag != _SEQUENCE or end != len(der):
            return False
        outer = _parts(der, start, end)  # tbsCertificate, signatureAlgorithm, signatureValue
        if _tags(outer) != [_SEQUENCE, _SEQUENCE, _BIT_STRING]:
            return False
        tbs = _parts(der, outer[0][1], outer[0][2])
        if tbs and tbs[0][0] == _VERSION:
            tbs = tbs[1:]
        # serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, then the
        # optional unique ids and extensions.
        if _tags(tbs[:6]) != [_INTEGER, *[_SEQUENCE] * 5]:
            return False
        if any(t not in (_ISSUER_UID, _SUBJECT_UID, _EXTENSIONS) for t in _tags(tbs[6:])):
            return False
        validity = _parts(der, tbs[3][1], tbs[3][2])
        if len(validity) != 2 or any(
            t not in (_UTC_TIME, _GENERALIZED_TIME) for t in _tags(validity)
        ):
            return False
        return _tags(_parts(der, tbs[5][1], tbs[5][2])) == [_SEQUENCE, _BIT_STRING]
    except _NotDer:
        return False


def _is_key_shaped(der: bytes) -> bool:
    """Whether ``der`` starts as every private key's DER does: a SEQUENCE opening on a version.

    PKCS#8, PKCS#1 (RSA), SEC 1 (EC) and DSA keys all do; a certificate opens on a SEQUENCE.
    Only the start is read: a key cut short is a key still.
    """
    if len(der) < 4 or der[0] != _SEQUENCE:
        return False
    first = der[1]
    at = 2 + (first & 0x7F if first >= 0x80 else 0)
    return at < len(der) and der[at] == _INTEGER


def _decoded(body: str) -> bytes | None:
    if not _BASE64.fullmatch(body):
        return None
    try:
        return base64.b64decode("".join(body.split()), validate=True)
    except (binascii.Error, ValueError):
        return None


def holds_key_material(value: str) -> bool:
    """Whether ``value`` looks like a private key (then it is never shown, never sent)."""
    if "PRIVATE KEY" in value or "PuTTY-User-Key-File" in value:
        return True
    der = _decoded(value.strip()) if "-----" not in value else None
    return der is not None and _is_key_shaped(der)


def certificate_problem(value: str) -> str | None:
    """None when ``value`` is an X.509 certificate to send, else why not (a sentence's end)."""
    value = value.strip()
    if holds_key_material(value):
        return KEY_REFUSED
    labels = _PEM_BEGIN.findall(value)
    if not labels:
        der = _decoded(value)
        return None if der is not None and _is_certificate(der) else NOT_A_CERTIFICATE
    others = sorted({label for label in labels if label != "CERTIFICATE"})
    if others:
        return f"it holds a {others[0]}, not a certificate"
    if len(labels) > 1:
        return f"it holds {len(labels)} certificates: give the identity provider's signing one"
    block = _PEM_BLOCK.fullmatch(value)
    if block is None:
        return (
            "there is text around the certificate: keep only the lines from -----BEGIN "
            "CERTIFICATE----- to -----END CERTIFICATE-----"
        )
    der = _decoded(block.group(1))
    if der is None:
        return "its CERTIFICATE block is not base64"
    return None if _is_certificate(der) else "its CERTIFICATE block is not an X.509 certificate"


def certificate_from_bytes(raw: bytes) -> tuple[str | None, str | None]:
    """(the certificate as text, None) or (None, why not) for a file's bytes.

    A binary DER file (``.cer``, ``.der``) becomes its PEM; a text file is checked as text.
    """
    try:
        content = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        if _is_certificate(raw):
            body = "\n".join(textwrap.wrap(base64.b64encode(raw).decode("ascii"), 64))
            return f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----", None
        return None, KEY_REFUSED if _is_key_shaped(raw) else NOT_A_CERTIFICATE
    problem = certificate_problem(content)
    return (None, problem) if problem else (content, None)
