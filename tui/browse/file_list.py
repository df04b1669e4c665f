"""Provides FileList: a space's files in a table, with the details of the highlighted one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable

from tui.core import text
from tui.core.humanize import human_size
from tui.widgets.detail_pane import DetailPane

__all__ = ["FileEntry", "FileList"]


@dataclass(frozen=True)
class FileEntry:
    """A file as the list shows it; ``value`` is the model it stands for."""

    id: str
    name: str
    content_type: str
    size: float
    download_url: str | None = None
    dimensions: str | None = None
    """``640 × 480`` for an image."""
    value: Any = None


class FileList(Vertical):
    """Files as rows (name, type, size); a filter narrows them by name."""

    DEFAULT_CSS = """
    FileList > DataTable {
        height: 1fr;
    }
    FileList > #file-pane {
        height: auto;
        max-height: 45%;
        border-top: hkey $border-blurred;
        background: $surface;
    }
    FileList DetailPane {
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.files: list[FileEntry] = []
        self.loaded = False
        self._filter = ""

    def compose(self) -> ComposeResult:
        table: DataTable[object] = DataTable(id="file-table", cursor_type="row", zebra_stripes=True)
        table.add_columns("Name", "Type", "Size")
        yield table
        with VerticalScroll(id="file-pane"):
            yield DetailPane(id="file-details")

    @property
    def table(self) -> DataTable[object]:
        return self.query_one("#file-table", DataTable)

    def show_files(self, files: Sequence[FileEntry]) -> None:
        self.files = list(files)
        self.loaded = True
        self._redraw()

    def set_filter(self, value: str) -> None:
        self._filter = value.strip()
        self._redraw()

    @property
    def shown_count(self) -> int:
        return self.table.row_count

    @property
    def highlighted(self) -> FileEntry | None:
        table = self.table
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((f for f in self.files if f.id == key), None)

    def _redraw(self) -> None:
        table = self.table
        table.clear()
        needle = self._filter.casefold()
        for file in self.files:
            if needle and needle not in text.one_line(file.name).casefold():
                continue
            table.add_row(
                text.text(file.name),
                text.text(file.content_type),
                human_size(file.size),
                key=file.id,
            )
        self._show_details()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_details()

    def _show_details(self) -> None:
        pane = self.query_one("#file-details", DetailPane)
        file = self.highlighted
        if file is None:
            pane.clear_facts("No file matches." if self.files else "This space has no files.")
            return
        pane.show(
            file.name,
            [
                ("Type", file.content_type),
                ("Size", f"{human_size(file.size)} ({file.size:.0f} bytes)"),
                ("Dimensions", file.dimensions),
                ("Id", file.id),
                ("Download", file.download_url),
            ],
        )
