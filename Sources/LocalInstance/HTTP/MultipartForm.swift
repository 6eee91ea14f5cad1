import Foundation

/// A `multipart/form-data` body (RFC 7578) read into ``Params``: text parts become strings, a file part
/// becomes an object with its `filename`, `content_type`, `size` and its bytes in base64 as `data` (the local
/// instance keeps a picture's bytes, to serve them at its address).
enum MultipartForm {
    /// The boundary named by a `Content-Type` header, such as `multipart/form-data; boundary=xyz`.
    static func boundary(contentType: String) -> String? {
        for piece in contentType.split(separator: ";").dropFirst() {
            let pair = piece.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// Parses the parts of `data`.
    ///
    /// - Throws: ``APIError`` 400 when the body is not multipart with this boundary, 422 when it has more than
    ///   ``RequestLimits/maxParameters`` parts.
    static func params(_ data: Data, boundary: String) throws -> Params {
        let delimiter = Data(("--" + boundary).utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var values: [String: ParamValue] = [:]
        var cursor = data.startIndex
        guard let first = data.range(of: delimiter, in: cursor..<data.endIndex) else {
            throw APIError.badRequest("The multipart body has no parts")
        }
        cursor = first.upperBound
        var parts = 0
        while true {
            // After a delimiter: `--` ends the body, CRLF starts a part.
            if data[cursor..<min(cursor + 2, data.endIndex)] == Data("--".utf8) { break }
            cursor = min(cursor + 2, data.endIndex)
            parts += 1
            guard parts <= RequestLimits.maxParameters else { throw RequestLimits.tooManyParameters() }
            guard let headEnd = data.range(of: headerEnd, in: cursor..<data.endIndex),
                let next = data.range(of: Data("\r\n".utf8) + delimiter, in: headEnd.upperBound..<data.endIndex)
            else { throw APIError.badRequest("The multipart body is cut short") }
            let head = String(decoding: data[cursor..<headEnd.lowerBound], as: UTF8.self)
            let content = data[headEnd.upperBound..<next.lowerBound]
            var name: String?
            var fileName: String?
            var type = "application/octet-stream"
            for line in head.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    name = attribute("name", in: line)
                    fileName = attribute("filename", in: line)
                } else if lower.hasPrefix("content-type:") {
                    type = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces).lowercased()
                }
            }
            if let name {
                if let fileName {
                    values[name] = .object([
                        "filename": .string(fileName), "content_type": .string(type), "size": .string(String(content.count)),
                        "data": .string(Data(content).base64EncodedString()),
                    ])
                } else {
                    values[name] = .string(String(decoding: content, as: UTF8.self))
                }
            }
            cursor = next.upperBound
        }
        return Params(values)
    }

    /// `name="file"` in a `Content-Disposition` line.
    private static func attribute(_ key: String, in line: String) -> String? {
        guard let range = line.range(of: " \(key)=\"") ?? line.range(of: ";\(key)=\"") else { return nil }
        let rest = line[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
