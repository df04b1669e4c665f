"""Provides the configuration file, the profiles and where their tokens are kept.

The config file is TOML in the user config directory:

    default_profile = "work"
    theme = "textual-dark"

    [profiles.work]
    base_url = "https://api.gitbook.com/v1"
    read_only = true      # look around production safely: nothing is changed

    [keys]
    "app.quit" = "q,ctrl+q"

Tokens are never written there: they go to the system keyring when one really works, else to
a credentials file only its owner can read. Both files are written whole (``tui.files``): a
full disk leaves the old file as it was. Saving the config keeps every setting the file holds,
those docdeck does not know included (``docdeck login`` must not drop ``read_only``).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from .api.defaults import DEFAULT_BASE_URL
from .files import read_cache, read_private, write_cache, write_private
from .paths import cache_dir, config_dir

__all__ = [
    "Config",
    "ConfigError",
    "Connection",
    "Profile",
    "TokenStore",
    "check_base_url",
    "check_token",
    "connection_key",
    "load_config",
    "preferred_base_url",
    "profile_is_read_only",
    "resolve_connection",
    "save_config",
]

KEYRING_SERVICE = "docdeck"
KEYRING_TIMEOUT = 3.0
MAX_CONFIG_FILE = 1024 * 1024
"""Bytes: a config file or token store larger than this is refused, not read into memory."""


class ConfigError(Exception):
    """Something the user gave docdeck cannot be used: the message says what, where and why,
    in one line the command line prints as it is."""


def check_base_url(url: str) -> str:
    """The base URL, trimmed; ConfigError unless it is an absolute http(s) URL with a host."""
    text = url.strip()
    problem = None
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - reading it checks the port
    except ValueError as exc:
        problem = str(exc)
    else:
        if parts.scheme not in ("http", "https") or not parts.hostname:
            problem = "it needs to start with http:// or https:// and name a host"
        elif any(ch.isspace() or not ch.isprintable() for ch in text):
            problem = "it contains spaces or control characters"
    if problem is None:
        from .api.client import url_problem  # the client's own parser has the last word

        problem = url_problem(text)
    if problem is not None:
        raise ConfigError(f"the base URL {text!r} is not valid: {problem}")
    return text


def check_token(token: str, where: str) -> str:
    """The token, trimmed; ConfigError (never showing it) if no HTTP header could carry it."""
    text = token.strip()
    if not text or not all("!" <= ch <= "~" for ch in text):
        raise ConfigError(
            f"the token from {where} is not usable: a token is letters, digits and punctuation, "
            "without spaces or other characters"
        )
    return text


class _WrongValue(Exception):
    """A value of the config file that is not of the kind expected, and where it is."""

    def __init__(self, where: str, expected: str) -> None:
        super().__init__(f"`{where}`: {expected}")


def _string(value: object, where: str, *, optional: bool = False) -> Any:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise _WrongValue(where, "Input should be a valid string")
    return value


def _boolean(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _WrongValue(where, "Input should be true or false")
    return value


def _seconds(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 86400:
        raise _WrongValue(where, "Input should be a number of seconds from 0 to 86400")
    return float(value)


def _table(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _WrongValue(where, "Input should be a valid dictionary")
    return value


# The value types below are read before the first frame: NamedTuples and a plain class, not
# dataclasses (in a fresh process a dataclass costs 0.4–0.6 ms to define, a NamedTuple
# 0.2–0.4 ms, a plain class a tenth of that).


class Profile(NamedTuple):
    """A named connection to a service."""

    base_url: str = DEFAULT_BASE_URL
    """The API's base URL, ending in /v1."""
    read_only: bool = False
    """Refuse every change with this profile, as ``docdeck --read-only`` does."""


