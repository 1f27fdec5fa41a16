#!/usr/bin/env python3
"""weft's message catalogs: extract msgids from Sources into po/weft.pot, embed po/*.po into a Swift source.

    scripts/gen-catalogs.py pot     write po/weft.pot from the msgids in Sources
    scripts/gen-catalogs.py swift   write Sources/WeftPrimitives/Catalogs.generated.swift from po/*.po
    scripts/gen-catalogs.py check   exit 1, with a report, when weft.pot, a .po or the Swift source is out of
                                    date (folders after `check` are scanned too, for the checker's own test)

A msgid is the first string literal of a call `<catalog>.text("…"` or `<catalog>.plural("…", "…"`, where the
receiver names a catalog (`catalog.text(`, `context.catalog.plural(`, `Catalog.english.text(`):
other `.text(` calls (an HTTP reply's) are not messages. Msgids are plain literals (no interpolation); placeholders
are written `{name}`.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO_DIR = os.path.join(ROOT, "po")
GENERATED = os.path.join(ROOT, "Sources", "WeftPrimitives", "Catalogs.generated.swift")
CALL = re.compile(r'([A-Za-z_][A-Za-z0-9_.]*?)\s*\.\s*(text|plural)\(\s*"')
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def swift_literal(text, start):
    """The value of the Swift string literal whose opening quote is at text[start]; (value, end) or None."""
    i = start + 1
    out = []
    while i < len(text):
        c = text[i]
        if c == "\\":
            nxt = text[i + 1]
            if nxt == "(":
                return None
            if nxt == "u":
                close = text.index("}", i)
                out.append(chr(int(text[i + 3:close], 16)))
                i = close + 1
                continue
            out.append({"n": "\n", "t": "\t", "0": "\0"}.get(nxt, nxt))
            i += 2
            continue
        if c == '"':
            return "".join(out), i + 1
        if c == "\n":
            return None
        out.append(c)
        i += 1
    return None


def scan(extra=()):
    """[(msgid, msgid_plural or None, [refs])] in order of first use, and [problems]; `extra` are more folders."""
    found = {}
    order = []
    problems = []
    walks = [w for folder in [os.path.join(ROOT, "Sources"), *extra] for w in sorted(os.walk(folder))]
    for directory, dirs, files in walks:
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(directory, name)
            if not name.endswith(".swift") or path == GENERATED:
                continue
            text = open(path, encoding="utf-8").read()
            rel = os.path.relpath(path, ROOT)
            for match in CALL.finditer(text):
                if "catalog" not in match.group(1).lower():
                    continue
                line = text.count("\n", 0, match.start()) + 1
                first = swift_literal(text, match.end() - 1)
                if first is None:
                    problems.append(f"{rel}:{line}: a msgid must be a plain string literal")
                    continue
                msgid, end = first
                plural = None
                if match.group(2) == "plural":
                    rest = re.match(r'\s*,\s*"', text[end:])
                    second = rest and swift_literal(text, end + rest.end() - 1)
                    if not second:
                        problems.append(f"{rel}:{line}: plural's second argument must be a plain string literal")
                        continue
                    plural = second[0]
                key = msgid
                if key not in found:
                    found[key] = (msgid, plural, [])
                    order.append(key)
                elif found[key][1] != plural:
                    problems.append(f"{rel}:{line}: {msgid!r} is used both with and without this plural")
                found[key][2].append(f"{rel}:{line}")
    return [found[k] for k in order], problems


def po_quote(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped.rstrip("\n") or escaped == "\n":
        return '"' + escaped.replace("\n", "\\n") + '"'
    parts = escaped.split("\n")
    lines = ['""']
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if last and part == "":
            break
        lines.append('"' + part + ("" if last else "\\n") + '"')
    return "\n".join(lines)


def pot_text(messages):
    out = [
        "# weft's messages: every msgid the code uses. Written by `make catalogs`; do not edit by hand.",
        "# Translators: copy this file to po/LL.po, fill in the header's Language and Plural-Forms, translate every",
        "# msgstr (keep each {placeholder}; you may reorder them), then run `make catalogs`.",
        "#",
        "#, fuzzy",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: weft\\n"',
        '"Language: \\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"',
        "",
    ]
    for msgid, plural, refs in messages:
        for ref in refs:
            out.append(f"#: {ref}")
        if PLACEHOLDER.search(msgid) or (plural and PLACEHOLDER.search(plural)):
            out.append("#, python-brace-format")
        out.append("msgid " + po_quote(msgid))
        if plural is None:
            out.append('msgstr ""')
        else:
            out.append("msgid_plural " + po_quote(plural))
            out.append('msgstr[0] ""')
            out.append('msgstr[1] ""')
        out.append("")
    return "\n".join(out)


def unquote(s):
    s = s.strip()
    assert s.startswith('"') and s.endswith('"'), s
    body = s[1:-1]
    out = []
    i = 0
    while i < len(body):
        if body[i] == "\\":
            out.append({"n": "\n", "t": "\t"}.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def parse_po(path):
    """{msgid: {"plural": str|None, "msgstr": {index: str}, "fuzzy": bool}} and the header text."""
    entries = {}
    header = ""
    cur = None
    field = None
    fuzzy = False

    def finish():
        nonlocal cur, header, fuzzy
        if cur and cur.get("msgid") is not None:
            if cur["msgid"] == "":
                header = cur["msgstr"].get(0, "")
            elif "msgctxt" not in cur:
                entries[cur["msgid"]] = {"plural": cur.get("msgid_plural"), "msgstr": cur["msgstr"], "fuzzy": fuzzy}
        cur, fuzzy = None, False

    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if cur and cur.get("msgid") is not None:
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            key, idx = field
            if key == "msgstr":
                cur["msgstr"][idx] = cur["msgstr"].get(idx, "") + unquote(line)
            else:
                cur[key] = cur.get(key, "") + unquote(line)
            continue
        keyword, _, value = line.partition(" ")
        if cur is None:
            cur = {"msgstr": {}}
        elif keyword in ("msgid", "msgctxt") and cur["msgstr"]:
            finish()
            cur = {"msgstr": {}}
        m = re.match(r"msgstr\[(\d+)\]$", keyword)
        if keyword == "msgstr" or m:
            field = ("msgstr", int(m.group(1)) if m else 0)
            cur["msgstr"][field[1]] = cur["msgstr"].get(field[1], "") + unquote(value)
        else:
            field = (keyword, None)
            cur[keyword] = cur.get(keyword, "") + unquote(value)
    finish()
    return entries, header


def languages():
    return sorted(name[:-3] for name in os.listdir(PO_DIR) if name.endswith(".po"))


def embedded(path):
    """A .po file's text without its comment lines (flags kept): what the binary parses."""
    lines = []
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line.startswith("#") and not line.startswith("#,"):
            continue
        lines.append(line)
    return "\n".join(lines)


