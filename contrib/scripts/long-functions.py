#!/usr/bin/env python3
"""Lists the functions in Swift sources that are longer than a limit (40 lines by default).

The rule: a function is a `func`, `init` (also `init?`/`init!`), `deinit`, `subscript`, a
computed property (`var name: Type {`), or a closure given as a stored value's body
(`let name = {`, `var name: Type = {`); its length is the lines from the line its declaration
starts on to the line of the brace that closes its body, both counted, comments and blank lines
included. Braces are matched after comments and string literals (with their interpolations)
are taken out. A nested function is counted on its own and inside the one around it. A
requirement without a body (in a protocol) is no function.

Usage: contrib/scripts/long-functions.py [--limit N] [--count] [PATH...]   (default: Sources)
Prints `LINES path:line name` for each one over the limit, longest first; --count prints only
how many there are.
"""
import argparse
import os
import re
import sys


def code_only(text):
    """The text with comments and string contents blanked (newlines kept), so braces match."""
    out = []
    i, n = 0, len(text)
    # Each entry: the paren depth at which an interpolation returns to its string, and the
    # string's delimiter.
    interpolations = []
    paren = 0

    def string(i, quote, raw):
        """Skips a string body from i; returns the index after it, or enters an interpolation."""
        while i < n:
            if text.startswith(quote + raw, i):
                return i + len(quote) + len(raw), None
            c = text[i]
            if c == "\\" and text.startswith("\\" + raw, i):
                j = i + 1 + len(raw)
                if j < n and text[j] == "(":
                    return j + 1, (quote, raw)
                out.append(" " * (j + 1 - i) if "\n" not in text[i : j + 1] else text[i : j + 1])
                i = j + 1
                continue
            out.append("\n" if c == "\n" else " ")
            i += 1
        return i, None

    def enter(i, quote, raw):
        nonlocal paren
        i, interpolation = string(i, quote, raw)
        if interpolation:
            interpolations.append((paren, interpolation))
            paren += 1
        return i

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
            continue
        match = re.match(r'(#*)("""|")', text[i:])
        if match and (match.group(1) or c == '"'):
            raw, quote = match.group(1), match.group(2)
            out.append(" ")
            i = enter(i + match.end(), quote, raw)
            continue
        if c == "(":
            paren += 1
        elif c == ")":
            paren -= 1
            if interpolations and interpolations[-1][0] == paren:
                _, (quote, raw) = interpolations.pop()
                out.append(" ")
                i = enter(i + 1, quote, raw)
                continue
        out.append(c)
        i += 1
    return "".join(out)


DECLARATION = re.compile(
    r"\b(?:func\s+(?P<func>[^\s(<]+)|(?P<init>init[?!]?)\s*[(<]|(?P<deinit>deinit)\s*\{|(?P<subscript>subscript)\s*[(<]"
    r"|(?:var|let)\s+(?P<closure>\w+)\s*(?::[^={\n]+)?=\s*\{|var\s+(?P<computed>\w+)\s*:[^={\n]+\{)"
)
CONTINUATIONS = ("{", "->", "throws", "rethrows", "async", "where", ")")


def body_start(code, i):
    """The index of the `{` that opens the body of the declaration whose signature starts at i."""
    depth = 0
    while i < len(code):
        c = code[i]
        if c in "([<" and not code.startswith("->", i - 1):
            depth += 1
        elif c in ")]>" and not code.startswith("->", i - 1):
            depth = max(depth - 1, 0)
        elif c == "{" and depth == 0:
            return i
        elif c == "\n" and depth == 0:
            rest = code[i:].lstrip()
            if not rest.startswith(CONTINUATIONS):
                return None
        elif c == "}" and depth == 0:
            return None
        i += 1
    return None


def body_end(code, start):
    depth = 0
    for i in range(start, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(code) - 1


def functions(path):
    with open(path, encoding="utf-8") as file:
        code = code_only(file.read())
    for match in DECLARATION.finditer(code):
        name = next(value for value in match.groupdict().values() if value)
        if match.group("closure") or match.group("computed") or match.group("deinit"):
            start = match.end() - 1
        else:
            # From the `(` or `<` that follows init and subscript, which the match took.
            start = body_start(code, match.end() - (0 if match.group("func") else 1))
            if start is None:
                continue
        first = code.count("\n", 0, match.start()) + 1
        last = code.count("\n", 0, body_end(code, start)) + 1
        yield last - first + 1, first, name


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=40)
    parser.add_argument("--count", action="store_true")
    parser.add_argument("paths", nargs="*", default=["Sources"])
    arguments = parser.parse_args()
    found = []
    for root in arguments.paths:
        walked = [(root, [], [root])] if os.path.isfile(root) else os.walk(root)
        for directory, _, names in walked:
            for name in names:
                if name.endswith(".swift"):
                    path = name if directory == name else os.path.join(directory, name)
                    found += [(lines, path, line, what) for lines, line, what in functions(path)]
    over = sorted((entry for entry in found if entry[0] > arguments.limit), key=lambda entry: (-entry[0], entry[1]))
    if arguments.count:
        print(len(over))
        return
    for lines, path, line, name in over:
        print(f"{lines:4} {path}:{line} {name}")


if __name__ == "__main__":
    sys.exit(main())
