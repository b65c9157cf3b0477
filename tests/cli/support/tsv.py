"""The test data files' escapes (tests/data/*.tsv, read in C++ by tests/unit/tsv.hpp)."""


def unescape(field: str) -> bytes:
    """A TSV field with its escapes \\t \\n \\r \\\\ \\0 \\xHH turned into the bytes they stand for;
    any other backslash is kept as it is."""
    out, b, i = bytearray(), field.encode("utf-8"), 0
    while i < len(b):
        if b[i] != 0x5C or i + 1 == len(b):
            out.append(b[i])
            i += 1
            continue
        n = chr(b[i + 1])
        if n == "x":
            out.append(int(b[i + 2:i + 4], 16))
            i += 4
            continue
        out += {"t": b"\t", "n": b"\n", "r": b"\r", "0": b"\0", "\\": b"\\"}.get(n, b"\\" + n.encode())
        i += 2
    return bytes(out)
