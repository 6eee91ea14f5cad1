import Foundation
/// A thousand people's names for WheelNames: every first name with every surname, sorted.
///
/// Names are data, not interface text: they are the same in every language.
enum NameList {
    static let firstNames = [
        "Abril", "Àlex", "Alba", "Andreu", "Anna", "Arnau", "Beatriz", "Bernat", "Carla", "Carlos",
        "Clara", "David", "Elena", "Emma", "Ferran", "Gemma", "Hugo", "Irene", "Jana", "Javier",
        "Joan", "Jordi", "Júlia", "Laia", "Lucía", "Manuel", "Marc", "María", "Marta", "Martí",
        "Nerea", "Núria", "Oriol", "Pablo", "Paula", "Pol", "Raúl", "Sara", "Sergio", "Sofía",
    ]
    static let surnames = [
        "Alonso", "Batlle", "Castro", "Díaz", "Espinosa", "Ferrer", "García", "Hernández", "Iglesias", "Jiménez",
        "López", "Martín", "Navarro", "Ortega", "Puig", "Quintana", "Romero", "Sánchez", "Serra", "Torres",
        "Vidal", "Vila", "Williams", "Brown", "Smith",
    ]
    static let thousand: [String] = firstNames.flatMap { first in surnames.map { "\(first) \($0)" } }
        .sorted { $0.compare($1, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedAscending }
}