class Config:
    """What the config file holds (changed in place, then written by ``save_config``)."""

    __slots__ = ("default_profile", "document", "keys", "poll_interval", "profiles", "theme")

    def __init__(
        self,
        *,
        default_profile: str | None = None,
        theme: str | None = None,
        profiles: dict[str, Profile] | None = None,
        keys: dict[str, str] | None = None,
        document: dict[str, Any] | None = None,
        poll_interval: float = 60.0,
    ) -> None:
        self.default_profile = default_profile
        """The profile used when neither --profile nor a token in the environment is given."""
        self.theme = theme
        """The Textual theme; the app remembers the last one chosen."""
        self.profiles: dict[str, Profile] = profiles if profiles is not None else {}
        """Connections by name."""
        self.keys: dict[str, str] = keys if keys is not None else {}
        """Key bindings remapped by binding id, e.g. {"app.quit": "ctrl+q"}."""
        self.document: dict[str, Any] = document if document is not None else {}
        """The file as parsed: ``save_config`` writes the values above into it, keeping the
        rest."""
        self.poll_interval = poll_interval
        """Seconds between two looks for others' activity (the review queue, a change
        request); longer while nothing changes. ``poll_interval = 0`` never looks by itself."""

    def _values(self) -> tuple[object, ...]:
        return (self.default_profile, self.theme, self.profiles, self.keys, self.poll_interval)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Config):
            return NotImplemented
        return self._values() == other._values() and self.document == other.document

    __hash__ = None  # type: ignore[assignment]  # changed in place

    def __repr__(self) -> str:
        return (
            f"Config(default_profile={self.default_profile!r}, theme={self.theme!r}, "
            f"profiles={self.profiles!r}, keys={self.keys!r}, "
            f"poll_interval={self.poll_interval!r})"
        )

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Config:
        """The config from a parsed file; _WrongValue names the first value of a wrong kind.

        Checked by hand rather than by pydantic: the config is read before the first frame,
        which pydantic's import alone would delay by a sixth (see tui/first_screen.py).
        Unknown keys are ignored, as they were.
        """
        profiles = {
            str(name): Profile(
                _string(
                    _table(profile, f"profiles.{name}").get("base_url", DEFAULT_BASE_URL),
                    f"profiles.{name}.base_url",
                ),
                _boolean(profile.get("read_only", False), f"profiles.{name}.read_only"),
            )
            for name, profile in _table(data.get("profiles", {}), "profiles").items()
        }
        keys = {
            str(key): _string(value, f"keys.{key}")
            for key, value in _table(data.get("keys", {}), "keys").items()
        }
        return cls(
            poll_interval=_seconds(data.get("poll_interval", 60.0), "poll_interval"),
            default_profile=_string(data.get("default_profile"), "default_profile", optional=True),
            theme=_string(data.get("theme"), "theme", optional=True),
            profiles=profiles,
            keys=keys,
            document=data,
        )


def config_path() -> Path:
    return Path(os.environ.get("DOCDECK_CONFIG", config_dir() / "config.toml"))


def load_config(path: Path | None = None) -> Config:
    path = path or config_path()
    try:
        text = read_private(path, MAX_CONFIG_FILE).decode("utf-8")
    except FileNotFoundError:
        return Config()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the config file {path}: {_reason(exc)}") from None
    try:
        return Config.from_toml(_parsed(text, path))
    except _WrongValue as exc:
        raise ConfigError(f"the config file {path} has a wrong value at {exc}") from None


PARSED_FORMAT = 1
"""Bumped when the kept parse's shape changes: a file of another format is ignored."""

_PARSER = f"tomllib of Python {sys.version_info[0]}.{sys.version_info[1]}"
"""What parsed the kept parse: another Python's tomllib could read a text otherwise."""


def _parsed(text: str, path: Path) -> dict[str, Any]:
    """The config file's TOML, parsed: as the last parse of this very text left it, when the
    cache kept it, else by tomllib (whose import costs the first frame 2 ms, a hundredth).

    The parse is kept in ``marshal``'s form of plain data with the text it came from and the
    Python that parsed it, and used only for that exact text: an edited file is parsed again.
    Like the config file, it must be the user's alone (``read_cache``); anything else, or a
    parse that form cannot hold (a TOML date), is simply parsed each time.
    """
    root = cache_dir()
    kept = root / "config" / "parsed.marshal"
    with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
        held: Any = marshal.loads(read_cache(kept, root, 2 * MAX_CONFIG_FILE))
        if (
            isinstance(held, dict)
            and held.get("format") == PARSED_FORMAT
            and held.get("parser") == _PARSER
            and held.get("text") == text
            and isinstance(held.get("document"), dict)
        ):
            document: dict[str, Any] = held["document"]
            return document
    import tomllib

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"the config file {path} is not valid TOML: {exc}") from None
    with contextlib.suppress(OSError, ValueError):  # an unwritable cache, a date: next time
        parse = {"format": PARSED_FORMAT, "parser": _PARSER, "text": text, "document": document}
        write_cache(kept, root, marshal.dumps(parse))
    return document


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, UnicodeDecodeError):
        return "it is not UTF-8 text"
    return str(exc)


