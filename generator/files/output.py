"""Writing outputs safely: the whole new file appears at once, or the old one stays untouched.

The data goes to an anonymous file in the target's folder (Linux O_TMPFILE: if the process is
killed while writing, the kernel frees it and nothing is left behind), which is then given a
temporary name and renamed over the target in one step. Where O_TMPFILE is not available, a
named temporary file is used; temporaries left by a killed process are removed by the next write of an
output (not of a cache file: write_atomic).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import PnpError

TMP_SUFFIX = ".tmp"


def _tmp_prefix(path: Path) -> str:
    return f".{path.name}."


def temp_files(path) -> list[Path]:
    """Temporary files a write to `path` may leave (for tests and the sweep below)."""
    path = Path(path)
    prefix = _tmp_prefix(path)
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return sorted(path.parent / name for name in names if name.startswith(prefix) and name.endswith(TMP_SUFFIX))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def sweep(path: Path) -> None:
    """Remove temporaries of earlier writes to `path` whose process has died."""
    for tmp in temp_files(path):
        pid = tmp.name[len(_tmp_prefix(path)):].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            try:
                tmp.unlink()
            except OSError:
                pass


def _mode() -> int:
    """0666 less the umask, as open() would give (mkstemp's 0600 would hide the PDF from others)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    umask = os.umask(0o22)
    os.umask(umask)
    return 0o666 & ~umask


def _write_all(fd: int, data, durable: bool = True) -> None:
    for part in (data,) if isinstance(data, (bytes, bytearray, memoryview)) else data:
        if isinstance(part, list):                  # buffers written by one call, none copied to join them
            n = os.writev(fd, part) if len(part) <= 1024 else 0
            if n == sum(len(p) for p in part):
                continue
            part = b"".join(part)[n:]
        view = memoryview(part)
        while view:
            n = os.write(fd, view)
            view = view[n:]
    if durable:
        os.fsync(fd)


def _named_tmp(path: Path) -> str:
    fd, tmp = tempfile.mkstemp(prefix=f"{_tmp_prefix(path)}{os.getpid()}.", suffix=TMP_SUFFIX, dir=path.parent)
    os.close(fd)
    os.unlink(tmp)          # only the unique name is wanted
    return tmp


def write_atomic(path, data, durable: bool = True) -> None:
    """Either the whole new file is there, or the old one is untouched; never a partial file. `data`: bytes, or
    an iterable that may be iterated more than once of buffers (or of lists of them, each list written by one
    call), written as it is iterated (a PDF's pictures, render/splice.py: read from their files as they are
    written, never all in memory at once). Not `durable`: without waiting for the disk (fsync), for a file
    whose reader finds it cut short by a crash and does without it (a cache file and its checksum); nor looking
    through its folder for temporaries a killed writer left (a cache folder holds thousands of files, and a
    build writes hundreds: a first build's writes were quadratic): one there is never read, its name not the
    file's, and where O_TMPFILE is (Linux) a writer leaves one only if killed between naming and renaming it."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            raise PnpError(f"cannot write {path}: it is a folder")
        if durable:
            sweep(path)
        mode = _mode()
        tmp = _anonymous(path, data, mode, durable) or _named(path, data, mode, durable)
        try:
            os.replace(tmp, path)
        except BaseException:
            _unlink(tmp)
            raise
        if durable:
            _sync_dir(path.parent)
    except OSError as exc:
        raise PnpError(f"cannot write {path}: {exc.strerror or exc}")


def write_if_changed(path, data: bytes) -> None:
    """write_atomic, unless the file already holds exactly these bytes (its time then stays as it was)."""
    try:
        if Path(path).read_bytes() == data:
            return
    except OSError:
        pass
    write_atomic(path, data)


def _anonymous(path: Path, data: bytes, mode: int, durable: bool = True) -> str | None:
    """Write into an O_TMPFILE and give it a temporary name; None where that is not possible."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None:
        return None
    try:
        fd = os.open(path.parent, flag | os.O_WRONLY, mode)
    except OSError:
        return None
    try:
        _write_all(fd, data, durable)
        tmp = _named_tmp(path)
        try:
            # linkat(AT_SYMLINK_FOLLOW) through /proc names the anonymous file; a dir_fd is needed
            # for Python to call linkat rather than link (which would not follow the magic link)
            proc = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.link(str(fd), tmp, src_dir_fd=proc, follow_symlinks=True)
            finally:
                os.close(proc)
        except (OSError, NotImplementedError):
            return None
        return tmp
    finally:
        os.close(fd)


def _named(path: Path, data: bytes, mode: int, durable: bool = True) -> str:
    tmp = _named_tmp(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        _write_all(fd, data, durable)
    except BaseException:
        os.close(fd)
        _unlink(tmp)
        raise
    os.close(fd)
    return tmp


def _unlink(p) -> None:
    try:
        os.unlink(p)
    except OSError:
        pass


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
