#!/usr/bin/env python3
"""`atproto_sdk_timeline_ms`: the home timeline of 40 posts read by the atproto Python SDK (MarshalX, from PyPI)
against the XRPC face of `parla serve`, one whole process per read as a command-line user would run it.

Usage:
  atproto_timeline.py PATH-TO-PARLA [RUNS]     starts `parla serve` (fresh data, demo kept still), logs in once,
                                               then times RUNS reads (default 10) and prints the median
  atproto_timeline.py --read BASE SESSION-FILE one read: resumes the stored session (no createSession), reads
                                               home with limit 40 and prints how many posts came
Prints `atproto_sdk_timeline_ms: X` (or `atproto_sdk_timeline_ms: unavailable (reason)`), as parla-bench prints
its figures, so it can be put beside the Swift client's `bsky_cli_timeline_ms`.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Compat"))


def read(base: str, session_file: str) -> int:
    from atproto import Client
    client = Client(base)
    with open(session_file, encoding="utf-8") as handle:
        client.login(session_string=handle.read(), fetch_bsky_profile=False)
    feed = client.get_timeline(limit=40).feed
    print(len(feed))
    return 0 if len(feed) == 40 else 1


def measure(parla: str, runs: int) -> int:
    from atproto import Client
    from compat_server import parla_serve
    with parla_serve(parla) as (base, owner_token, _):
        client = Client(base)
        client.login("owner.parla.test", owner_token, fetch_bsky_profile=False)
        with tempfile.NamedTemporaryFile("w", suffix=".session", delete=False, encoding="utf-8") as handle:
            handle.write(client.export_session_string())
            session_file = handle.name
        try:
            times = []
            for _ in range(runs + 1):
                start = time.perf_counter()
                done = subprocess.run([sys.executable, __file__, "--read", base, session_file],
                                      capture_output=True, text=True, timeout=120)
                elapsed = (time.perf_counter() - start) * 1000
                if done.returncode != 0 or done.stdout.strip() != "40":
                    print(f"atproto_sdk_timeline_ms: unavailable (read gave {done.stdout.strip() or done.stderr.strip()[-200:]})")
                    return 1
                times.append(elapsed)
            # The first run warms the disk cache and is left out.
            print(f"atproto_sdk_timeline_ms: {statistics.median(times[1:]):.1f}")
            return 0
        finally:
            os.unlink(session_file)


def main() -> int:
    if len(sys.argv) >= 4 and sys.argv[1] == "--read":
        return read(sys.argv[2], sys.argv[3])
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    try:
        import atproto  # noqa: F401
    except ImportError as error:
        print(f"atproto_sdk_timeline_ms: unavailable ({error})")
        return 0
    return measure(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10)


if __name__ == "__main__":
    sys.exit(main())