def _document(config: Config) -> dict[str, Any]:
    """The file's settings with the config's own written over them (a deep copy)."""
    import copy

    document: dict[str, Any] = copy.deepcopy(config.document)
    document.update(
        {
            key: value
            for key in ("default_profile", "theme")
            if (value := getattr(config, key)) is not None
        }
    )
    if config.poll_interval != 60.0 or "poll_interval" in document:
        document["poll_interval"] = config.poll_interval
    profiles = document.get("profiles")
    profiles = profiles if isinstance(profiles, dict) else {}
    for name, profile in config.profiles.items():
        table = profiles.get(name)
        table = table if isinstance(table, dict) else {}
        table["base_url"] = profile.base_url
        if profile.read_only or "read_only" in table:
            table["read_only"] = profile.read_only
        profiles[name] = table
    for name in set(profiles) - set(config.profiles):
        del profiles[name]  # removed from the config: removed from the file
    if profiles:
        document["profiles"] = profiles
    if config.keys:
        keys = document.get("keys")
        document["keys"] = {**(keys if isinstance(keys, dict) else {}), **config.keys}
    return document


def save_config(config: Config, path: Path | None = None) -> Path:
    """Write the config whole (0600, its folder 0700), keeping every other setting of the file."""
    path = path or config_path()
    try:
        from .toml_writer import dump_toml  # only to save: not before the first frame

        write_private(path, dump_toml(_document(config)))
    except OSError as exc:
        raise ConfigError(f"cannot write the config file {path}: {_reason(exc)}") from None
    return path


def _with_timeout(call: Callable[[], Any], timeout: float) -> Any:
    from concurrent.futures import ThreadPoolExecutor  # only for the keyring

    pool = ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(call).result(timeout=timeout)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


class TokenStore:
    """Keeps tokens per profile: in the keyring when it works, else in an owner-only file."""

    def __init__(self, directory: Path | None = None, *, use_keyring: bool = True) -> None:
        self.directory = directory or config_path().parent
        self.file = self.directory / "credentials.json"
        self.use_keyring = use_keyring and not os.environ.get("DOCDECK_NO_KEYRING")

    def __repr__(self) -> str:
        return f"TokenStore(file={str(self.file)!r})"

    def _keyring(self) -> Any:
        if not self.use_keyring:
            return None
        try:
            import keyring
            from keyring.backends import fail
        except ImportError:
            return None
        try:
            backend = _with_timeout(keyring.get_keyring, KEYRING_TIMEOUT)
        except Exception:  # a time-out of the keyring too
            return None
        # The "fail" backend, or one the library itself ranks as unusable, means no keyring.
        if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
            return None
        return keyring

    def _read_file(self) -> dict[str, str]:
        try:
            text = read_private(self.file, MAX_CONFIG_FILE).decode("utf-8")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot read the token store {self.file}: {_reason(exc)}") from None
        import json  # not before the first frame: the token store is read after it

        try:
            data = json.loads(text)
        except ValueError:
            data = None
        # Reading a damaged store as empty would let the next save drop every other token.
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise ConfigError(
                f"the token store {self.file} is damaged (not a JSON object of tokens); "
                "remove it and sign in again"
            )
        return {str(k): v for k, v in data.items()}

    def _write_file(self, tokens: dict[str, str]) -> None:
        import json

        # Whole or not at all: a full disk leaves every stored token as it was.
        try:
            write_private(self.file, json.dumps(tokens))
        except OSError as exc:
            raise ConfigError(f"cannot write the token store {self.file}: {_reason(exc)}") from None

    def save(self, profile: str, token: str) -> str:
        """Keep the token; returns where it went, in words for the user."""
        keyring = self._keyring()
        if keyring is not None:
            try:
                _with_timeout(
                    lambda: keyring.set_password(KEYRING_SERVICE, profile, token), KEYRING_TIMEOUT
                )
                if (
                    _with_timeout(
                        lambda: keyring.get_password(KEYRING_SERVICE, profile), KEYRING_TIMEOUT
                    )
                    == token
                ):
                    self._forget_in_file(profile)
                    return "the system keyring"
            except Exception:
                pass
        tokens = self._read_file()
        tokens[profile] = token
        self._write_file(tokens)
        return f"{self.file} (readable by you only)"

    def load(self, profile: str) -> str | None:
        tokens = self._read_file()
        if profile in tokens:
            return tokens[profile]
        keyring = self._keyring()
        if keyring is None:
            return None
        try:
            value = _with_timeout(
                lambda: keyring.get_password(KEYRING_SERVICE, profile), KEYRING_TIMEOUT
            )
        except Exception:
            return None
        return str(value) if value else None

    def _forget_in_file(self, profile: str) -> bool:
        tokens = self._read_file()
        if profile not in tokens:
            return False
        del tokens[profile]
        self._write_file(tokens)
        return True

    def delete(self, profile: str) -> bool:
        removed = self._forget_in_file(profile)
        keyring = self._keyring()
        if keyring is not None:
            try:
                _with_timeout(
                    lambda: keyring.delete_password(KEYRING_SERVICE, profile), KEYRING_TIMEOUT
                )
                removed = True
            except Exception:
                pass
        return removed


