#!/usr/bin/env python3
"""Compatibility test: drives the AT Protocol (XRPC) face of `parla serve` with the `atproto` Python SDK, a
client no one here wrote, and validates every request and response against the official lexicons that the
`lexrpc` package ships.

Usage: atproto_compat.py PATH-TO-PARLA
Starts `parla serve` on a free loopback port with a fresh data folder and logs in as the owner (the owner's
access token is the app password). Then: timeline paging, a post with a mention, a link and a tag built by
TextBuilder, like and unlike, repost, an image with alt text, a thread, notifications, search, follow, the
saved custom feeds and a direct message through the chat proxy, all on one session (the instance's admin
route counts one `createSession`). A second instance whose access tokens live 2 seconds is read over several
seconds: the SDK refreshes its session and never logs in again. A call whose request or response does not
match its lexicon fails the run. Prints "N passed, N failed" and exits non-zero on any failure.
"""
import json
import os
import sys
import time
import traceback

import httpx
from atproto import Client, client_utils, models
from atproto_client.request import Request
from compat_server import parla_serve
from lexrpc.base import Base

LEXICONS = Base()
ADMIN_SECRET = "atproto-compat-admin"
# A 1x1 PNG.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082")


class LexiconCheck:
    """httpx hooks that validate each XRPC call's parameters, input and output against its lexicon."""

    def __init__(self):
        self.validated = 0
        self.failures = []

    def request(self, request: httpx.Request):
        nsid = request.url.path.split("/xrpc/")[-1]
        try:
            params = LEXICONS.decode_params(nsid, request.url.params.multi_items())
            LEXICONS.validate(nsid, "parameters", params)
            if request.headers.get("content-type", "").startswith("application/json") and request.content:
                LEXICONS.validate(nsid, "input", json.loads(request.content))
        except Exception as error:  # noqa: BLE001 - every kind of mismatch is a failure of the run
            self.failures.append(f"request {nsid}: {error}")

    def response(self, response: httpx.Response):
        nsid = response.request.url.path.split("/xrpc/")[-1]
        response.read()
        try:
            if response.status_code >= 400:
                body = response.json()
                assert isinstance(body.get("error"), str) and isinstance(body.get("message"), str), body
            elif response.headers.get("content-type", "").startswith("application/json") and response.content:
                LEXICONS.validate(nsid, "output", response.json())
            for header in ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy"):
                assert header in response.headers, f"no {header}"
            self.validated += 1
        except Exception as error:  # noqa: BLE001
            self.failures.append(f"response {nsid} {response.status_code}: {error}: {response.text[:300]}")


class Run:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, body):
        try:
            body()
            self.passed += 1
            print(f"ok   {name}")
        except Exception:  # noqa: BLE001
            self.failed += 1
            print(f"FAIL {name}\n{traceback.format_exc()}")


def post_uris(items):
    return [(item.post.uri, item.reason.uri if item.reason else None) for item in items]


def sessions_created(base: str) -> int:
    """How many sessions `createSession` opened on the instance (its admin route)."""
    answer = httpx.get(base + "/parla-admin/bsky-sessions", headers={"X-Parla-Admin-Secret": ADMIN_SECRET})
    return answer.json()["createSession"]


