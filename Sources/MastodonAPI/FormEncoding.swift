import Foundation

/// How parameters are written in a query or a form body.
public enum FormEncoding {
    /// `a=1&b%5B%5D=2`: each name and value percent-encoded.
    public static func encode(_ parameters: Parameters) -> String {
        parameters.map { PathTemplate.encode($0.name) + "=" + PathTemplate.encode($0.value) }.joined(separator: "&")
    }
}
