import Foundation
import ParlaBase

/// Which of Parla's languages a text the server gives no language for is written in (a profile's bio), told
/// from the words it uses: each language's most frequent words, the way a reader tells "de la" from "of the".
///
/// The words are the first 200 of each language's list in `Localization/<code>/words.txt`
/// (wordfreq), in their order. Each word of the text scores as a word of that rank would under Zipf's law,
/// or as a rare word when the language's list lacks it; the best language is the guess when it won by a clear
/// margin on at least two of its words. A text too short or too mixed to tell gets no guess (the interface's voice).
enum LanguageGuess {
    /// How many of each language's most frequent words are compared.
    static let size = 200
    /// How much likelier (natural logarithm) the best language must be than the next: with it the 131 demo posts
    /// that name their language are all told right.
    static let margin = 1.5

    /// The most frequent words of each language, lowercase, most frequent first.
    static let words: [Language: String] = [
        .english: """
            the to and of a in i is for that you it on with this was be as are have at he not by but from my or
            we an your all so his they me if one can will just like about up out what has when more do no were
            who had it's their there her which time get been would she new people how don't some also them now
            other i'm its our than good only after first him into know see two make over think any then could
            back these us want because go well said way most much very where even should may here need really
            did right work year years being day too going before off why made still take got many never those
            life say world down great through you're last that's while best such love man home long look
            something use can't same used both every am come part state three around between always better find
            help high little old since another does own things under during game i've thing give house place
            school again next each mr without against didn't end found must show big feel sure team ever family
            keep
            """,
        .spanish: """
            de la que el en y a los no un se por es del las con una para lo su al como me más si pero te o mi le
            este sus esta todo ya ha cuando yo ser son sin hay está fue tu muy sobre también todos eso tiene nos
            porque qué así años dos bien entre puede desde hasta hacer ahora era esto vez hace nada ni donde
            parte solo algo tiempo día uno mejor mucho tan ver vida e ese han mismo siempre tengo cada después
            están gente esa estado estoy mundo va año les mas otro otros gracias otra cosas gran menos nunca
            personas tanto antes poco sea había tener trabajo durante ellos lugar creo cómo hecho quiero sólo
            aunque contra cuenta decir gobierno país soy todas casa estos forma he nuevo sido él aquí ella estas
            sí estaba estar hoy tienen alguien dice quien toda tres voy caso días momento bueno ciudad mis
            nuestro luego nacional parece nuestra poder pueden pues verdad historia mientras nadie nueva otras
            primera veces muchos cual debe dijo entonces ir tipo algunos general mayor tal además mal muchas
            primer según acuerdo cualquier dios fueron manera nombre unos ley medio
            """,
        .catalan: """
            de la a i que el en per del un les els una no amb va és al es ha com més dels hi o ser aquest si
            però tot fer seu aquesta molt als ja ho van seva també ens han són se cap anys això estat sobre quan
            ara entre fa fins on què era pel perquè tots des després està dia fet altres gran només persones
            sense pot té any encara part seus hem li gent havia dos em així dir durant qui ni contra veure us
            gràcies lloc jo tant primer temps he mateix cada catalunya barcelona manera món vaig govern pels bé
            ciutat millor sempre aquests vida nou seves tenir tan tres nostra aquí país abans diu et nostre
            passat segons casa haver nova res sant estan nostres qual uns aquestes història poder dies dones
            primera altre avui donar grup mai totes bona cosa tenim tota anar cas altra dues forma lo partit sí
            tenen meu moment poden molts nosaltres president bon mort serà vol cal davant guerra poble sigui
            tenia alguns cop qualsevol som suport ben coses ells mentre nit nom nos punt sembla català dins
            família hora informació projecte tu vegada espanya feina
            """,
    ]

    /// Each language's words with their ranks.
    static let ranks: [Language: [Substring: Int]] = words.mapValues { list in
        var ranks: [Substring: Int] = [:]
        for (rank, word) in list.split(whereSeparator: \.isWhitespace).enumerated() where ranks[word] == nil { ranks[word] = rank }
        return ranks
    }

    /// The language `text` is written in; nil when the words do not tell.
    static func language(of text: String) -> Language? {
        let lowered = text.lowercased()
        let tokens = lowered.split(whereSeparator: { !$0.isLetter })
        guard tokens.count >= 2 else { return nil }
        let rare = log(Double(size * 4))
        var scores: [(language: Language, score: Double, known: Int)] = []
        for language in Language.allCases {
            guard let ranks = ranks[language] else { continue }
            var score = 0.0
            var known = 0
            for token in tokens {
                if let rank = ranks[token] {
                    score -= log(Double(rank + 2))
                    known += 1
                } else {
                    score -= rare
                }
            }
            scores.append((language, score, known))
        }
        scores.sort { $0.score > $1.score }
        guard let best = scores.first, best.known >= 2 else { return nil }
        if scores.count > 1, best.score - scores[1].score < margin { return nil }
        return best.language
    }
}
