import Foundation
import Testing
import TestSupport

@testable import ParlaBase

@Suite struct FlatStringsJSONTests {
    /// Every strings file of every language reads exactly as JSONSerialization reads it.
    @Test func readsEveryStringsFileAsJSONSerializationDoes() throws {
        for language in Language.allCases {
            let folder = TestPaths.localization.appendingPathComponent(language.code)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let general = try JSONSerialization.jsonObject(with: data) as? [String: String]
                let pairs = try #require(FlatStringsJSON.parse([UInt8](data)), "\(language.code)/\(name)")
                #expect(Dictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) }) == general, "\(language.code)/\(name)")
            }
        }
    }

    @Test func readsEscapes() {
        let text = #" { "a" : "line\none \"quoted\" back\\slash \/ tab\t", "é": "caf\u00e9 \ud83d\ude00 é" , "": "" } "#
        let pairs = FlatStringsJSON.parse(Array(text.utf8))?.map { [$0.key, $0.value] }
        #expect(pairs == [["a", "line\none \"quoted\" back\\slash / tab\t"], ["é", "café 😀 é"], ["", ""]])
        #expect(FlatStringsJSON.parse(Array("{}".utf8))?.isEmpty == true)
    }

    @Test func refusesWhatIsNotAFlatObjectOfStrings() {
        for text in [
            "", "[]", #"{"a": 1}"#, #"{"a": "b",}"#, #"{"a": "b"} x"#, #"{"a": "b""#, #"{"a": "\x"}"#, #"{"a": "\ud83d"}"#,
            "{\"a\": \"raw\nnewline\"}", #"{"a" "b"}"#, #"{"a": {"b": "c"}}"#,
        ] {
            #expect(FlatStringsJSON.parse(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(FlatStringsJSON.parse([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]) == nil)
    }
}
