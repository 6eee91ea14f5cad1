#!/usr/bin/env python3
"""Compatibility test of the rest of an account: drives `parla serve` with Mastodon.py's own calls for lists
(create, rename, members, delete), followed hashtags (and their posts in home), profile changes
(update_credentials with fields, as multipart when a file goes with it), pins, private notes and trends.
Before issue 18's item 4 the hashtag, profile, pin, note and trend calls were 404s.

Usage: mastodon_py_account.py PATH-TO-PARLA
"""
import sys

import requests
from mastodon import Mastodon

from compat_server import parla_serve


def log_in(base: str, owner_token: str) -> Mastodon:
    scopes = ["read", "write", "follow"]
    client_id, client_secret = Mastodon.create_app("compat-account", api_base_url=base,
                                                    redirect_uris="urn:ietf:wg:oauth:2.0:oob", scopes=scopes)
    api = Mastodon(client_id=client_id, client_secret=client_secret, api_base_url=base)
    url = api.auth_request_url(redirect_uris="urn:ietf:wg:oauth:2.0:oob", scopes=scopes)
    page = requests.post(url, data={"approval": owner_token}, timeout=10)
    assert page.status_code == 200, page.text
    api.log_in(code=page.text.strip().splitlines()[-1], redirect_uri="urn:ietf:wg:oauth:2.0:oob", scopes=scopes)
    return api


def run(base: str, owner_token: str) -> None:
    api = log_in(base, owner_token)
    me = api.me()

    # Lists: create, rename, members added and removed, the lists that hold someone, delete.
    made = api.list_create("Birders")
    assert api.list_update(made.id, "Bird people").title == "Bird people"
    lucia = api.account_lookup("lucia")
    api.list_accounts_add(made.id, [lucia.id])
    assert [a.acct for a in api.list_accounts(made.id)] == ["lucia"]
    assert "Bird people" in [l.title for l in api.account_lists(lucia.id)]
    api.list_accounts_delete(made.id, [lucia.id])
    assert api.list_accounts(made.id) == []
    api.list_delete(made.id)
    assert all(l.id != made.id for l in api.lists())

    # Hashtags: followed, listed, their posts (from people not followed) in home, unfollowed.
    def home_has(tag):
        return any(tag in [t.name.lower() for t in s.tags] for s in api.timeline_home(limit=40))
    assert not home_has("birds")
    assert not api.tag("birds").following
    assert api.tag_follow("birds").following
    assert [t.name.lower() for t in api.followed_tags()] == ["birds"]
    assert home_has("birds")
    assert not api.tag_unfollow("birds").following
    assert api.followed_tags() == []
    assert not home_has("birds")

    # The profile: name, bio, four fields, locked; then with a file (multipart).
    fields = [("Pronouns", "she/her"), ("Town", "Girona"), ("Birds", "herons"), ("Site", "example.org")]
    changed = api.account_update_credentials(display_name="Daniel R.", note="Birds and bread.", fields=fields, locked=True)
    assert changed.display_name == "Daniel R." and changed.locked, changed
    assert [(f.name, f.value) for f in changed.fields] == fields, changed.fields
    assert changed.source.note == "Birds and bread.", changed.source
    assert api.account_verify_credentials().locked
    too_many = fields + [("Fifth", "no")]
    try:
        api.account_update_credentials(fields=too_many)
        raise AssertionError("five fields were accepted")
    except Exception as error:  # Mastodon.py raises MastodonAPIError for the 422
        assert "422" in str(error) or "Unprocessable" in str(error), error
    png = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    with_file = api.account_update_credentials(locked=False, avatar=png, avatar_mime_type="image/png")
    assert not with_file.locked and with_file.display_name == "Daniel R.", with_file

    # Pins: shown on the profile, at most five, unpinned.
    post = api.status_post("A post to keep on top")
    assert api.status_pin(post.id).pinned
    assert [s.id for s in api.account_statuses(me.id, pinned=True)] == [post.id]
    assert not api.status_unpin(post.id).pinned
    assert api.account_statuses(me.id, pinned=True) == []

    # A private note on an account.
    assert api.account_note_set(lucia.id, "Met at the estuary count").note == "Met at the estuary count"
    assert api.account_relationships([lucia.id])[0].note == "Met at the estuary count"
    assert api.account_note_set(lucia.id, "").note == ""

    # Trends: posts with boosts or favourites, hashtags with their week, links with their cards.
    statuses = api.trending_statuses()
    assert statuses and all(s.favourites_count + s.reblogs_count > 0 for s in statuses), statuses
    tags = api.trending_tags()
    assert tags and len(tags[0].history) == 7, tags
    links = api.trending_links()
    assert links and all(l.url.startswith("http") for l in links), links


if __name__ == "__main__":
    with parla_serve(sys.argv[1]) as (base, owner_token, _):
        run(base, owner_token)
    print("mastodon.py account calls: ok")
