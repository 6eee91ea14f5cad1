"""Starts `parla serve` on a free loopback port with a fresh data folder for a compatibility script,
hands its address and the owner's token to `run`, and stops it after."""
import re
import subprocess
import tempfile


def serve(parla: str, run) -> int:
    data = tempfile.mkdtemp(prefix="parla-compat-")
    server = subprocess.Popen([parla, "serve", "--port", "0", "--data-dir", data, "--lang", "en"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+)", first)
        assert match, f"no address in: {first!r} {server.stderr.read() if server.poll() is not None else ''}"
        owner = re.search(r"Owner access token: (\S+)", server.stdout.readline())
        assert owner, "no owner token"
        run(match.group(1), owner.group(1))
        return 0
    finally:
        server.terminate()
        server.wait(timeout=10)
