import MicroblogKit

/// The accounts the app may use, by name, and how to open one that is not open yet.
public struct AccountDirectory {
    /// Account names in the order they are offered.
    public let names: [String]
    private var open: [String: any AccountEngine]
    private let factory: ((String) -> (any AccountEngine)?)?

    /// - Parameters:
    ///   - engines: accounts already open.
    ///   - names: every account name (defaults to the open ones, sorted).
    ///   - factory: opens an account by name when it is first chosen.
    public init(engines: [String: any AccountEngine], names: [String]? = nil, factory: ((String) -> (any AccountEngine)?)? = nil) {
        self.open = engines
        self.names = names ?? engines.keys.sorted()
        self.factory = factory
    }

    /// The engine of an account, opening it when needed.
    public mutating func engine(_ name: String) -> (any AccountEngine)? {
        if let engine = open[name] { return engine }
        guard let engine = factory?(name) else { return nil }
        open[name] = engine
        return engine
    }

    /// Every engine opened so far.
    public var opened: [any AccountEngine] { Array(open.values) }
}
