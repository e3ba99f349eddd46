"""The folder an export writes into: made if missing, refused if it is not a folder, and swept after
the export (files an earlier export wrote that are no longer needed are removed; strays, files no
export wrote, are reported, or removed with --clean).

Not here: what is written into it (uploads.py, printpdf.py, tts.py) or the record of what was
written (trust.py).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import PnpError
from . import trust


def prepare(out_dir) -> Path:
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"cannot write images to {out}: {exc.strerror or exc}")
    if not out.is_dir():
        raise PnpError(f"cannot write images to {out}: it is not a folder")
    return out


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
