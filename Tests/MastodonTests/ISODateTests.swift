import Foundation
@testable import ServiceHTTP
import Testing

@Suite("ISO 8601 dates read from the bytes")
struct ISODateTests {
    /// Every form servers write, with the seconds since 1970 it stands for.
    static let forms: [(String, Double)] = [
        ("2024-05-01T10:20:30Z", 1_714_558_830),
        ("2024-05-01T10:20:30.123Z", 1_714_558_830.123),
        ("2024-05-01T10:20:30.1Z", 1_714_558_830.1),
        ("2024-05-01T10:20:30.123456Z", 1_714_558_830.123),
        ("2024-05-01T12:20:30+02:00", 1_714_558_830),
        ("2024-05-01T05:20:30.500-05:00", 1_714_558_830.5),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1),
        ("2024-05-01", 1_714_521_600),
    ]

    @Test("the common forms give the same instant as ICU's formatters")
    func commonForms() {
        for (text, seconds) in Self.forms {
            #expect(ISODate.parseCommonForm(text)?.timeIntervalSince1970 == seconds, "\(text)")
            #expect(ISODate.formatters.parse(text)?.timeIntervalSince1970 == seconds, "\(text) (ICU)")
            #expect(ISODate.parse(text)?.timeIntervalSince1970 == seconds, "\(text) (parse)")
        }
    }

    @Test("other text is left to ICU's formatters, which read some of it leniently")
    func otherForms() {
        // Forms the fast reader does not take, with what ICU makes of them (nil when it refuses them too).
        let others: [(String, Double?)] = [
            ("not a date", nil), ("", nil), ("2024-13-01T00:00:00Z", nil),
            ("2023-02-29", 1_677_628_800), ("2024-05-01T24:00:00Z", 1_714_608_000), ("2024-05-01T10:20:30", 1_714_521_600),
        ]
        for (text, seconds) in others {
            #expect(ISODate.parseCommonForm(text) == nil, "\(text)")
            #expect(ISODate.parse(text)?.timeIntervalSince1970 == seconds, "\(text)")
        }
    }
}
