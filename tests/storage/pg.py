"""A throwaway PostgreSQL cluster for the tests, from the distribution's server binaries.

The storage tests run against ``TEST_DATABASE_URL`` when it is set (``.ci/run`` starts a cluster
with this module and sets it). Otherwise the ``pg_server`` fixture starts one itself if ``initdb``
and ``pg_ctl`` exist, and the PostgreSQL half of the suite is skipped if they do not.

    python -m tests.storage.pg start DIR    initialise DIR, start the server, print its URL
    python -m tests.storage.pg stop DIR     stop it (DIR is left for the caller to remove)

PostgreSQL refuses to run as root: as root, the binaries run as the ``postgres`` user (which the
Debian package creates) on a data directory that user owns. The server listens on 127.0.0.1 only,
on a free port, with its socket in DIR, and without fsync (a test cluster is not worth a disk flush).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
from pathlib import Path

DATABASE = "boardgames_test"
SUPERUSER = "postgres"


class ClusterUnavailable(RuntimeError):
    """No PostgreSQL server binaries here (or no user to run them as): the reason is the message."""


def server_bin() -> Path:
    """The directory of ``initdb`` and ``pg_ctl``: Debian keeps them out of PATH, per major version."""
    found = shutil.which("initdb")
    if found:  # resolved: a symlink in PATH may point into the version's directory, next to createdb
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if not versions:
        raise ClusterUnavailable("PostgreSQL server binaries (initdb, pg_ctl) are not installed")
    return Path(versions[-1]).parent


def _runner() -> list[str]:
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(SUPERUSER)
    except KeyError as exc:
        raise ClusterUnavailable("running as root and there is no 'postgres' user to run PostgreSQL as") from exc
    return ["runuser", "-u", SUPERUSER, "--"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(root: Path) -> str:
    """Initialise a cluster in ``root`` (an empty directory), start it, create the test database;
    returns its URL."""
    bin_dir, runner = server_bin(), _runner()
    root.mkdir(parents=True, exist_ok=True)
    if runner:
        entry = pwd.getpwnam(SUPERUSER)
        os.chown(root, entry.pw_uid, entry.pw_gid)
    data = root / "data"
    subprocess.run(
        [*runner, str(bin_dir / "initdb"), "-D", str(data), "-U", SUPERUSER, "-A", "trust", "--no-sync",
         "-E", "UTF8", "--locale=C"],
        check=True, capture_output=True,
    )
    port = _free_port()
    options = f"-h 127.0.0.1 -p {port} -k {root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    subprocess.run(
        [*runner, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(root / "server.log"), "-w", "-o", options,
         "start"],
        check=True, capture_output=True,
    )
    try:
        subprocess.run(
            [*runner, str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", SUPERUSER, DATABASE],
            check=True, capture_output=True,
        )
    except BaseException:
        stop(root)  # a server nobody knows the URL of would outlive the tests
        raise
    return f"postgresql://{SUPERUSER}@127.0.0.1:{port}/{DATABASE}"


def stop(root: Path) -> None:
    """Stop the cluster started in ``root`` (fast shutdown: tests hold nothing worth waiting for)."""
    subprocess.run(
        [*_runner(), str(server_bin() / "pg_ctl"), "-D", str(root / "data"), "-m", "fast", "-w", "stop"],
        check=True, capture_output=True,
    )


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: python -m tests.storage.pg start|stop DIR", file=sys.stderr)
        return 2
    root = Path(argv[1]).resolve()
    try:
        if argv[0] == "start":
            print(start(root))
        else:
            stop(root)
    except subprocess.CalledProcessError as exc:
        print(f"{' '.join(map(str, exc.cmd))} failed:\n{exc.stderr.decode(errors='replace')}", file=sys.stderr)
        return 1
    except ClusterUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
