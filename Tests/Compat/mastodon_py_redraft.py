#!/usr/bin/env python3
"""Compatibility test of issue 18's last gaps: drives `parla serve` with Mastodon.py's own calls for a redraft
(status_delete answers the status with its media, which a new status attaches again by id, as Mastodon's web
client does), featured hashtags, who boosted or favourited a status, and the posts sharing a link.

Usage: mastodon_py_redraft.py PATH-TO-PARLA
"""
import os
import sys

from mastodon import Mastodon

from compat_server import parla_serve
from mastodon_py_account import log_in


def run(base: str, owner_token: str, data: str) -> None:
    api = log_in(base, owner_token)

    # A redraft: the deleted status comes back with its media; a new status takes them again, descriptions kept.
    image = os.path.join(data, "heron.png")
    with open(image, "wb") as file:
        file.write(bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]))
    media = api.media_post(image, mime_type="image/png", description="A grey heron on one leg")
    post = api.status_post("At the river", media_ids=[media.id])
    deleted = api.status_delete(post.id)
    assert [m.id for m in deleted.media_attachments] == [media.id], deleted.media_attachments
    again = api.status_post(deleted.text, media_ids=[m.id for m in deleted.media_attachments])
    assert [m.description for m in again.media_attachments] == ["A grey heron on one leg"], again.media_attachments
    # With delete_media the files go with the status.
    gone = api.status_delete(again.id, delete_media=True)
    assert len(gone.media_attachments) == 1
    try:
        api.status_post("Again", media_ids=[media.id])
        raise AssertionError("a deleted file was attached")
    except Exception as error:  # Mastodon.py raises MastodonAPIError (422)
        assert "422" in str(error) or "cannot" in str(error).lower(), error

    # Featured hashtags on the profile.
    assert api.featured_tags() == []
    featured = api.featured_tag_create("ParlaTips")
    assert featured.name.lower() == "parlatips"
    assert [t.name.lower() for t in api.featured_tags()] == ["parlatips"]
    api.featured_tag_delete(featured.id)
    assert api.featured_tags() == []

    # Who boosted and who favourited a status.
    shared = api.status_post("Heron count at the estuary")
    api.status_reblog(shared.id)
    api.status_favourite(shared.id)
    me = api.me()
    assert [a.id for a in api.status_reblogged_by(shared.id)] == [me.id]
    assert [a.id for a in api.status_favourited_by(shared.id)] == [me.id]

    # The posts sharing a link (Mastodon 4.3's /api/v1/timelines/link).
    linked = api.status_post("Read this: https://birds.example/herons")
    found = api.timeline_link("https://birds.example/herons")
    assert [s.id for s in found] == [linked.id], found

if __name__ == "__main__":
    with parla_serve(sys.argv[1]) as (base, owner_token, data):
        run(base, owner_token, data)
    print("mastodon.py redraft, featured tags, reactions and link timeline: ok")
