#!/usr/bin/env python3
"""The home timeline of 40 posts against the XRPC face of one `parla serve`, in one run, one whole process per read
as a command-line user would run it:

- `bsky_cli_timeline_ms`: `parla timeline home --limit 40` on a Bluesky account logged in to that face;
- `atproto_sdk_timeline_ms`: the atproto Python SDK (MarshalX, from PyPI) resuming a stored session (no
  `createSession`) and calling `app.bsky.feed.getTimeline` with limit 40;
- `sdk_over_cli_bsky`: the second divided by the first.

The two take turns, so that a machine busy with other work slows them alike.

Usage:
  atproto_timeline.py PATH-TO-PARLA [RUNS]     starts `parla serve` (fresh data, demo kept still), logs both in
                                               once, then times RUNS reads of each (default 10) and prints medians
  atproto_timeline.py --read BASE SESSION-FILE one read: resumes the stored session (no createSession), reads
                                               home with limit 40 and prints how many posts came
Prints `name: X` (or `name: unavailable (reason)`), as parla-bench prints its figures.
"""
import os
import shutil
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


def timed(command, **options):
    """Milliseconds one process took, and what it ended with."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, **options)
    return (time.perf_counter() - start) * 1000, done


def measure(parla: str, runs: int) -> int:
    import json
    from atproto import Client
    from compat_server import parla_serve
    with parla_serve(parla) as (base, owner_token, _):
        client = Client(base)
        client.login("owner.parla.test", owner_token, fetch_bsky_profile=False)
        with tempfile.NamedTemporaryFile("w", suffix=".session", delete=False, encoding="utf-8") as handle:
            handle.write(client.export_session_string())
            session_file = handle.name
        cli_data = tempfile.mkdtemp(prefix="parla-bench-bsky-")
        cli_options = ["--data-dir", cli_data, "--lang", "en"]
        login = subprocess.run([parla, "login", base, "--network", "bluesky", "--handle", "owner.parla.test", *cli_options],
                               input=owner_token + "\n", capture_output=True, text=True, timeout=120)
        cli_problem = None if login.returncode == 0 else f"login failed: {login.stderr.strip()[-200:]}"
        timeline = [parla, "timeline", "home", "--limit", "40", *cli_options]
        if cli_problem is None:
            shown = subprocess.run(timeline + ["--json"], capture_output=True, text=True, timeout=120)
            count = len(json.loads(shown.stdout)) if shown.returncode == 0 else 0
            if count != 40:
                cli_problem = f"parla showed {count} posts, not 40: {shown.stderr.strip()[-200:]}"
        try:
            sdk, cli = [], []
            sdk_problem = None
            # The first run of each warms the disk cache and the account's cache, and is left out.
            for run in range(runs + 1):
                if sdk_problem is None:
                    elapsed, done = timed([sys.executable, __file__, "--read", base, session_file])
                    if done.returncode != 0 or done.stdout.strip() != "40":
                        sdk_problem = f"read gave {done.stdout.strip() or done.stderr.strip()[-200:]}"
                    elif run > 0:
                        sdk.append(elapsed)
                if cli_problem is None:
                    elapsed, done = timed(timeline)
                    if done.returncode != 0:
                        cli_problem = f"parla timeline failed: {done.stderr.strip()[-200:]}"
                    elif run > 0:
                        cli.append(elapsed)
            if cli_problem is None:
                print(f"bsky_cli_timeline_ms: {statistics.median(cli):.1f}")
            else:
                print(f"bsky_cli_timeline_ms: unavailable ({cli_problem})")
            if sdk_problem is None:
                print(f"atproto_sdk_timeline_ms: {statistics.median(sdk):.1f}")
            else:
                print(f"atproto_sdk_timeline_ms: unavailable ({sdk_problem})")
            if cli_problem is None and sdk_problem is None:
                print(f"sdk_over_cli_bsky: {statistics.median(sdk) / statistics.median(cli):.1f}")
            else:
                print("sdk_over_cli_bsky: unavailable (one of the two figures is)")
            return 0
        finally:
            os.unlink(session_file)
            shutil.rmtree(cli_data, ignore_errors=True)


def main() -> int:
    if len(sys.argv) >= 4 and sys.argv[1] == "--read":
        return read(sys.argv[2], sys.argv[3])
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    try:
        import atproto  # noqa: F401
    except ImportError as error:
        print(f"bsky_cli_timeline_ms: unavailable (the SDK it is put beside cannot be imported: {error})")
        print(f"atproto_sdk_timeline_ms: unavailable ({error})")
        print("sdk_over_cli_bsky: unavailable (one of the two figures is)")
        return 0
    return measure(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10)


if __name__ == "__main__":
    sys.exit(main())
