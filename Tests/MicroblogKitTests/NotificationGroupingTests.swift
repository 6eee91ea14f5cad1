import Foundation
import MicroblogKit
import Testing

/// Issue 16, item 4: notifications of one kind about one thing are told as one, whether the server grouped
/// them (v2) or they came one by one (v1, the stream), without counting one twice.
@Suite struct NotificationGroupingTests {
    static let day = Date(timeIntervalSince1970: 1_772_366_400)
    static func person(_ id: String, _ name: String) -> Account {
        Account(id: id, acct: name.lowercased(), username: name.lowercased(), displayName: name, note: .empty)
    }
    static let ana = person("1", "Ana"), jordi = person("2", "Jordi"), marta = person("3", "Marta"), tom = person("4", "Tom")
    static let post = Post(id: "29", createdAt: day, account: person("9", "Me"), content: .plain("Rivers"))

    static func single(_ id: String, _ kind: NotificationKind, _ who: Account, key: String? = nil, minutesAgo: Int = 0) -> MicroblogNotification {
        MicroblogNotification(id: id, kind: kind, createdAt: day.addingTimeInterval(Double(-60 * minutesAgo)), account: who,
                              post: kind == .follow ? nil : post, groupKey: key)
    }

    static func summary(_ list: [MicroblogNotification]) -> [String] {
        list.map { "\($0.id) \($0.kind.rawValue) \($0.group?.count ?? 1) \(([$0.account] + ($0.group?.accounts ?? [])).map(\.displayName).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ","))" }
    }

    @Test func singleNotificationsWithoutKeysAreGatheredByKindPostAndDay() {
        let list = [
            Self.single("14", .favourite, Self.ana),
            Self.single("13", .mention, Self.jordi),
            Self.single("12", .favourite, Self.jordi),
            Self.single("11", .follow, Self.marta),
            Self.single("10", .favourite, Self.marta),
            Self.single("9", .follow, Self.tom),
            // The same post's favourite the day before is a group of its own.
            Self.single("8", .favourite, Self.tom, minutesAgo: 24 * 60 + 30),
        ]
        let grouped = NotificationGrouping.grouped(list)
        #expect(Self.summary(grouped) == ["14 favourite 3 Ana,Jordi,Marta", "13 mention 1 Jordi", "11 follow 2 Marta,Tom", "8 favourite 1 Tom"])
        #expect(grouped[0].group?.memberIds == ["12", "10"])
        // Gathering again changes nothing, and a page bringing a member again does not count it twice.
        #expect(NotificationGrouping.grouped(grouped) == grouped)
        #expect(NotificationGrouping.grouped(grouped + [list[4]]) == grouped)
    }

    @Test func aServersGroupCountsEveryOlderOneAndANewerSingleOneJoinsIt() {
        let server = MicroblogNotification(
            id: "40", kind: .favourite, createdAt: Self.day, account: Self.jordi, post: Self.post, groupKey: "favourite-29-20514",
            group: NotificationGroup(count: 4, accounts: [Self.jordi, Self.marta], countsAll: true))
        // An older copy of the same group (cached from an earlier page) and an older single one are in it already.
        var older = server
        older.id = "38"
        older.group?.count = 3
        let list = [
            Self.single("41", .favourite, Self.ana, key: "favourite-29-20514"),
            server, older,
            Self.single("37", .favourite, Self.tom, key: "favourite-29-20514"),
            Self.single("36", .follow, Self.tom, key: "ungrouped-36"),
            Self.single("35", .follow, Self.marta, key: "ungrouped-35"),
        ]
        #expect(Self.summary(NotificationGrouping.grouped(list)) == ["41 favourite 5 Ana,Jordi,Marta", "36 follow 1 Tom", "35 follow 1 Marta"])
    }
}
