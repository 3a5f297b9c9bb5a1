#!/usr/bin/env python3
"""Adds to the pages generate-manual wrote in man/ what it cannot write: ENVIRONMENT, FILES and
EXIT STATUS (contrib/man/sections.mdoc, the same on every page, in place of its `.Ex -std`) and
EXAMPLES (contrib/man/examples: a block per command page, under the page's name (nudge-call-log);
a page of subcommands shows theirs, nudge(1) the first of each command). A command page without
an example is an error."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parents[2]
examples: dict[str, list[tuple[str, list[str]]]] = {}
for block in (root / "contrib/man/examples").read_text().strip().split("\n\n"):
    head, *commands = block.split("\n")
    page, description = head.split(": ", 1)
    examples.setdefault(page, []).append((description, commands))
sections = (root / "contrib/man/sections.mdoc").read_text()


def chosen(page: str) -> list[tuple[str, list[str]]]:
    if page == "nudge":
        first: dict[str, tuple[str, list[str]]] = {}
        for key, items in examples.items():
            first.setdefault(key.split("-")[1], items[0])
        return list(first.values())
    return [item for key, items in examples.items() if key == page or key.startswith(page + "-") for item in items]


missing = []
for path in sorted((root / "man").glob("nudge*.1")):
    page = path.name[: -len(".1")]
    items = chosen(page)
    if not items:
        missing.append(page)
        continue
    text = path.read_text()
    # A paragraph break between examples: without it, each description runs on from the
    # previous example's last command line.
    added = sections + ".Sh EXAMPLES\n" + ".Pp\n".join(
        description + "\n.Bd -literal -offset indent\n" + "\n".join(commands) + "\n.Ed\n"
        for description, commands in items)
    text, count = re.subn(r'\.Sh "EXIT STATUS"\n\.Ex -std\n?', lambda _: added, text)
    if count != 1:
        sys.exit(f"add-sections.py: man/{path.name} has no generated EXIT STATUS to replace")
    path.write_text(text)
if missing:
    sys.exit("add-sections.py: no example in contrib/man/examples for " + ", ".join(missing))
