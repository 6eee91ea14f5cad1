import MastodonAPI
import Testing

@Suite("Typed endpoints")
struct EndpointTests {
    @Test("an endpoint fills its path parameters in, percent-encoded so a value stays one segment")
    func paths() {
        #expect(API.Statuses.favourite(id: "109").path == "/api/v1/statuses/109/favourite")
        #expect(API.Timelines.tag(hashtag: "a/b c").path == "/api/v1/timelines/tag/a%2Fb%20c")
        #expect(API.Accounts.followers(id: "1").method == .get)
        // A declaration without its value keeps the placeholder, which no server routes.
        #expect(API.Statuses.status.path == "/api/v1/statuses/{id}")
    }

    @Test("the query is encoded in order, repeats kept; the form stays apart for the body")
    func queryAndForm() {
        #expect(API.Accounts.relationships(query: [("id[]", "1"), ("id[]", "2")]).target
            == "/api/v1/accounts/relationships?id%5B%5D=1&id%5B%5D=2")
        let vote = API.Polls.vote(id: "5", form: [("choices[]", "0")])
        #expect(vote.target == "/api/v1/polls/5/votes")
        #expect(FormEncoding.encode(vote.form) == "choices%5B%5D=0")
    }

    @Test("the router's pattern and the matching of request paths come from the same template")
    func routes() {
        #expect(API.Statuses.favourite.template.routerPattern == "/api/v1/statuses/:id/favourite")
        #expect(API.Timelines.tag.template.routerPattern == "/api/v1/timelines/tag/:hashtag")
        let route = API.Statuses.favourite.route
        #expect(route.description == "POST /api/v1/statuses/{id}/favourite")
        #expect(route.matches(method: "post", path: "/api/v1/statuses/7/favourite"))
        #expect(!route.matches(method: "GET", path: "/api/v1/statuses/7/favourite"))
        #expect(!route.matches(method: "POST", path: "/api/v1/statuses/7"))
        #expect(!route.matches(method: "POST", path: "/api/v1/statuses/7/unfavourite"))
    }
}
