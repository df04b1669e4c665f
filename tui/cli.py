"""Provides the command line: ``docdeck`` and its subcommands."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
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


def _parser() -> argparse.ArgumentParser:
    from .emulator.datasets import DATASETS

    parser = argparse.ArgumentParser(
        prog="docdeck", description="A terminal client for your documentation platform."
    )
    parser.add_argument("--version", action="version", version=f"docdeck {__version__}")
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="serve the local service over HTTP")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8787)
    serve.add_argument("--database", help="SQLite file (default: in the user data directory)")
    serve.add_argument("--dataset", default="demo", choices=sorted(DATASETS))
    serve.add_argument("--reset", action="store_true", help="restore the dataset, losing changes")
    serve.set_defaults(run=_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
