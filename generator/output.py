"""Writing outputs safely: a temporary file beside the target, then an atomic rename."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path, data: bytes) -> None:
    """Either the whole new file is there, or the old one is untouched; never a partial file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
