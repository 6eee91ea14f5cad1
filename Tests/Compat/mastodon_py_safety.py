#!/usr/bin/env python3
"""Compatibility test of the safety tools: drives `parla serve` with Mastodon.py's own calls for mutes
(with a duration, without notifications), blocks, domain blocks, reports, follow requests and muted
conversations, and reads the relationships they change. Before issue 18 every one of these was a 404.

Usage: mastodon_py_safety.py PATH-TO-PARLA
"""
import sys

import requests
from mastodon import Mastodon

from compat_server import parla_serve


def run(base: str, owner_token: str) -> None:
    client_id, client_secret = Mastodon.create_app("compat-safety", api_base_url=base,
                                                    redirect_uris="urn:ietf:wg:oauth:2.0:oob",
                                                    scopes=["read", "write", "follow"])
    api = Mastodon(client_id=client_id, client_secret=client_secret, api_base_url=base)
    url = api.auth_request_url(redirect_uris="urn:ietf:wg:oauth:2.0:oob", scopes=["read", "write", "follow"])
    page = requests.post(url, data={"approval": owner_token}, timeout=10)
    assert page.status_code == 200, page.text
    api.log_in(code=page.text.strip().splitlines()[-1], redirect_uri="urn:ietf:wg:oauth:2.0:oob",
               scopes=["read", "write", "follow"])

    tom = api.account_lookup("tom")
    muted = api.account_mute(tom.id, notifications=False, duration=3600)
    assert muted.muting and not muted.muting_notifications, muted
    mutes = api.mutes()
    assert [a.acct for a in mutes] == ["tom"] and mutes[0].mute_expires_at is not None, mutes
    assert all(s.account.acct != "tom" for s in api.timeline_home(limit=40))
    assert not api.account_unmute(tom.id).muting
    assert api.mutes() == []

    lucia = api.account_lookup("lucia")
    blocked = api.account_block(lucia.id)
    assert blocked.blocking and not blocked.following, blocked
    assert [a.acct for a in api.blocks()] == ["lucia"]
    home = api.timeline_home(limit=40)
    assert all(s.account.acct != "lucia" and (s.reblog is None or s.reblog.account.acct != "lucia") for s in home)
    assert api.account_relationships([lucia.id])[0].blocking
    assert not api.account_unblock(lucia.id).blocking

    api.domain_block("spam.example")
    assert api.domain_blocks() == ["spam.example"], api.domain_blocks()
    api.domain_unblock("spam.example")
    assert api.domain_blocks() == []

    pablo = api.account_lookup("pablo")
    status = api.account_statuses(pablo.id, limit=1)[0]
    report = api.report(pablo.id, status_ids=[status.id], comment="Same link again", category="spam")
    assert report.category == "spam" and report.target_account.acct == "pablo" and report.status_ids == [status.id], report

    requests_ = api.follow_requests()
    assert [a.acct for a in requests_] == ["kenji", "ines"], requests_
    assert api.follow_request_authorize(requests_[1].id).followed_by
    assert not api.follow_request_reject(requests_[0].id).followed_by
    assert api.follow_requests() == []

    made = api.create_filter_v2("Spoilers", ["home"], filter_action="warn", keywords_attributes=[{"keyword": "finale"}])
    changed = api.update_filter_v2(made.id, filter_action="hide", context=["home", "notifications"])
    assert changed.filter_action == "hide" and changed.context == ["home", "notifications"], changed
    keyword = api.add_filter_keyword_v2(made.id, "last episode")
    assert [k.keyword for k in api.filter_keywords_v2(made.id)] == ["finale", "last episode"]
    api.delete_filter_keyword_v2(keyword.id)
    assert [k.keyword for k in api.filter_keywords_v2(made.id)] == ["finale"]
    api.delete_filter_v2(made.id)

    mine = api.status_post("A thread I will mute")
    assert api.status_mute(mine.id).muted
    assert not api.status_unmute(mine.id).muted


if __name__ == "__main__":
    with parla_serve(sys.argv[1]) as (base, owner_token, _):
        run(base, owner_token)
    code = 0
    print("mastodon.py safety calls: ok")
    sys.exit(code)
