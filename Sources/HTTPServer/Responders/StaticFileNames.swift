import Glibc

/// The entries at the top of a static root, listed once: a path that starts with none of them
/// cannot be a file there, which one pass over its bytes shows without asking the file system.
struct StaticFileNames: Sendable {
    private let names: Set<Substring>
    /// The same names as bytes when there are few (a site's handful): compared one by one, which
    /// costs less than hashing the segment for the set.
    private let few: [[UInt8]]?
    private static let fewCount = 32

    init(_ names: some Sequence<String>) {
        self.names = Set(names.map { Substring($0) })
        self.few = self.names.count <= Self.fewCount ? self.names.map { Array($0.utf8) } : nil
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
        path.utf8.withContiguousStorageIfAvailable(mayName(bytes:)) ?? Array(path.utf8).withUnsafeBufferPointer(mayName(bytes:))
    }

    private func mayName(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let plain = StaticFilePath.scanPlain(bytes) else { return true }
        return mayName(bytes, plain)
    }

    /// `mayName` of a path already scanned (see `StaticFilePath.scanPlain`).
    func mayName(_ path: UnsafeBufferPointer<UInt8>, _ plain: StaticFilePath.Plain) -> Bool {
        plain.hasDotSegment || lists(UnsafeBufferPointer(rebasing: path[1..<plain.firstSegmentEnd]))
    }

    private func lists(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let few else { return names.contains(Substring(String(decoding: segment, as: UTF8.self))) }
        return few.contains { name in
            name.count == segment.count
                && name.withUnsafeBytes { memcmp($0.baseAddress!, segment.baseAddress!, segment.count) == 0 }
        }
    }
}
