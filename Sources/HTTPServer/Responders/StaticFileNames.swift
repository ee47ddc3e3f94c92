import Glibc

/// The entries at the top of a static root, listed once: a path that starts with none of them
/// cannot be a file there, which one pass over its bytes shows without asking the file system.
struct StaticFileNames: Sendable {
    private let names: Set<Substring>

    init(_ names: some Sequence<String>) {
        self.names = Set(names.map { Substring($0) })
    }

    /// The names in `directory` now (none if it cannot be read).
    init(listing directory: String) {
        var names: [String] = []
        if let handle = opendir(directory) {
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
        }
        self.init(names)
    }

    /// False only for a plain path (no escapes, backslashes, NULs or dot segments, which the full
    /// check must see) whose first segment is not a listed name.
    func mayName(_ path: String) -> Bool {
        // Over the string's own bytes (every request asks): offsets, not String indices.
        let scan = path.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var firstEnd: Int?
            var previous: UInt8 = 0
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "%"), UInt8(ascii: "\\"), 0:
                    return nil
                case UInt8(ascii: ".") where previous == UInt8(ascii: "/"):
                    return nil
                case UInt8(ascii: "/") where firstEnd == nil && offset != 0:
                    firstEnd = offset
                default:
                    break
                }
                previous = byte
            }
            return bytes.first == UInt8(ascii: "/") ? firstEnd ?? bytes.count : nil
        }
        guard let scan, let firstEnd = scan else { return true }
        let utf8 = path.utf8
        let first = Substring(utf8[utf8.index(after: utf8.startIndex)..<utf8.index(utf8.startIndex, offsetBy: firstEnd)])
        return names.contains(first)
    }
}
