"""`parla serve` for the compatibility scripts: a fresh data folder, a free loopback port, the demo kept still."""
import contextlib
import re
import subprocess
import tempfile


@contextlib.contextmanager
def parla_serve(parla: str, extra_args=()):
    """Yields (base URL, owner token, data folder) while `parla serve` runs (with `extra_args` after its own);
    stops it afterwards."""
    data = tempfile.mkdtemp(prefix="parla-compat-")
    server = subprocess.Popen([parla, "serve", "--port", "0", "--data-dir", data, "--lang", "en", "--quiet-demo", *extra_args],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+)", first)
        assert match, f"no address in: {first!r} {server.stderr.read() if server.poll() is not None else ''}"
        second = server.stdout.readline()
        owner = re.search(r"Owner access token: (\S+)", second)
        assert owner, f"no owner token in: {second!r}"
        yield match.group(1), owner.group(1), data
    finally:
        server.terminate()
        server.wait(timeout=10)