class Connection(NamedTuple):
    """Where to connect and with what; ``repr`` never shows the token."""

    base_url: str
    token: str
    profile: str

    def __repr__(self) -> str:
        return f"Connection(base_url={self.base_url!r}, profile={self.profile!r}, token=***)"

    @property
    def host(self) -> str:
        from urllib.parse import urlsplit

        return urlsplit(self.base_url).netloc or self.base_url


def profile_is_read_only(profile: str | None, config: Config) -> bool:
    """Whether the named (or default) profile asks for read-only mode."""
    chosen = config.profiles.get(profile or config.default_profile or "default")
    return bool(chosen and chosen.read_only)


def preferred_base_url(base_url: str | None, profile: str | None, config: Config) -> str:
    """The base URL to offer the connect form: the flag, the environment, the profile's."""
    chosen = config.profiles.get(profile or config.default_profile or "default")
    return (
        base_url
        or os.environ.get("DOCDECK_BASE_URL")
        or (chosen.base_url if chosen else DEFAULT_BASE_URL)
    )


def connection_key(
    *, token_given: bool, base_url: str | None, profile: str | None, config: Config
) -> tuple[str, str]:
    """The profile and base URL a connection will have, without reading a token or checking the
    URL: the key of the first-screen cache, known before the first frame. ConfigError for a
    profile that does not exist, as ``resolve_connection`` says."""
    base_url = base_url or os.environ.get("DOCDECK_BASE_URL") or None
    name = profile or config.default_profile or "default"
    chosen = config.profiles.get(name)
    if chosen is None and profile is not None:
        raise ConfigError(f"no profile named {profile!r} in {config_path()}")
    url = (base_url or (chosen.base_url if chosen else DEFAULT_BASE_URL)).strip()
    return (name if chosen or not token_given else "env"), url


def resolve_connection(
    *,
    token: str | None,
    base_url: str | None,
    profile: str | None,
    config: Config,
    tokens: TokenStore,
) -> Connection | None:
    """The connection from flags, then the environment, then the named or default profile."""
    token_source = "--token" if token else "$DOCDECK_TOKEN"
    token = token or os.environ.get("DOCDECK_TOKEN") or None
    name, url = connection_key(
        token_given=bool(token), base_url=base_url, profile=profile, config=config
    )
    url = check_base_url(url)
    if token:
        return Connection(url, check_token(token, token_source), name)
    stored = tokens.load(name)
    if stored is None:
        return None
    return Connection(url, check_token(stored, f"the token store (profile {name!r})"), name)
