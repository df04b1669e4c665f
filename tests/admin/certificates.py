"""Certificates and keys of the tests: a real self-signed X.509 certificate and its private key.

Made once with ``openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes
-subj /CN=idp.northwind.test``; the key signs nothing anywhere (it is a test's, thrown away).
"""

from __future__ import annotations

import base64

CERTIFICATE = (
    "-----BEGIN CERTIFICATE-----\n"
    "MIIBjjCCATWgAwIBAgIUGoOdmfGhFFSN4/Cs7ObUdl0An+AwCgYIKoZIzj0EAwIw\n"
    "HTEbMBkGA1UEAwwSaWRwLm5vcnRod2luZC50ZXN0MB4XDTI2MTEyNTEyMDMzN1oX\n"
    "DTM2MTEyMjEyMDMzN1owHTEbMBkGA1UEAwwSaWRwLm5vcnRod2luZC50ZXN0MFkw\n"
    "EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEDJXh9RkQBpRDsLcs12pPke7C7JbCjjPG\n"
    "bkO57dJ90JP5OHB7WxegPJAKjqMNPifZoM/yA7xTDWJbc5gDBxkOrqNTMFEwHQYD\n"
    "VR0OBBYEFKbzjDSGlBwqIADQXmMa3ULUKaTrMB8GA1UdIwQYMBaAFKbzjDSGlBwq\n"
    "IADQXmMa3ULUKaTrMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDRwAwRAIg\n"
    "DrvdgKCKA2yHvIOfyMetb4chj+UDDM3wRCLabIrJytUCIHvy4ny8/LDTkm6xy9H4\n"
    "LUzGvuT+z/cShhSZaN6yQ0jJ\n"
    "-----END CERTIFICATE-----"
)

PRIVATE_KEY = (
    "-----BEGIN PRIVATE KEY-----\n"
    "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgCoZrJ/2MJs2e3v08\n"
    "5lj18aZ13Rj2nlI7qqapHgdhawmhRANCAAQMleH1GRAGlEOwtyzXak+R7sLslsKO\n"
    "M8ZuQ7nt0n3Qk/k4cHtbF6A8kAqOow0+J9mgz/IDvFMNYltzmAMHGQ6u\n"
    "-----END PRIVATE KEY-----"
)


def body(pem: str) -> str:
    """The base64 between a PEM's BEGIN and END lines, on one line."""
    return "".join(line for line in pem.splitlines() if not line.startswith("-----"))


def der(pem: str) -> bytes:
    """The DER bytes of a PEM (what a binary .cer or .der file holds)."""
    return base64.b64decode(body(pem))
