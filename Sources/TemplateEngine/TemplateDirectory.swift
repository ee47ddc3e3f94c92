#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds and reads template files below a directory with the C library alone.
enum TemplateDirectory {
    /// (name, source) for every file ending in `.fileExtension`; names are relative paths without it.
    static func templates(in directory: String, fileExtension: String) throws(TemplateError) -> [(String, [UInt8])] {
        var found: [(String, [UInt8])] = []
        var info = stat()
        var visited: Set<FolderIdentity> = stat(directory, &info) == 0 ? [FolderIdentity(info)] : []
        try walk(directory, prefix: "", suffix: "." + fileExtension, visited: &visited, into: &found)
        return found
    }

    /// A folder as the file system knows it, so a link back up the tree is entered only once.
    private struct FolderIdentity: Hashable {
        let device: UInt64
        let inode: UInt64

        /// The fields' bit patterns, widened: they only identify (`dev_t` is signed on some systems).
        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    private static func walk(
        _ path: String, prefix: String, suffix: String, visited: inout Set<FolderIdentity>,
        into found: inout [(String, [UInt8])]
    ) throws(TemplateError) {
        guard let directory = opendir(path) else {
            throw TemplateError(.unreadableFile, file: path, line: 0, column: 0, message: "cannot open the template directory")
        }
        defer { closedir(directory) }
        var entries: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." && !name.hasPrefix(".") { entries.append(name) }
        }
        for name in entries.sorted() {
            let full = path + "/" + name
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                guard visited.insert(FolderIdentity(info)).inserted else { continue }
                try walk(full, prefix: prefix + name + "/", suffix: suffix, visited: &visited, into: &found)
            } else if name.hasSuffix(suffix) && name.count > suffix.count {
                found.append((prefix + String(name.dropLast(suffix.count)), try contents(of: full, name: prefix + name)))
            }
        }
    }

    private static func contents(of path: String, name: String) throws(TemplateError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw TemplateError(.unreadableFile, file: name, line: 0, column: 0, message: "cannot open the file")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TemplateError(.unreadableFile, file: name, line: 0, column: 0, message: "cannot read the file")
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
