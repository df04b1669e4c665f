"""Provides the command line: ``docdeck`` and its subcommands."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from . import __version__
from .api.client import DEFAULT_BASE_URL
from .paths import service_database

__all__ = ["main"]


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .emulator import create_app

    database = args.database or service_database(args.dataset)
    app = create_app(args.dataset, database, reset=args.reset)
    store = app.state.emulator.store
    base_url = f"http://{args.host}:{args.port}/v1"
    tokens = [doc["id"] for doc in store.list("token")]
    print(f"docdeck local service, dataset {args.dataset!r}, data in {database}")
    print(f"Base URL: {base_url}")
    print("Tokens:   " + ", ".join(tokens[:6]) + (" …" if len(tokens) > 6 else ""))
    if tokens:
        print(f'Try:      curl -H "Authorization: Bearer {tokens[0]}" {base_url}/orgs')
    sys.stdout.flush()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


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
    from .config import Profile, TokenStore, load_config, save_config

    config = load_config()
    profile = args.profile or config.default_profile or "default"
    known = config.profiles.get(profile)
    base_url = args.base_url or (known.base_url if known else None) or DEFAULT_BASE_URL
    token = getpass.getpass(f"API token for {profile} ({base_url}): ").strip()
    if not token:
        print("No token given; nothing changed.", file=sys.stderr)
        return 1
    try:
        name = _check_token(base_url, token)
    except errors.ApiError as error:
        print(f"{error.title}: {error.message}\n{error.hint}", file=sys.stderr)
        return 1
    where = TokenStore().save(profile, token)
    config.profiles[profile] = Profile(base_url=base_url)
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


def _demo_client(reset: bool = False) -> tuple[Any, Any]:
    """A client of the local service in-process, on demo data kept in the user data directory."""
    from .api.in_process import in_process_client
    from .app import ConnectionLabel
    from .emulator import create_app
    from .paths import data_dir

    service = create_app("demo", data_dir() / "demo.sqlite3", reset=reset)
    client = in_process_client(service, "demo-admin", base_url="http://demo.local/v1")
    return client, ConnectionLabel("demo", "local demo")


def _run_app(args: argparse.Namespace) -> int:
    from .api import Client
    from .app import DocdeckApp
    from .config import (
        ConfigError,
        Connection,
        Profile,
        TokenStore,
        load_config,
        preferred_base_url,
        resolve_connection,
        save_config,
    )

    try:
        config = load_config()
        connection = (
            None
            if args.demo
            else resolve_connection(
                token=args.token,
                base_url=args.base_url,
                profile=args.profile,
                config=config,
                tokens=TokenStore(),
            )
        )
    except ConfigError as error:
        print(f"docdeck: {error}", file=sys.stderr)
        return 2
    client: Client | None = None
    label: Any = connection
    if args.demo:
        client, label = _demo_client(reset=args.reset)
    elif connection is not None:
        client = Client(connection.token, base_url=connection.base_url)

    def remember_theme(theme: str) -> None:
        latest = load_config()
        if latest.theme != theme:
            latest.theme = theme
            save_config(latest)

    def remember_connection(made: Connection) -> None:
        TokenStore().save(made.profile, made.token)
        latest = load_config()
        latest.profiles[made.profile] = Profile(base_url=made.base_url)
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
    )
    app.run()
    return int(app.return_code or 0)


def _parser() -> argparse.ArgumentParser:
    from .emulator.datasets import DATASETS

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
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="serve the local service over HTTP")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8787)
    serve.add_argument("--database", help="SQLite file (default: in the user data directory)")
    serve.add_argument("--dataset", default="demo", choices=sorted(DATASETS))
    serve.add_argument("--reset", action="store_true", help="restore the dataset, losing changes")
    serve.set_defaults(run=_serve)
    login = commands.add_parser("login", help="store a token for a profile, after checking it")
    login.add_argument("--profile", help="profile name (default: the default profile)")
    login.add_argument("--base-url", help=f"the API's base URL (default: {DEFAULT_BASE_URL})")
    login.set_defaults(run=_login)
    logout = commands.add_parser("logout", help="remove a profile's stored token")
    logout.add_argument("--profile", help="profile name (default: the default profile)")
    logout.set_defaults(run=_logout)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return _run_app(args)
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
