"""Lets ``python -m tui`` run docdeck."""

from .cli import main

raise SystemExit(main())
