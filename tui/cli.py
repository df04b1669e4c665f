"""Provides the command line: ``docdeck`` and its subcommands."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from . import __version__
from .paths import service_database

if TYPE_CHECKING:
    # argparse loads only for what a plain start does not use (see _plain_start).
    import argparse

__all__ = ["main"]


def _serve(args: argparse.Namespace) -> int:
    import sqlite3

    from tui.service import create_app
    from tui.service.server import is_loopback, public_origin, serve, served_origin

    from .config import ConfigError
    from .files import private_database
    from .paths import data_dir

    try:
        origin = public_origin(args.public_url) if args.public_url else None
    except ValueError as error:
        raise ConfigError(str(error)) from None
    # The service's URLs are made of this, never of a request's Host header (anyone's).
    origin = origin or served_origin(args.host, args.port)
    database = args.database or service_database(args.dataset)
    try:
        private_database(Path(database), None if args.database else data_dir())
        app = create_app(
            args.dataset, database, reset=args.reset, max_body=args.max_body, public_url=origin
        )
    except (OSError, sqlite3.Error) as exc:
        raise ConfigError(f"cannot use the database {database}: {exc}") from None
    store = app.state.emulator.store
    base_url = f"{origin}/v1"
    # Only the datasets' published demo tokens: one added to this database is someone's secret.
    tokens = [doc["id"] for doc in store.list("token") if doc["id"].startswith("demo-")]
    exposed = not is_loopback(args.host)
    if exposed and tokens and not args.allow_demo_tokens:
        # Before a token is printed: the demo tokens are in the README, so anyone who reaches
        # the address would be an administrator.
        raise ConfigError(
            f"refusing to serve on {args.host}, which other machines can reach: this database "
            "has the demo tokens, published in the README, and anyone reaching it could read "
            "and change everything with them. Serve on 127.0.0.1 (the default), or pass "
            "--allow-demo-tokens if that is what you want"
        )
    print(f"docdeck local service, dataset {args.dataset!r}, data in {database}")
    print(f"Base URL: {base_url}")
    if exposed and tokens:
        print(
            f"Warning:  serving on {args.host} with the demo tokens (--allow-demo-tokens): "
            "anyone who reaches it can use them."
        )
    print("Tokens:   " + ", ".join(tokens[:6]) + (" …" if len(tokens) > 6 else ""))
    if tokens:
        print(f'Try:      curl -H "Authorization: Bearer {tokens[0]}" {base_url}/orgs')
    sys.stdout.flush()
    serve(app, args.host, args.port)
    return 0


_SIZE_UNITS = {"": 1, "b": 1, "kib": 1024, "mib": 1024**2, "gib": 1024**3}


def _byte_size(text: str) -> int:
    """A size such as ``2MiB``, ``512KiB`` or ``1048576`` (bytes), for argparse."""
    import argparse

    number = text.strip().rstrip("bBiIkKmMgG")
    unit = text.strip()[len(number) :].lower()
    if not number.isdigit() or unit not in _SIZE_UNITS or int(number) == 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 2MiB, 512KiB or 4096")
    return int(number) * _SIZE_UNITS[unit]


def _port(text: str) -> int:
    import argparse

    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number from 1 to 65535")
    return int(text)


def _check_token(base_url: str, token: str) -> str:
    """The display name of the token's owner; raises ApiError when the service refuses it."""
    import asyncio

    from .api import Client

    async def check() -> str:
        async with Client(token, base_url=base_url) as client:
            return (await client.users.get_authenticated_user()).display_name

    return asyncio.run(check())


def _login(args: argparse.Namespace) -> int:
    import getpass

    from .api import errors
    from .api.defaults import DEFAULT_BASE_URL
    from .config import Profile, TokenStore, check_base_url, check_token, load_config, save_config

    config = load_config()
    profile = args.profile or config.default_profile or "default"
    known = config.profiles.get(profile)
    base_url = check_base_url(
        args.base_url or (known.base_url if known else None) or DEFAULT_BASE_URL
    )
    token = getpass.getpass(f"API token for {profile} ({base_url}): ").strip()
    if not token:
        print("No token given; nothing changed.", file=sys.stderr)
        return 1
    token = check_token(token, "the prompt")
    try:
        name = _check_token(base_url, token)
    except errors.ApiError as error:
        print(f"{error.title}: {error.message}\n{error.hint}", file=sys.stderr)
        return 1
    where = TokenStore().save(profile, token)
    config.profiles[profile] = Profile(base_url=base_url, read_only=bool(known and known.read_only))
    config.default_profile = config.default_profile or profile
    path = save_config(config)
    print(f"Signed in as {name}. Token stored in {where}; profile {profile!r} saved in {path}.")
    return 0


def _logout(args: argparse.Namespace) -> int:
    from .config import TokenStore, load_config

    config = load_config()
    profile = args.profile or config.default_profile or "default"
    if TokenStore().delete(profile):
        print(f"Removed the token of profile {profile!r}.")
    else:
        print(f"Profile {profile!r} had no stored token.")
    return 0