def main() -> int:
    run = Run()
    lexicons = LexiconCheck()
    os.environ["PARLA_ADMIN_SECRET"] = ADMIN_SECRET

    def checked_client(base):
        return Client(base, request=Request(event_hooks={"request": [lexicons.request], "response": [lexicons.response]}))

    with parla_serve(sys.argv[1]) as (base, owner_token, _):
        client = checked_client(base)
        state = {}

        def login():
            profile = client.login("owner.parla.test", owner_token)
            assert profile.handle == "owner.parla.test", profile
            assert profile.did.startswith("did:plc:")
            assert profile.followers_count > 0 and profile.follows_count > 0
            state["me"] = profile.did
            state["lucia"] = client.resolve_handle("lucia.parla.test").did
            state["nora"] = client.resolve_handle("nora.parla.test").did

        def timeline_paging():
            whole = client.get_timeline(limit=100)
            assert whole.cursor is None and len(whole.feed) > 20
            paged, cursor = [], None
            for _ in range(40):
                page = client.get_timeline(limit=9, cursor=cursor)
                paged += post_uris(page.feed)
                cursor = page.cursor
                if not cursor:
                    break
            assert paged == post_uris(whole.feed), "pages differ from the whole"

        def post_with_facets():
            text = (client_utils.TextBuilder().text("Año nuevo 🎉 con ").mention("@lucia", state["lucia"])
                    .text(": ").link("el enlace", "https://example.org/ñ").text(" ").tag("#lectura", "lectura"))
            posted = client.send_post(text, langs=["es"])
            state["post"] = posted
            post = client.get_posts([posted.uri]).posts[0]
            record = post.record
            raw = record.text.encode("utf-8")
            covered = [raw[f.index.byte_start:f.index.byte_end].decode("utf-8") for f in record.facets]
            assert covered == ["@lucia", "el enlace", "#lectura"], covered
            assert record.facets[0].features[0].did == state["lucia"]
            assert record.facets[1].features[0].uri == "https://example.org/ñ"
            assert record.langs == ["es"]
            home = client.get_timeline(limit=5)
            assert home.feed[0].post.uri == posted.uri

        def like_and_unlike():
            target = client.get_author_feed(state["lucia"], limit=1).feed[0].post
            before = target.like_count
            like = client.like(target.uri, target.cid)
            liked = client.get_posts([target.uri]).posts[0]
            assert liked.viewer.like == like.uri and liked.like_count == before + 1
            assert any(person.actor.did == state["me"] for person in client.get_likes(target.uri).likes)
            assert client.unlike(like.uri)
            unliked = client.get_posts([target.uri]).posts[0]
            assert unliked.viewer.like is None and unliked.like_count == before

        def repost():
            target = client.get_author_feed(state["nora"], limit=1).feed[0].post
            reposted = client.repost(target.uri, target.cid)
            mine = client.get_author_feed(state["me"], limit=1).feed[0]
            assert mine.reason is not None and mine.reason.by.did == state["me"] and mine.post.uri == target.uri
            assert client.get_posts([target.uri]).posts[0].viewer.repost == reposted.uri
            assert client.unrepost(reposted.uri)
            assert client.get_posts([target.uri]).posts[0].viewer.repost is None

        def image_with_alt():
            posted = client.send_image("Una garza", image=PNG, image_alt="Una garza gris sobre una pata")
            post = client.get_posts([posted.uri]).posts[0]
            image = post.embed.images[0]
            assert image.alt == "Una garza gris sobre una pata", image
            assert httpx.get(image.fullsize).content == PNG

        def thread():
            root = models.create_strong_ref(state["post"])
            reply = client.send_post("Y una respuesta", reply_to=models.AppBskyFeedPost.ReplyRef(parent=root, root=root))
            second = models.create_strong_ref(reply)
            last = client.send_post("Y otra más", reply_to=models.AppBskyFeedPost.ReplyRef(parent=second, root=root))
            view = client.get_post_thread(last.uri).thread
            assert view.post.uri == last.uri
            assert view.parent.post.uri == reply.uri and view.parent.parent.post.uri == state["post"].uri
            top = client.get_post_thread(state["post"].uri).thread
            assert [r.post.uri for r in top.replies] == [reply.uri]
            assert [r.post.uri for r in top.replies[0].replies] == [last.uri]

        def notifications():
            listed = client.app.bsky.notification.list_notifications(params={"limit": 40})
            reasons = {n.reason for n in listed.notifications}
            assert {"like", "follow"} <= reasons, reasons
            assert client.app.bsky.notification.get_unread_count().count > 0
            client.app.bsky.notification.update_seen({"seen_at": listed.notifications[0].indexed_at})
            assert client.app.bsky.notification.get_unread_count().count == 0

        def search():
            found = client.app.bsky.feed.search_posts(params={"q": "Año nuevo"})
            assert state["post"].uri in [p.uri for p in found.posts]
            people = client.app.bsky.actor.search_actors(params={"q": "lucia"})
            assert people.actors[0].handle == "lucia.parla.test"

        def follow():
            followed = client.follow(state["nora"])
            profile = client.get_profile(state["nora"])
            assert profile.viewer.following == followed.uri
            assert state["nora"] in [p.did for p in client.get_follows(state["me"], limit=100).follows]
            assert client.unfollow(followed.uri)
            assert client.get_profile(state["nora"]).viewer.following is None

        def custom_feeds():
            preferences = client.app.bsky.actor.get_preferences().preferences
            saved = next(p for p in preferences if p.py_type == "app.bsky.actor.defs#savedFeedsPrefV2")
            feeds = [item.value for item in saved.items if item.type == "feed"]
            generators = client.app.bsky.feed.get_feed_generators(params={"feeds": feeds}).feeds
            assert [g.display_name for g in generators] == ["Discover", "Pictures"]
            assert client.app.bsky.feed.get_feed(params={"feed": feeds[0], "limit": 5}).feed

        def direct_message():
            chat = client.with_bsky_chat_proxy()
            convo = chat.chat.bsky.convo.get_convo_for_members(params={"members": [state["lucia"]]}).convo
            chat.chat.bsky.convo.send_message({"convo_id": convo.id, "message": {"text": "¿Quedamos el jueves?"}})
            messages = chat.chat.bsky.convo.get_messages(params={"convo_id": convo.id}).messages
            assert messages[0].text == "¿Quedamos el jueves?"

        for name, body in [("login", login), ("timeline paging", timeline_paging), ("post with facets", post_with_facets),
                           ("like and unlike", like_and_unlike), ("repost", repost), ("image with alt", image_with_alt),
                           ("thread", thread), ("notifications", notifications), ("search", search), ("follow", follow),
                           ("custom feeds", custom_feeds), ("direct message", direct_message)]:
            run.check(name, body)

        def one_session():
            assert sessions_created(base) == 1, sessions_created(base)

        run.check("one createSession for the whole run", one_session)

    with parla_serve(sys.argv[1], ["--bsky-access-ttl", "2"]) as (base, owner_token, _):
        def short_lived_tokens():
            client = checked_client(base)
            client.login("owner.parla.test", owner_token)
            first = client.get_timeline(limit=3).feed[0].post.uri
            for _ in range(4):
                time.sleep(1.5)
                assert client.get_timeline(limit=3).feed[0].post.uri == first
            assert sessions_created(base) == 1, sessions_created(base)

        run.check("tokens that expire every 2 seconds: refreshed, never a new login", short_lived_tokens)
    for failure in lexicons.failures:
        print(f"FAIL lexicon: {failure}")
    run.failed += len(lexicons.failures)
    print(f"atproto compatibility: {lexicons.validated} calls checked against their lexicons; "
          f"{run.passed} passed, {run.failed} failed")
    return 0 if run.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
