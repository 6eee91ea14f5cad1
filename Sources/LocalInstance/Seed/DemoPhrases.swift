/// Everyday posts for the demo community, built from hand-written sentence pieces.
///
/// Each post is an opening, a happening and a closing in the author's language; the pieces are picked
/// with co-prime strides, so no two posts repeat and every one reads as a whole sentence.
enum DemoPhrases {
    /// One generated post.
    struct Generated: Equatable {
        let author: String
        let language: String
        let text: String
    }

    struct Pieces {
        let openings: [String]
        let happenings: [String]
        let closings: [String]
    }

    static let english = Pieces(
        openings: [
            "This morning", "On the way to work", "After lunch", "Just now", "Late last night", "While the kettle boiled",
            "At the market", "On the bus home", "Between two meetings", "Before breakfast", "Walking the long way round",
        ],
        happenings: [
            "I finally fixed the squeaky door in the hall,", "a neighbour left a bag of plums on my step,",
            "I listened to a whole audiobook chapter without drifting off,", "the rain stopped for exactly ten minutes,",
            "I found the library book I thought I had lost,", "a stranger helped me find the right platform,",
            "I tried a new recipe for lentil soup,", "the cat decided my keyboard was the warmest place in the house,",
            "I heard a blackbird singing from the top of the lamp post,", "I sorted out my notes for next week,",
            "my screen reader pronounced a street name so badly that I laughed out loud,", "I swapped plants with the woman downstairs,",
            "the radio played a song I had not heard since school,",
        ],
        closings: [
            "Small things, good day.", "I will take it.", "Now, more tea.", "Anyone else having a gentle week?",
            "That is all the news from here.", "Tomorrow can wait.", "Life is mostly this, and that is fine.",
        ])

    static let spanish = Pieces(
        openings: [
            "Esta mañana", "De camino al trabajo", "Después de comer", "Hace un rato", "Anoche, ya tarde",
            "Mientras se hacía el café", "En el mercado", "Volviendo a casa en el autobús", "Entre clase y clase",
            "Antes de desayunar", "Paseando por el barrio",
        ],
        happenings: [
            "por fin arreglé la persiana que no subía,", "una vecina me ha dejado un táper de croquetas,",
            "he escuchado un capítulo entero de un audiolibro sin dormirme,", "ha dejado de llover justo diez minutos,",
            "he encontrado el libro de la biblioteca que daba por perdido,", "un chico me ayudó a encontrar el andén correcto,",
            "probé una receta nueva de gazpacho,", "el gato ha decidido que mi teclado es el sitio más calentito de la casa,",
            "he oído a un mirlo cantar desde la farola,", "dejé listos los apuntes para la semana que viene,",
            "el lector de pantalla ha pronunciado tan mal el nombre de una calle que me he reído en voz alta,",
            "he cambiado esquejes con la señora del segundo,", "en la radio sonó una canción que no oía desde el instituto,",
        ],
        closings: [
            "Cosas pequeñas, buen día.", "Me lo quedo.", "Ahora, otro café.", "¿Alguien más con una semana tranquila?",
            "Eso es todo por aquí.", "Mañana ya veremos.", "La vida es sobre todo esto, y está bien.",
        ])

    static let catalan = Pieces(
        openings: [
            "Aquest matí", "Anant a la feina", "Després de dinar", "Fa una estona", "Ahir a la nit, ja tard",
            "Mentre es feia el cafè", "Al mercat", "Tornant a casa amb l'autobús", "Entre classe i classe",
            "Abans d'esmorzar", "Passejant pel barri",
        ],
        happenings: [
            "per fi he arreglat la persiana que no pujava,", "una veïna m'ha deixat una carmanyola de croquetes,",
            "he escoltat un capítol sencer d'un audiollibre sense adormir-me,", "ha parat de ploure just deu minuts,",
            "he trobat el llibre de la biblioteca que donava per perdut,", "un noi m'ha ajudat a trobar l'andana bona,",
            "he provat una recepta nova de coca de recapte,", "el gat ha decidit que el meu teclat és el lloc més calentó de la casa,",
            "he sentit una merla cantar des del fanal,", "he deixat enllestits els apunts per a la setmana vinent,",
            "el lector de pantalla ha pronunciat tan malament el nom d'un carrer que he rigut en veu alta,",
            "he intercanviat esqueixos amb la senyora del segon,", "a la ràdio ha sonat una cançó que no sentia des de l'institut,",
        ],
        closings: [
            "Coses petites, bon dia.", "M'ho quedo.", "Ara, un altre cafè.", "Algú més té una setmana tranquil·la?",
            "Això és tot per aquí.", "Demà ja ho veurem.", "La vida és sobretot això, i ja està bé.",
        ])

    /// Who writes everyday posts, and in which languages (taken in turn).
    static let writers: [(String, [String])] = [
        ("tom", ["en"]), ("lucia", ["es"]), ("marta", ["ca"]), ("amara", ["en"]), ("jordi", ["ca", "es"]),
        ("nora", ["en"]), ("pablo", ["es"]),
    ]

    /// `count` everyday posts, the same every time.
    static func everydayPosts(count: Int) -> [Generated] {
        var result: [Generated] = []
        var used: Set<String> = []
        var step = 0
        while result.count < count {
            let (author, languages) = writers[step % writers.count]
            let language = languages[(step / writers.count) % languages.count]
            let pieces = language == "en" ? english : language == "es" ? spanish : catalan
            let opening = pieces.openings[(step * 5) % pieces.openings.count]
            let happening = pieces.happenings[(step * 3 + step / pieces.happenings.count) % pieces.happenings.count]
            let closing = pieces.closings[(step * 4 + 1) % pieces.closings.count]
            let text = "\(opening) \(happening) \(closing)"
            step += 1
            guard used.insert(text).inserted else { continue }
            result.append(Generated(author: author, language: language, text: text))
        }
        return result
    }
}