DEMO_BASE_URL = "http://demo.local/v1"


def _demo_client(reset: bool = False) -> tuple[Any, Any]:
    """A client of the local service in-process, on demo data kept in the user data directory."""
    import sqlite3

    from tui.service import create_app

    from .api.in_process import in_process_client
    from .app import ConnectionLabel
    from .config import ConfigError
    from .files import private_database
    from .paths import data_dir

    database = data_dir() / "demo.sqlite3"
    try:
        private_database(database, data_dir())
        service = create_app("demo", database, reset=reset)
    except (OSError, sqlite3.Error) as exc:
        raise ConfigError(f"cannot use the demo's database {database}: {exc}") from None
    client = in_process_client(service, "demo-admin", base_url=DEMO_BASE_URL)
    return client, ConnectionLabel("demo", "local demo")


def _profile_client(args: argparse.Namespace, config: Any) -> tuple[Any, Any] | None:
    """A client of the profile's service, or None when it has no token (the connect screen)."""
    from .api import Client
    from .config import TokenStore, resolve_connection

    connection = resolve_connection(
        token=args.token,
        base_url=args.base_url,
        profile=args.profile,
        config=config,
        tokens=TokenStore(),
    )
    if connection is None:
        return None
    return Client(connection.token, base_url=connection.base_url), connection


def _first_screen(args: argparse.Namespace, config: Any) -> tuple[Any, Any, Any]:
    """How the app starts: the first screen, a client if connected already, the connection.

    The demo, and a profile whose organisations a former session kept in the first-screen
    cache, connect after the first frame (see tui/first_screen.py). A profile never browsed
    connects first: its token decides between the organisations and the connect screen.
    """
    import os
    from functools import partial
    from urllib.parse import urlsplit

    from .app import ConnectionLabel
    from .config import connection_key
    from .first_screen import FirstScreen, FirstScreenCache

    cache = FirstScreenCache()
    if args.demo:
        painted = cache.load("demo", DEMO_BASE_URL)
        first = FirstScreen(
            cache, "demo", DEMO_BASE_URL, painted, partial(_demo_client, args.reset)
        )
        return first, None, ConnectionLabel("demo", "local demo")
    token_given = bool(args.token or os.environ.get("DOCDECK_TOKEN"))
    profile, base_url = connection_key(
        token_given=token_given, base_url=args.base_url, profile=args.profile, config=config
    )
    painted = cache.load(profile, base_url)
    if painted is None:
        client, connection = _profile_client(args, config) or (None, None)
        return FirstScreen(cache, profile, base_url), client, connection
    connect = partial(_profile_client, args, config)
    label = ConnectionLabel(profile, urlsplit(base_url).netloc or base_url)
    return FirstScreen(cache, profile, base_url, painted, connect), None, label


def _run_app(args: argparse.Namespace) -> int:
    import gc

    # No collection before the first frame (the app turns the collector back on after it):
    # start-up allocates much and frees little, and each full collection would walk it all.
    gc.disable()
    try:
        return _start_app(args)
    finally:
        gc.enable()  # whatever happened: the app refused to start, or it ended


def _start_app(args: argparse.Namespace) -> int:
    app = build_app(args)
    app.run()
    if app.startup_error is not None:
        print(f"docdeck: {app.startup_error}", file=sys.stderr)
    return int(app.return_code or 0)


def _seen_store(profile: str) -> Any:
    """The profile's file of what the user saw (review's ``SeenStore``), made on first use."""
    from tui.review.logic.activity import SeenStore

    return SeenStore.for_profile(profile)


def build_app(args: argparse.Namespace) -> Any:
    """The app as ``docdeck`` starts it from its flags, config file and stored tokens."""
    from functools import partial

    from .app import DocdeckApp
    from .config import (
        ConfigError,
        Connection,
        Profile,
        TokenStore,
        load_config,
        preferred_base_url,
        profile_is_read_only,
        save_config,
    )

    config = load_config()
    first, client, label = _first_screen(args, config)

    # Remembering is a convenience: a config file or token store that became unwritable
    # while the app runs costs the memory, never the session.
    def remember_theme(theme: str) -> None:
        with contextlib.suppress(ConfigError):
            latest = load_config()
            if latest.theme != theme:
                latest.theme = theme
                save_config(latest)

    def remember_connection(made: Connection) -> None:
        with contextlib.suppress(ConfigError):
            TokenStore().save(made.profile, made.token)
            latest = load_config()
            known = latest.profiles.get(made.profile)
            latest.profiles[made.profile] = Profile(
                base_url=made.base_url, read_only=bool(known and known.read_only)
            )
            latest.default_profile = latest.default_profile or made.profile
            save_config(latest)

    app = DocdeckApp(
        client,
        label,
        config,
        on_theme_change=remember_theme,
        open_demo=_demo_client,
        on_connect=remember_connection,
        base_url=preferred_base_url(args.base_url, args.profile, config),
        first_screen=first,
        read_only=args.read_only or (not args.demo and profile_is_read_only(args.profile, config)),
        seen_store=partial(
            _seen_store, (label.profile if label is not None else "") or args.profile or "default"
        ),
    )
    return app


