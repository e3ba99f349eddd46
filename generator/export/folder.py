"""The folder an export writes into: made if missing, refused if it is not a folder, and swept after
the export (files an earlier export wrote that are no longer needed are removed; strays, files no
export wrote, are reported, or removed with --clean).

put() writes one file of an export, unless it already holds those bytes.
Not here: what is written into it (uploads.py, printpdf.py, tts.py) or the record of what was
written (trust.py).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import PnpError
from . import trust
from ..files.output import write_atomic


def prepare(out_dir) -> Path:
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"cannot write images to {out}: {exc.strerror or exc}")
    if not out.is_dir():
        raise PnpError(f"cannot write images to {out}: it is not a folder")
    return out


def put(report, name: str, data: bytes) -> dict:
    """Write `data` as `name` in `report.out` (whole or not at all), unless the file holds those bytes already
    (then it is kept as it is); noted in the report as written or kept. Returns what the export's record
    (trust.py) keeps of it."""
    path = report.out / name
    try:
        same = path.read_bytes() == data
    except OSError:
        same = False
    if same:
        report.kept.append(name)
    else:
        write_atomic(path, data)
        report.written.append(name)
    return {"hash": trust.digest(data), **trust.stamp(path, data)}


def sweep(report, outputs: trust.Outputs, expected: set, clean: bool, found: list) -> None:
    """After an export into `report.out`: remove what an earlier export wrote that is no longer
    needed; report the strays `found` before it, or with `clean`, remove them."""
    out = report.out
    for name in sorted(set(outputs.files) - expected):
        if (out / name).is_file():
            (out / name).unlink()
            report.removed.append(name)
    if clean:
        report.cleaned, report.stray = trust.remove(out, found)
    else:
        report.stray = list(found)
