import Foundation

/// An array element that decodes to nil instead of failing the whole array.
public struct Lenient<Value: Decodable>: Decodable {
    public let value: Value?

    public init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension Array {
    /// The elements that decoded.
    public func decoded<Value>() -> [Value] where Element == Lenient<Value> {
        // A closure, not `\.value`: a key path in a generic function is made again at every call.
        compactMap { $0.value }
    }
}