def _parser() -> argparse.ArgumentParser:
    import argparse

    from tui.service.datasets import DATASETS

    from .api.defaults import DEFAULT_BASE_URL

    parser = argparse.ArgumentParser(
        prog="docdeck", description="A terminal client for your documentation platform."
    )
    parser.add_argument("--version", action="version", version=f"docdeck {__version__}")
    parser.add_argument("--token", help="API token (default: $DOCDECK_TOKEN, else the profile's)")
    parser.add_argument(
        "--base-url", help="API base URL (default: $DOCDECK_BASE_URL, else the profile's)"
    )
    parser.add_argument("--profile", help="a profile of the config file (see docdeck login)")
    parser.add_argument("--demo", action="store_true", help="browse the demo, served in-process")
    parser.add_argument("--reset", action="store_true", help="with --demo: start the demo over")
    parser.add_argument(
        "--read-only",
        action="store_true",
        help="change nothing: hide every action that writes, send only reads "
        "(a profile can ask for it with read_only = true)",
    )
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="serve the local service over HTTP")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1); any other than loopback needs "
        "--allow-demo-tokens while the database has the demo tokens",
    )
    serve.add_argument("--port", type=_port, default=8787)
    serve.add_argument("--database", help="SQLite file (default: in the user data directory)")
    serve.add_argument("--dataset", default="demo", choices=sorted(DATASETS))
    serve.add_argument("--reset", action="store_true", help="restore the dataset, losing changes")
    serve.add_argument(
        "--max-body",
        type=_byte_size,
        default="2MiB",
        metavar="SIZE",
        help="refuse request bodies larger than this with 413 (default: 2MiB)",
    )
    serve.add_argument(
        "--public-url",
        metavar="URL",
        help="the address clients reach the service at (e.g. behind a proxy); the URLs it "
        "answers with start with it (default: http://HOST:PORT)",
    )
    serve.add_argument(
        "--allow-demo-tokens",
        action="store_true",
        help="serve on a non-loopback address although the demo tokens (published in the "
        "README) give anyone who reaches it full access",
    )
    serve.set_defaults(run=_serve)
    login = commands.add_parser("login", help="store a token for a profile, after checking it")
    login.add_argument("--profile", help="profile name (default: the default profile)")
    login.add_argument("--base-url", help=f"the API's base URL (default: {DEFAULT_BASE_URL})")
    login.set_defaults(run=_login)
    logout = commands.add_parser("logout", help="remove a profile's stored token")
    logout.add_argument("--profile", help="profile name (default: the default profile)")
    logout.set_defaults(run=_logout)
    return parser


_FLAGS = {"--demo": "demo", "--reset": "reset", "--read-only": "read_only"}
_OPTIONS = {"--token": "token", "--base-url": "base_url", "--profile": "profile"}


def _plain_start(argv: Sequence[str]) -> argparse.Namespace | None:
    """The flags of a plain start (``docdeck --demo``, ``docdeck --profile work``) read
    without argparse, or None for anything else (a subcommand, ``--help``, an abbreviation,
    a value missing or like a flag): argparse and its gettext cost the first frame 3 ms, and
    the serve command's choices the local service's import. Gives what ``_parser()`` would.
    """
    values: dict[str, Any] = dict.fromkeys(_OPTIONS.values())
    values.update(dict.fromkeys(_FLAGS.values(), False))
    words = list(argv)
    while words:
        word = words.pop(0)
        name, equals, value = word.partition("=")
        if word in _FLAGS:
            values[_FLAGS[word]] = True
        elif name in _OPTIONS and equals:
            values[_OPTIONS[name]] = value
        elif word in _OPTIONS and words and not words[0].startswith("-"):
            values[_OPTIONS[word]] = words.pop(0)
        else:
            return None
    return cast("argparse.Namespace", SimpleNamespace(**values, command=None))


def main(argv: Sequence[str] | None = None) -> int:
    """Run docdeck; input it cannot use (a URL, profile, config file, token store) ends in
    one line on stderr and exit code 2, as argparse does for bad flags, never a traceback."""
    import gc

    from .config import ConfigError

    gc.disable()  # for the app's first frame (see _run_app); back on at once for the rest
    try:
        args = _plain_start(sys.argv[1:] if argv is None else argv)
        if args is None:
            args = _parser().parse_args(argv)
    finally:
        gc.enable()
    try:
        if args.command is None:
            return _run_app(args)
        return int(args.run(args))
    except ConfigError as error:
        print(f"docdeck: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
