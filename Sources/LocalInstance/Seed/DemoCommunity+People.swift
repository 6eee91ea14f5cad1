extension DemoCommunity {
    /// The owner first, then the community.
    static let people: [Person] = [
        Person(
            username: "owner", displayName: "Daniel Reyes",
            note: "Bookbinder in Bristol, learning to read the fediverse by ear. This is my own little Parla instance.",
            language: "en", fields: [("Pronouns", "he/him"), ("Workshop", "Reyes Bindery, Stokes Croft")]),
        Person(
            username: "lucia", displayName: "Lucía Fernández",
            note: "Consultora de accesibilidad en Madrid. Baja visión, lupa siempre a mano. Escribo sobre diseño para todas las personas.",
            language: "es", fields: [("Ciudad", "Madrid"), ("Idiomas", "español, inglés")]),
        Person(
            username: "marta", displayName: "Marta Puig i Soler",
            note: "Bibliotecària a Girona. Clubs de lectura, audiollibres i bicicleta els diumenges.", language: "ca"),
        Person(
            username: "tom", displayName: "Tom Whitaker",
            note: "Blind software developer in Leeds. Screen reader power user, terminal enthusiast, bad at gardening.",
            language: "en", fields: [("Screen readers", "Orca and NVDA"), ("Speech rate", "too fast for you")]),
        Person(
            username: "amara", displayName: "Amara Okafor :radio_on:",
            note: "I host a weekly community radio show in south London. Music, neighbours and the stories in between.",
            language: "en"),
        Person(
            username: "jordi", displayName: "Jordi Vidal",
            note: "Forner a València. Pa de massa mare des de les cinc del matí. També escric en castellà.", language: "ca"),
        Person(
            username: "nora", displayName: "Nora Lindqvist",
            note: "Birdwatcher and retired teacher in Edinburgh. I describe every photo I post.", language: "en"),
        Person(
            username: "pablo", displayName: "Pablo Ruiz",
            note: "Estudiante de Historia en Sevilla. Cocina de batalla, fútbol y apuntes compartidos.", language: "es"),
        Person(
            username: "parlatips", displayName: "Parla Tips",
            note: "Short tips about using Parla, in English, Spanish and Catalan. An automated account.", language: "en",
            bot: true),
    ]

    /// Who follows whom. Nora and Pablo are not followed by the owner, so there is someone to follow.
    static let followGraph: [(String, [String])] = [
        ("owner", ["lucia", "marta", "tom", "amara", "jordi", "parlatips"]),
        ("lucia", ["owner", "tom", "marta", "pablo"]),
        ("marta", ["owner", "jordi", "lucia", "nora"]),
        ("tom", ["owner", "amara", "lucia", "nora"]),
        ("amara", ["tom", "nora", "owner"]),
        ("jordi", ["marta", "pablo", "lucia"]),
        ("nora", ["amara", "tom", "marta"]),
        ("pablo", ["lucia", "jordi", "owner"]),
    ]

    /// Hand-written posts the owner has bookmarked (indexes in ``posts``).
    static let bookmarkedPosts = [2, 9, 21, 47]

    /// Boosts besides the regular ones: a post (index in ``posts``) and who boosts it.
    static let extraBoosts: [(post: Int, booster: String)] = [(52, "lucia")]

    /// Hand-written posts the owner has favourited (indexes in ``posts``).
    static let favouritedPosts = [7, 21, 34, 46]

    /// The server's custom emoji: shortcode and category.
    static let customEmojis: [(String, String)] = [
        ("blobcat_dance", "Blobs"), ("bread_loaf", "Food"), ("heron", "Birds"), ("parla", "Parla"), ("radio_on", "Radio"),
    ]

    /// The link cards the instance knows (it fetches none): address, title, description, site.
    static let cards: [(url: String, title: String, description: String, provider: String)] = [
        ("https://www.w3.org/WAI/standards-guidelines/wcag/", "WCAG 2 Overview",
         "Introduces the Web Content Accessibility Guidelines (WCAG) international standard.", "Web Accessibility Initiative (WAI)"),
        ("https://www.rspb.org.uk/birds-and-wildlife/grey-heron", "Grey Heron Bird Facts",
         "Identification, song, habitat and where to see the grey heron.", "The RSPB"),
        ("https://github.com/espeak-ng/espeak-ng", "espeak-ng/espeak-ng: eSpeak NG is an open source speech synthesizer",
         "eSpeak NG supports more than a hundred languages and accents.", "GitHub"),
    ]

    /// The owner's filters: title, contexts, action, keywords.
    static let ownerFilters: [(title: String, contexts: [String], action: String, keywords: [String])] = [
        ("The Long Tide", ["home", "public", "thread"], "warn", ["The Long Tide"]),
        ("Football", ["public"], "hide", ["fútbol", "football"]),
    ]
}
