#!/usr/bin/env python3
"""Compatibility test: toot (0.52)'s own API calls for mute, block and follow requests against
`parla serve` (each was a 404 before issue 18), with the owner's token.

Usage: toot_safety.py PATH-TO-PARLA
"""
import sys

from toot import App, User, api

from parla_serve import serve


def run(base: str, owner_token: str) -> None:
    instance = base.split("://", 1)[1]
    app = App(instance, base, "", "")
    user = User(instance, "owner", owner_token)

    tom = api.lookup(app, user, "tom").json()
    assert api.mute(app, user, tom["id"]).json()["muting"]
    assert [a["acct"] for a in api.muted(app, user)] == ["tom"]
    assert not api.unmute(app, user, tom["id"]).json()["muting"]
    assert api.muted(app, user) == []

    lucia = api.lookup(app, user, "lucia").json()
    assert api.block(app, user, lucia["id"]).json()["blocking"]
    assert [a["acct"] for a in api.blocked(app, user)] == ["lucia"]
    assert api.get_relationship(app, user, lucia["id"])["blocking"]
    assert not api.unblock(app, user, lucia["id"]).json()["blocking"]

    asking = api.list_follow_requests(app, user)
    assert [a["acct"] for a in asking] == ["kenji", "ines"], asking
    assert api.accept_follow_request(app, user, asking[1]["id"]).json()["followed_by"]
    assert not api.reject_follow_request(app, user, asking[0]["id"]).json()["followed_by"]
    assert api.list_follow_requests(app, user) == []


if __name__ == "__main__":
    code = serve(sys.argv[1], run)
    print("toot safety calls: ok")
    sys.exit(code)
