#!/usr/bin/env python3
"""Compatibility test: drives `parla serve` with Mastodon.py, a client library no one here wrote.

Usage: mastodon_py_compat.py PATH-TO-PARLA
Starts `parla serve` on a free loopback port with a fresh data folder, then: registers an app, gets a
token through the out-of-band code, reads the preferences, posts, reads the home and public timelines across pages, follows,
favourites, boosts, bookmarks, replies, votes in a poll and reads notifications. Exits non-zero on failure.
"""
import datetime
import sys

import requests
from compat_server import parla_serve
from mastodon import Mastodon


def main() -> int:
    with parla_serve(sys.argv[1]) as (base, owner_token, _):
        run(base, owner_token)
    print("mastodon.py compatibility: ok")
    return 0


def run(base: str, owner_token: str) -> None:
    client_id, client_secret = Mastodon.create_app("compat", api_base_url=base,
                                                    redirect_uris="urn:ietf:wg:oauth:2.0:oob")
    api = Mastodon(client_id=client_id, client_secret=client_secret, api_base_url=base)
    url = api.auth_request_url(redirect_uris="urn:ietf:wg:oauth:2.0:oob")
    # The instance asks the owner to approve; the owner approves with the token `parla serve` printed.
    ask = requests.get(url, timeout=10)
    assert ask.status_code == 200 and "Approve" in ask.text, ask.text
    refused = requests.post(url, data={"approval": "guess"}, timeout=10)
    assert refused.status_code == 403, refused.text
    page = requests.post(url, data={"approval": owner_token}, timeout=10)
    assert page.status_code == 200, page.text
    code = page.text.strip().splitlines()[-1]
    api.log_in(code=code, redirect_uri="urn:ietf:wg:oauth:2.0:oob")
    me = api.account_verify_credentials()
    assert me.username == "owner", me
    preferences = api.preferences()
    assert preferences["posting:default:visibility"] == me.source.privacy, preferences
    assert preferences["posting:default:language"] == me.source.language, preferences
    assert preferences["reading:expand:spoilers"] is False, preferences

    posted = api.status_post("Hello from Mastodon.py", language="en", idempotency_key="compat-1")
    again = api.status_post("Hello from Mastodon.py", language="en", idempotency_key="compat-1")
    assert posted.id == again.id

    home = api.timeline_home(limit=20)
    assert home[0].id == posted.id, home[0]
    older = api.fetch_next(home)
    assert older and int(older[0].id) < int(home[-1].id)
    public = api.timeline_public(limit=40)
    public2 = api.fetch_next(public)
    assert len(public) == 40 and public2 and int(public2[0].id) < int(public[-1].id)

    nora = api.account_lookup("nora")
    relationship = api.account_follow(nora.id)
    assert relationship.following

    target = [s for s in api.account_statuses(nora.id, limit=40) if s.reblog is None][0]
    assert api.status_favourite(target.id).favourited
    boost = api.status_reblog(target.id)
    assert boost.reblog.id == target.id
    assert api.status_bookmark(target.id).bookmarked
    reply = api.status_post("@nora Lovely photo!", in_reply_to_id=target.id)
    assert reply.in_reply_to_id == target.id
    context = api.status_context(target.id)
    assert any(s.id == reply.id for s in context.descendants)

    marta = api.account_lookup("marta")
    poll_status = [s for s in api.account_statuses(marta.id, limit=40) if s.poll is not None and not s.poll.expired][0]
    poll = api.poll_vote(poll_status.poll.id, [1])
    assert poll.voted and poll.own_votes == [1]

    notifications = api.notifications(limit=40)
    kinds = {n.type for n in notifications}
    assert {"follow", "favourite", "mention"} <= kinds, kinds
    more = api.fetch_next(notifications)
    assert more is None or all(int(n.id) < int(notifications[-1].id) for n in more)
    assert api.ratelimit_limit == 300 and api.ratelimit_remaining < 300

    # Issue 16: what Mastodon 4.5 sends beside posts.
    filters = api.filters_v2()
    assert [f.title for f in filters] == ["The Long Tide", "Football"], filters
    assert filters[0].keywords[0].keyword == "The Long Tide" and filters[1].filter_action == "hide"
    made = api.create_filter_v2("Plums", ["home"], "warn", keywords_attributes=[{"keyword": "plums", "whole_word": True}])
    assert made.keywords[0].keyword == "plums"
    api.delete_filter_v2(made.id)
    warned = [s for s in api.timeline_home(limit=40) if s.filtered]
    assert warned and warned[0].filtered[0].filter.title == "The Long Tide", warned

    edited = api.status_update(posted.id, "Hello again from Mastodon.py")
    assert edited.edited_at is not None
    history = api.status_history(posted.id)
    assert [h.content for h in history] == ["<p>Hello from Mastodon.py</p>", "<p>Hello again from Mastodon.py</p>"], history
    assert api.status_source(posted.id).text == "Hello again from Mastodon.py"

    quoting = api.status_post("Quoting myself", quoted_status_id=posted.id)
    assert quoting.quote.state == "accepted" and quoting.quote.quoted_status.id == posted.id, quoting.quote

    emojis = api.custom_emojis()
    assert [e.shortcode for e in emojis] == ["blobcat_dance", "bread_loaf", "heron", "parla", "radio_on"], emojis
    carded = [s for s in api.timeline_public(limit=40) if s.card is not None]
    assert carded and carded[0].card.provider_name, carded

    grouped = api.grouped_notifications(limit=40)
    assert grouped.notification_groups and all(g.group_key for g in grouped.notification_groups)
    assert any(g.notifications_count > 1 for g in grouped.notification_groups), grouped.notification_groups

    conversations = api.conversations()
    assert len(conversations) == 2 and conversations[0].last_status is not None, conversations

    # Media with descriptions, polls and scheduled posts (issue 18).
    png = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    media = api.media_post(png, mime_type="image/png", description="A grey heron", file_name="heron.png")
    media = api.media_update(media.id, description="A grey heron on one leg")
    assert media.description == "A grey heron on one leg", media
    with_media = api.status_post("At the river", media_ids=[media.id])
    assert [m.description for m in with_media.media_attachments] == ["A grey heron on one leg"], with_media
    audio = api.media_post(bytes([1, 2, 3]), mime_type="audio/ogg", description="Birdsong", file_name="song.ogg",
                           synchronous=True)
    assert audio.url and audio.type == "audio", audio
    asked = api.make_poll(["river", "hills"], expires_in=3600, multiple=True)
    with_poll = api.status_post("Which walk?", poll=asked)
    assert [o.title for o in with_poll.poll.options] == ["river", "hills"] and with_poll.poll.multiple
    later = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=2)
    scheduled = api.status_post("Later", scheduled_at=later)
    assert scheduled.params.text == "Later", scheduled
    assert [s.id for s in api.scheduled_statuses()] == [scheduled.id]
    assert api.scheduled_status(scheduled.id).id == scheduled.id
    moved = api.scheduled_status_update(scheduled.id, later + datetime.timedelta(hours=1))
    assert moved.id == scheduled.id
    api.scheduled_status_delete(scheduled.id)
    assert api.scheduled_statuses() == []


if __name__ == "__main__":
    sys.exit(main())
