#!/usr/bin/python3
"""Which libraries and sections the resident pages of a running nudge come from.

Reads the linker's map of the binary (-Map: lld's format or gold's) and the process's
/proc/PID/pagemap (root),
and attributes every resident page of the binary's mappings to the archives and sections the
linker put there, split by bytes. A page the process wrote (relocations applied by the dynamic
loader, or data) is no longer backed by the file, and is counted as "written" apart.
Usage, with a map of the release build that contrib/install.sh and run.py use (a flag more
builds it again from scratch once, about 6 minutes here):
  contrib/scripts/build-release.sh -Xlinker -Map=/tmp/nudge.map
  resident-by-origin.py --map /tmp/nudge.map --pid PID [--top 15] [--detail ORIGIN]
A GNU-format map (gold's, of a build linked by gold) is read too.
"""
import argparse
import bisect
import collections
import os
import re
import struct
import subprocess

PAGE = os.sysconf("SC_PAGE_SIZE")
INPUT_SECTION = re.compile(r"^ (\.\S*|COMMON)?\s*0x([0-9a-f]+)\s+0x([0-9a-f]+) (\S.*)$")
OUTPUT_SECTION = re.compile(r"^(\.\S+)\s*(?:0x([0-9a-f]+)\s+0x([0-9a-f]+))?$")
LLD_LINE = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+( +)(\S.*)$")


def origin(path, detail):
    """libswiftCore.a(Swift.o) -> libswiftCore; .../GRDB.build/X.swift.o -> GRDB; with the
    origin named in `detail`, its member or object file too."""
    archive = re.match(r".*/([^/]+)\.a\((.*)\)", path)
    build = re.match(r".*/([^/]+)\.build/(.*)", path)
    match = archive or build
    if not match:
        return os.path.basename(path)
    return f"{match.group(1)}: {match.group(2)}" if match.group(1) == detail else match.group(1)


def loaded_sections(binary):
    """Names of the sections that are loaded into memory (flag A); the others, debug info
    among them, have addresses that overlap the loaded ones in the map."""
    listing = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    names = set()
    for line in listing.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+(\S*)", line)
        if match and "A" in match.group(2):
            names.add(match.group(1))
    return names


def read_map(path, loaded, detail):
    """Sorted (start, end, origin, output section) of every input section loaded into memory."""
    with open(path, errors="replace") as handle:
        first = handle.readline()
    if first.split()[:4] == ["VMA", "LMA", "Size", "Align"]:
        return read_lld_map(path, loaded, detail)
    return read_gold_map(path, loaded, detail)


def read_lld_map(path, loaded, detail):
    """lld's map: VMA, LMA, size and alignment in hex, then the output section (one space in),
    an input section as FILE:(SECTION) (nine spaces in), or a symbol (seventeen)."""
    pieces = []
    section = None
    with open(path, errors="replace") as handle:
        handle.readline()
        for line in handle:
            match = LLD_LINE.match(line.rstrip("\n"))
            if not match:
                continue
            start, size, indent, name = int(match.group(1), 16), int(match.group(2), 16), len(match.group(3)), match.group(4)
            if indent == 1:
                section = name
            elif indent == 9 and section in loaded and size and start:
                pieces.append((start, start + size, origin(re.sub(r":\(.*\)$", "", name), detail), section))
    pieces.sort()
    return pieces


def read_gold_map(path, loaded, detail):
    """gold's (GNU) map: its "Memory map" part."""
    pieces = []
    section = None
    pending = None  # an input section name on a line of its own; its numbers follow
    in_memory_map = False
    with open(path, errors="replace") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line == "Memory map":
                in_memory_map = True
                continue
            if not in_memory_map:
                continue
            output = OUTPUT_SECTION.match(line)
            if output:
                section = output.group(1)
                continue
            if section not in loaded:
                continue
            if pending is not None and line.startswith("                0x"):
                words = line.split()
                if len(words) >= 3 and words[1].startswith("0x"):
                    start, size = int(words[0], 16), int(words[1], 16)
                    if size and start:
                        pieces.append((start, start + size, origin(" ".join(words[2:]), detail), section))
                pending = None
                continue
            match = INPUT_SECTION.match(line)
            if match:
                start, size = int(match.group(2), 16), int(match.group(3), 16)
                if size and start:
                    pieces.append((start, start + size, origin(match.group(4), detail), section))
                pending = None
            elif line.startswith(" .") and len(line.split()) == 1:
                pending = line.strip()
    pieces.sort()
    return pieces


def resident_pages(pid, binary):
    """(link-time address, written) of every resident page the binary's mappings hold."""
    mappings = []
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and os.path.realpath(fields[5]) == binary:
                start, end = (int(x, 16) for x in fields[0].split("-"))
                mappings.append((start, end, int(fields[2], 16)))
    base = min(start - offset for start, _, offset in mappings)
    pages = []
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end, _ in mappings:
            pagemap.seek(start // PAGE * 8)
            data = pagemap.read((end - start) // PAGE * 8)
            for index, (entry,) in enumerate(struct.iter_unpack("<Q", data)):
                if entry >> 63 & 1:
                    written = not entry >> 61 & 1
                    pages.append((start + index * PAGE - base, written))
    return pages


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--map", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--detail", help="an origin to break down by object file, such as GRDB")
    options = parser.parse_args()
    binary = os.path.realpath(f"/proc/{options.pid}/exe")
    pieces = read_map(options.map, loaded_sections(binary), options.detail)
    starts = [piece[0] for piece in pieces]
    by_origin = collections.Counter()
    by_section = collections.Counter()
    written_by = collections.Counter()
    total = written = 0
    for address, was_written in resident_pages(options.pid, binary):
        total += PAGE
        written += PAGE if was_written else 0
        covered = 0
        index = max(bisect.bisect_right(starts, address) - 1, 0)
        # Input sections overlapping the page: a few before it may reach into it.
        for start, end, name, section in pieces[max(index - 8, 0):]:
            if start >= address + PAGE:
                break
            overlap = min(end, address + PAGE) - max(start, address)
            if overlap <= 0:
                continue
            covered += overlap
            by_origin[name] += overlap
            by_section[section] += overlap
            if was_written:
                written_by[f"{name} {section}"] += overlap
        if covered < PAGE:
            by_origin["(linker-made: headers, relocations, symbol tables, padding)"] += PAGE - covered
    mib = lambda n: f"{n / 1048576:6.2f} MiB"
    print(f"binary {binary}: {mib(total)} resident, {mib(written)} of it written by the process")
    print("\nby origin:")
    for name, size in by_origin.most_common(options.top):
        print(f"  {mib(size)}  {name}")
    print("\nby output section:")
    for name, size in by_section.most_common(options.top):
        print(f"  {mib(size)}  {name}")
    print("\nwritten pages by origin and section:")
    for name, size in written_by.most_common(options.top):
        print(f"  {mib(size)}  {name}")


if __name__ == "__main__":
    main()
