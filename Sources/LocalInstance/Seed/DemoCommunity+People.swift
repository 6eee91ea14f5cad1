extension DemoCommunity {
    /// The owner first, then the community.
    static let people: [Person] = [
        Person(username: "owner", displayName: "You", note: "The owner of this Parla instance.", language: "en"),
        Person(
            username: "lucia", displayName: "Lucía Fernández",
            note: "Consultora de accesibilidad en Madrid. Baja visión, lupa siempre a mano. Escribo sobre diseño para todas las personas.",
            language: "es"),
        Person(
            username: "marta", displayName: "Marta Puig i Soler",
            note: "Bibliotecària a Girona. Clubs de lectura, audiollibres i bicicleta els diumenges.", language: "ca"),
        Person(
            username: "tom", displayName: "Tom Whitaker",
            note: "Blind software developer in Leeds. Screen reader power user, terminal enthusiast, bad at gardening.",
            language: "en"),
        Person(
            username: "amara", displayName: "Amara Okafor",
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
    static let bookmarkedPosts = [2, 9, 21]
}