def swift_text():
    codes = languages()
    out = [
        "// Generated by scripts/gen-catalogs.py from po/*.po (`make catalogs`); do not edit.",
        "// The catalogs are embedded so an installed binary, a fresh root and the tests need no search path; each is",
        "// parsed the first time its language is asked for.",
        "",
        "enum ShippedCatalogs {",
        "    /// The languages with a catalog, English (the msgids) aside.",
        "    static let codes = [" + ", ".join(f'"{c}"' for c in codes) + "]",
        "",
        "    /// The parsed catalog of `code`; nil for a language without one.",
        "    static func messages(_ code: String) -> CatalogMessages? {",
        "        switch code {",
    ]
    for code in codes:
        out.append(f'        case "{code}": {code}')
    out += ["        default: nil", "        }", "    }", ""]
    for code in codes:
        text = embedded(os.path.join(PO_DIR, code + ".po"))
        hashes = "#"
        while ('"' + hashes) in text or ("\\" + hashes) in text:
            hashes += "#"
        out.append(f"    private static let {code} = CatalogMessages(")
        out.append(f'        po: {hashes}"""')
        for line in text.split("\n"):
            out.append(line)
        out.append(f'"""{hashes})')
        out.append("")
    out[-1] = "}"
    return "\n".join(out) + "\n"


def check(extra=()):
    problems = []
    messages, scan_problems = scan(extra)
    problems += scan_problems
    wanted = {m[0]: m[1] for m in messages}
    pot_path = os.path.join(PO_DIR, "weft.pot")
    pot, _ = parse_po(pot_path) if os.path.exists(pot_path) else ({}, "")
    for msgid in wanted:
        if msgid not in pot:
            problems.append(f"po/weft.pot lacks {msgid!r} (run `make catalogs`)")
    for msgid in pot:
        if msgid not in wanted:
            problems.append(f"po/weft.pot has {msgid!r}, which no code uses any more (stale; run `make catalogs`)")
    # The `#:` references are left out of the comparison: they move with every edit above a message, and a
    # translator needs the msgids, not today's line numbers.
    for code in languages():
        entries, header = parse_po(os.path.join(PO_DIR, code + ".po"))
        m = re.search(r"nplurals\s*=\s*(\d+)", header)
        nplurals = int(m.group(1)) if m else 0
        if not m or "plural=" not in header:
            problems.append(f"po/{code}.po: the header has no Plural-Forms")
        for msgid, plural in wanted.items():
            entry = entries.get(msgid)
            if entry is None:
                problems.append(f"po/{code}.po lacks {msgid!r}")
                continue
            if entry["fuzzy"]:
                problems.append(f"po/{code}.po: {msgid!r} is marked fuzzy")
            forms = [entry["msgstr"].get(i, "") for i in range(nplurals if plural is not None else 1)]
            if any(form == "" for form in forms):
                problems.append(f"po/{code}.po: {msgid!r} is not translated")
                continue
            if "|" in msgid and any(form.count("|") != msgid.count("|") for form in forms):
                problems.append(f"po/{code}.po: {msgid!r} must keep its {msgid.count('|') + 1} |-separated names")
            expected = set(PLACEHOLDER.findall(msgid)) | set(PLACEHOLDER.findall(plural or ""))
            for form in forms:
                have = set(PLACEHOLDER.findall(form))
                if have - expected or (plural is None and have != expected):
                    problems.append(f"po/{code}.po: {msgid!r} has placeholders {sorted(have)}, not {sorted(expected)}")
        for msgid in entries:
            if msgid not in wanted:
                problems.append(f"po/{code}.po has {msgid!r}, which no code uses any more (stale)")
    if not os.path.exists(GENERATED) or open(GENERATED, encoding="utf-8").read() != swift_text():
        problems.append(f"{os.path.relpath(GENERATED, ROOT)} is out of date with po/ (run `make catalogs`)")
    return problems


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "pot":
        messages, problems = scan()
        for problem in problems:
            print(problem, file=sys.stderr)
        with open(os.path.join(PO_DIR, "weft.pot"), "w", encoding="utf-8") as f:
            f.write(pot_text(messages))
        return 1 if problems else 0
    if command == "swift":
        with open(GENERATED, "w", encoding="utf-8") as f:
            f.write(swift_text())
        return 0
    if command == "check":
        problems = check(sys.argv[2:])
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
