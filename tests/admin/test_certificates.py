"""Only an X.509 certificate is taken for a SAML provider: never a private key, nor anything else."""

from __future__ import annotations

import pytest

from tests.admin.certificates import CERTIFICATE, PRIVATE_KEY, body, der
from tui.admin.logic.certificates import (
    KEY_REFUSED,
    certificate_from_bytes,
    certificate_problem,
    holds_key_material,
)

RSA_KEY_START = "-----BEGIN RSA PRIVATE KEY-----\nMIICXQIBAAKBgQC8UOUjcPUqPe2Xd\n"


def test_a_pem_certificate_and_its_base64_body_are_certificates():
    assert certificate_problem(CERTIFICATE) is None
    assert certificate_problem(f"\n{CERTIFICATE}\n\n") is None
    assert certificate_problem(body(CERTIFICATE)) is None


@pytest.mark.parametrize(
    "value",
    [
        PRIVATE_KEY,
        body(PRIVATE_KEY),  # a key's base64 without its PEM lines is a key still
        RSA_KEY_START + "-----END RSA PRIVATE KEY-----",
        CERTIFICATE + "\n" + PRIVATE_KEY,  # a combined file: the key is refused with it
    ],
)
def test_a_private_key_is_refused_as_a_key(value):
    assert certificate_problem(value) == KEY_REFUSED
    assert holds_key_material(value)


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("hello", "it is not an X.509 certificate"),
        # A truncated certificate: its frame does not hold.
        ("\n".join([*CERTIFICATE.splitlines()[:-3], "-----END CERTIFICATE-----"]), "not an X.509"),
        (body(CERTIFICATE)[:-8], "it is not an X.509 certificate"),
        (CERTIFICATE + "\n" + CERTIFICATE, "it holds 2 certificates"),
        ("subject=CN = idp\n" + CERTIFICATE, "there is text around the certificate"),
        ("-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----", "PUBLIC KEY"),
        ("-----BEGIN CERTIFICATE-----\n!!!\n-----END CERTIFICATE-----", "is not base64"),
    ],
)
def test_anything_else_is_refused_and_said_why(value, problem):
    found = certificate_problem(value)
    assert found is not None and problem in found


def test_a_certificate_is_not_key_material():
    assert not holds_key_material(CERTIFICATE)
    assert not holds_key_material(body(CERTIFICATE))


def test_a_binary_der_file_becomes_its_pem_and_a_binary_key_is_refused():
    assert certificate_from_bytes(der(CERTIFICATE)) == (CERTIFICATE, None)
    assert certificate_from_bytes(der(PRIVATE_KEY)) == (None, KEY_REFUSED)
    assert certificate_from_bytes(PRIVATE_KEY.encode()) == (None, KEY_REFUSED)
    assert certificate_from_bytes(f"{CERTIFICATE}\n".encode()) == (CERTIFICATE, None)
