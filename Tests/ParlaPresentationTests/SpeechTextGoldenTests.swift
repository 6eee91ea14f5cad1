import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

let tenKilobytes = String(repeating: "<p>The quick brown fox jumps over the lazy dog &amp; runs.</p>", count: 170)

let goldenPosts: [Golden] = [
    Golden(name: "paragraph", post: samplePost("<p>Good morning, everyone!</p>"),
           display: "Good morning, everyone!", spoken: "Ana García: Good morning, everyone! 5 minutes ago."),
    Golden(name: "paragraphs and line breaks", post: samplePost("<p>First line<br>second line<br />third</p><p>Second paragraph</p>"),
           display: "First line\nsecond line\nthird\n\nSecond paragraph",
           spoken: "Ana García: First line. second line. third. Second paragraph. 5 minutes ago."),
    Golden(name: "entities", post: samplePost("<p>Fish &amp; chips &lt;3 &quot;yes&quot; &#39;no&#39; caf&eacute; &hellip; &#x1F600; &bogus; &amp</p>"),
           display: "Fish & chips <3 \"yes\" 'no' café … 😀 &bogus; &amp",
           spoken: "Ana García: Fish & chips <3 \"yes\" 'no' café … grinning face &bogus; &amp. 5 minutes ago."),
    Golden(name: "invalid numeric entities", post: samplePost("<p>a&#0;b &#xD800; c&#99999999;d &#x110000; e&#;</p>"),
           display: "a\u{FFFD}b \u{FFFD} c\u{FFFD}d \u{FFFD} e&#;", spoken: "Ana García: ab cd e&#; 5 minutes ago."),
    Golden(name: "local mention", post: samplePost("<p>" + mentionHTML("ana", "https://example.social/@ana") + " thanks!</p>", mentions: [anaMention]),
           display: "@ana thanks!", spoken: "Ana García: @ana thanks! 5 minutes ago."),
    Golden(name: "remote mention", post: samplePost("<p>" + mentionHTML("bea", "https://other.example/@bea") + " welcome</p>", mentions: [beaMention]),
           display: "@bea welcome", spoken: "Ana García: @bea at other.example welcome. 5 minutes ago."),
    Golden(name: "hashtags split at CamelCase",
           post: samplePost("<p>Day one " + hashtagHTML("100DaysOfCode") + " " + hashtagHTML("HTMLParser") + " " + hashtagHTML("swift") + " "
                            + hashtagHTML("CamelCase") + "</p>"),
           display: "Day one #100DaysOfCode #HTMLParser #swift #CamelCase",
           spoken: "Ana García: Day one hashtag 100 Days Of Code hashtag HTML Parser hashtag swift hashtag Camel Case. 5 minutes ago."),
    Golden(name: "long link shortened", post: samplePost("<p>Read " + longLinkHTML + " now</p>"),
           display: "Read example.com/a/very/long/path/t… now", spoken: "Ana García: Read link to example.com now. 5 minutes ago."),
    Golden(name: "long link in full", post: samplePost("<p>Read " + longLinkHTML + " now</p>"),
           display: "Read https://www.example.com/a/very/long/path/to/a/page.html now",
           spoken: "Ana García: Read link to example.com now. 5 minutes ago.", links: .full),
    Golden(name: "short link without ellipsis",
           post: samplePost(#"<p><a href="https://example.org" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="">example.org</span><span class="invisible"></span></a></p>"#),
           display: "example.org", spoken: "Ana García: link to example.org. 5 minutes ago."),
    Golden(name: "link with words", post: samplePost(#"<p>The <a href="https://example.com/page">example page</a> is up.</p>"#),
           display: "The example page is up.", spoken: "Ana García: The example page is up. 5 minutes ago."),
    Golden(name: "content warning hides the body", post: samplePost("<p>He was the father.</p>", spoiler: "Spoilers for the finale"),
           display: "Content warning: Spoilers for the finale", spoken: "Ana García: Content warning: Spoilers for the finale. 5 minutes ago."),
    Golden(name: "content warning read when asked", post: samplePost("<p>He was the father.</p>", spoiler: "Spoilers for the finale"),
           display: "Content warning: Spoilers for the finale\n\nHe was the father.",
           spoken: "Ana García: Content warning: Spoilers for the finale. He was the father. 5 minutes ago.", readWarningBody: true),
    Golden(name: "boost",
           post: Post(id: "200", createdAt: speechNow, account: beaAccount, content: .empty, reblog: samplePost("<p>Good morning!</p>", minutesAgo: 90)),
           display: "Good morning!", spoken: "Bea cherry blossom boosted Ana García: Good morning! 1 hour ago."),
    Golden(name: "reply to a remote user",
           post: samplePost("<p>" + mentionHTML("bea", "https://other.example/@bea") + " Sure!</p>", mentions: [beaMention], inReplyTo: "50", replyAccount: "2"),
           display: "@bea Sure!", spoken: "Ana García, replying to @bea at other.example: Sure! 5 minutes ago."),
    Golden(name: "reply to oneself", post: samplePost("<p>And another thing.</p>", inReplyTo: "99", replyAccount: "1"),
           display: "And another thing.", spoken: "Ana García, continuing their thread: And another thing. 5 minutes ago."),
    Golden(name: "media with and without alt text",
           post: samplePost("<p>Look</p>", media: [MediaAttachment(id: "m1", kind: .image, description: "A cat on a sofa"), MediaAttachment(id: "m2", kind: .video)]),
           display: "Look\n\n[Image: A cat on a sofa]\n[Video without description]",
           spoken: "Ana García: Look. Image: A cat on a sofa. Video without description. 5 minutes ago."),
    Golden(name: "media only", post: samplePost("", media: [MediaAttachment(id: "m1", kind: .gifv, description: "  ")]),
           display: "[Animation without description]", spoken: "Ana García: Animation without description. 5 minutes ago."),
    Golden(name: "open poll, voted",
           post: samplePost("<p>Which one?</p>", poll: Poll(id: "p1", expiresAt: speechNow.addingTimeInterval(7200), votesCount: 5,
                                                            options: [.init(title: "Tea", votesCount: 3), .init(title: "Coffee", votesCount: 2)],
                                                            voted: true, ownVotes: [0])),
           display: "Which one?\n\nPoll: Tea 60% (3) · Coffee 40% (2) · 5 votes · You voted for Tea · Closes in 2 hours",
           spoken: "Ana García: Which one? Poll: Tea, 3 votes, 60 percent; Coffee, 2 votes, 40 percent. 5 votes. You voted for Tea. Closes in 2 hours. 5 minutes ago."),
    Golden(name: "closed poll, totals hidden",
           post: samplePost("<p>Colours</p>", poll: Poll(id: "p2", expired: true, multiple: true, options: [.init(title: "Red"), .init(title: "Green")], voted: false)),
           display: "Colours\n\nPoll, several choices: Red · Green · Closed", spoken: "Ana García: Colours. Poll, several choices: Red; Green. Closed. 5 minutes ago."),
    Golden(name: "emoji runs", post: samplePost("<p>We did it 🎉🎉🎉 thanks ❤️ 👍🏽👍🏽</p>"),
           display: "We did it 🎉🎉🎉 thanks ❤️ 👍🏽👍🏽", spoken: "Ana García: We did it party popper, 3 times thanks red heart, thumbs up, 2 times. 5 minutes ago."),
    Golden(name: "emoji outside the table", post: samplePost("<p>🦩 🇯🇵 1️⃣ 👨‍🚀!</p>"),
           display: "🦩 🇯🇵 1️⃣ 👨‍🚀!", spoken: "Ana García: flamingo, flag JP, keycap 1, man astronaut! 5 minutes ago."),
    Golden(name: "decorative letters", post: samplePost("<p>𝐁𝐨𝐥𝐝 𝑖𝑡𝑎𝑙𝑖𝑐 ＦＵＬＬ Ⓒⓘⓡⓒⓛⓔ ℍ𝕖𝕝𝕝𝕠 café naïve x² ™</p>"),
           display: "Bold italic FULL Circle Hello café naïve x² ™", spoken: "Ana García: Bold italic FULL Circle Hello café naïve x² ™. 5 minutes ago."),
    Golden(name: "Arabic", post: samplePost(#"<p dir="rtl">مرحبا بالعالم</p>"#, language: "ar"),
           display: "مرحبا بالعالم", spoken: "Ana García: مرحبا بالعالم. 5 minutes ago."),
    Golden(name: "Hebrew with a bidi override", post: samplePost("<p>שלום \u{202E}evil\u{202C} עולם\u{2067}!</p>", language: "he"),
           display: "שלום evil עולם!", spoken: "Ana García: שלום evil עולם! 5 minutes ago."),
    Golden(name: "escape sequences", post: samplePost("<p>Hi \u{1B}[31mred\u{1B}[0m and \u{1B}]0;pwned title\u{07}done\u{07}\u{08}</p>"),
           display: "Hi red and done", spoken: "Ana García: Hi red and done. 5 minutes ago."),
    Golden(name: "escape written as an entity", post: samplePost("<p>Hi &#27;[2J&#x1b;]52;c;ZXZpbA==&#7; there&#x9b;1m</p>"),
           display: "Hi there", spoken: "Ana García: Hi there. 5 minutes ago."),
    Golden(name: "speech markup as text", post: samplePost(#"<p>&lt;speak&gt;&lt;prosody rate="x-slow"&gt;Hello&lt;/prosody&gt;&lt;audio src="https://evil.example/a.wav"/&gt;&lt;/speak&gt;</p>"#),
           display: #"<speak><prosody rate="x-slow">Hello</prosody><audio src="https://evil.example/a.wav"/></speak>"#,
           spoken: "Ana García: Hello. 5 minutes ago."),
    Golden(name: "lists", post: samplePost("<p>Todo:</p><ul><li>milk</li><li>bread</li></ul><ol><li>one</li><li>two</li></ol>"),
           display: "Todo:\n\n• milk\n• bread\n\n1. one\n2. two", spoken: "Ana García: Todo: milk. bread. one. two. 5 minutes ago."),
    Golden(name: "quote and unknown tags", post: samplePost("<blockquote><p>To be<marquee> or not</marquee></p></blockquote><p><b>Mine</b><script>alert(1)</script></p>"),
           display: "To be or not\n\nMine", spoken: "Ana García: To be or not. Mine. 5 minutes ago."),
    Golden(name: "counts", post: samplePost("<p>Popular</p>", replies: 1, boosts: 2, favourites: 30),
           display: "Popular", spoken: "Ana García: Popular. 5 minutes ago. 1 reply, 2 boosts, 30 favourites."),
    Golden(name: "yesterday", post: samplePost("<p>Old news</p>", minutesAgo: 60 * 30),
           display: "Old news", spoken: "Ana García: Old news. yesterday."),
    Golden(name: "10 KB body", post: samplePost(tenKilobytes),
           display: Array(repeating: "The quick brown fox jumps over the lazy dog & runs.", count: 170).joined(separator: "\n\n"),
           spoken: "Ana García: " + Array(repeating: "The quick brown fox jumps over the lazy dog & runs.", count: 170).joined(separator: " ") + " 5 minutes ago."),
    Golden(name: "short verbosity", post: samplePost("<p>Hi</p>", replies: 3), display: "Hi", spoken: "Ana García: Hi. 5 minutes ago.", level: .short),
    Golden(name: "minimal verbosity", post: samplePost("<p>Hi</p>", media: [MediaAttachment(id: "m", kind: .image)]),
           display: "Hi\n\n[Image without description]", spoken: "Ana García: Hi. 1 image without description.", level: .minimal),
    // Spanish and Catalan.
    Golden(name: "Spanish content warning", post: samplePost("<p>Muere al final.</p>", minutesAgo: 1, language: "es", spoiler: "Destripe"),
           display: "Aviso de contenido: Destripe", spoken: "Ana García: Aviso de contenido: Destripe. hace 1 minuto.", language: .spanish),
    Golden(name: "Spanish boost with link and emoji",
           post: Post(id: "201", createdAt: speechNow, account: beaAccount, content: .empty,
                      reblog: samplePost("<p>¡Mirad! " + longLinkHTML + " 🎉🎉</p>", minutesAgo: 120, language: "es")),
           display: "¡Mirad! example.com/a/very/long/path/t… 🎉🎉",
           spoken: "Bea flor de cerezo ha impulsado a Ana García: ¡Mirad! enlace a example.com cañón de confeti, 2 veces. hace 2 horas.", language: .spanish),
    Golden(name: "Spanish poll",
           post: samplePost("<p>¿Cuál?</p>", language: "es", poll: Poll(id: "p3", expiresAt: speechNow.addingTimeInterval(90_000), votesCount: 1,
                                                                        options: [.init(title: "Té", votesCount: 1), .init(title: "Café", votesCount: 0)], voted: false)),
           display: "¿Cuál?\n\nEncuesta: Té 100% (1) · Café 0% (0) · 1 voto · Se cierra en 2 días",
           spoken: "Ana García: ¿Cuál? Encuesta: Té, 1 voto, 100 por ciento; Café, 0 votos, 0 por ciento. 1 voto. Se cierra en 2 días. hace 5 minutos.",
           language: .spanish),
    Golden(name: "Catalan reply with media",
           post: samplePost("<p>" + mentionHTML("bea", "https://other.example/@bea") + " Mira!</p>", language: "ca",
                            media: [MediaAttachment(id: "m", kind: .image, description: "Un gat")], mentions: [beaMention], inReplyTo: "5", replyAccount: "2"),
           display: "@bea Mira!\n\n[Imatge: Un gat]",
           spoken: "Ana García, en resposta a @bea a other.example: Mira! Imatge: Un gat. fa 5 minuts.", language: .catalan),
    Golden(name: "Catalan hashtag and counts",
           post: samplePost("<p>Avui " + hashtagHTML("BonDia") + "</p>", minutesAgo: 60 * 24 * 3, language: "ca", boosts: 1),
           display: "Avui #BonDia", spoken: "Ana García: Avui etiqueta Bon Dia. fa 3 dies. 1 impuls.", language: .catalan),
]

@Suite struct SpeechTextGoldenTests {
    @Test(arguments: goldenPosts)
    func golden(_ golden: Golden) {
        let speech = speechText(golden.language, links: golden.links, readWarningBody: golden.readWarningBody)
        let output = speech.present(golden.post, template: .standard(golden.level), now: speechNow)
        #expect(output.display == golden.display)
        #expect(output.spoken == golden.spoken)
    }

    @Test func atLeastThirtyGoldenPosts() {
        #expect(goldenPosts.count >= 30)
        #expect(goldenPosts.filter { $0.language != .english }.count >= 4)
        #expect(tenKilobytes.utf8.count >= 10_000)
    }
}
