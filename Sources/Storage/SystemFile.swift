#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor with the few calls the store needs, each checked. POSIX directly, because
/// durability hinges on seeing every short write and every fsync error. Files are created
/// owner-only (0600) and folders 0700: a store holds password hashes and reset tokens.
struct SystemFile: Sendable {
    let descriptor: Int32
    let path: String

    static func open(_ path: String, create: Bool) throws(StorageError) -> SystemFile {
        let flags = O_RDWR | O_CLOEXEC | (create ? O_CREAT | O_TRUNC : 0)
        let descriptor = retryingOnInterrupt { Glibc.open(path, flags, 0o600) }
        guard descriptor >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        return SystemFile(descriptor: descriptor, path: path)
    }

    /// Opens an existing file for reading only, so inspecting a store cannot change it.
    static func open(_ path: String, readOnly: Bool) throws(StorageError) -> SystemFile {
        let descriptor = retryingOnInterrupt { Glibc.open(path, (readOnly ? O_RDONLY : O_RDWR) | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        return SystemFile(descriptor: descriptor, path: path)
    }

    /// Creates `path`, which must not exist yet, with `bytes`, synced: a copy set aside is never
    /// written over.
    static func createNew(_ path: String, with bytes: [UInt8]) throws(StorageError) {
        let descriptor = retryingOnInterrupt { Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw .io(operation: "create", path: path, errno: errno) }
        let file = SystemFile(descriptor: descriptor, path: path)
        defer { file.close() }
        try file.write(bytes, at: 0)
        try file.sync()
    }

    /// Creates a new file named `base`, or `base-2`, `base-3`… when that name is taken, and
    /// returns the name used: a copy set aside never collides with an earlier one.
    static func createUnique(_ base: String, with bytes: [UInt8]) throws(StorageError) -> String {
        var attempt = 1
        while true {
            let path = attempt == 1 ? base : "\(base)-\(attempt)"
            do {
                try createNew(path, with: bytes)
                return path
            } catch .io(_, _, EEXIST) where attempt < 10_000 {
                attempt += 1
            }
        }
    }

    /// Opens `path` and takes an exclusive advisory lock on it, so a second process (or a second
    /// store in this one) cannot append to the same journal. The lock dies with the descriptor.
    /// A busy lock is tried again every 10 ms until `wait` has passed.
    /// `onBusy` is told each time the lock is found held, before waiting for it.
    static func lock(
        _ path: String, wait: Duration, onBusy: (@Sendable () -> Void)? = nil
    ) throws(StorageError) -> SystemFile {
        let descriptor = retryingOnInterrupt { Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        while retryingOnInterrupt({ flock(descriptor, LOCK_EX | LOCK_NB) }) != 0 {
            let code = errno
            guard code == EWOULDBLOCK, clock.now < deadline else {
                _ = Glibc.close(descriptor)
                if code == EWOULDBLOCK { throw .locked(path: path) }
                throw .io(operation: "flock", path: path, errno: code)
            }
            onBusy?()
            usleep(10_000)
        }
        return SystemFile(descriptor: descriptor, path: path)
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Writes all of `bytes` at `offset`, looping over short writes.
    func write(_ bytes: [UInt8], at offset: Int) throws(StorageError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                retryingOnInterrupt {
                    pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
                }
            }
            guard result > 0 else { throw .io(operation: "pwrite", path: path, errno: result == 0 ? EIO : errno) }
            written += result
        }
    }

    func readAll() throws(StorageError) -> [UInt8] {
        let total = try size()
        var bytes = [UInt8](repeating: 0, count: total)
        var read = 0
        while read < total {
            let result = bytes.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { pread(descriptor, buffer.baseAddress! + read, total - read, off_t(read)) }
            }
            guard result >= 0 else { throw .io(operation: "pread", path: path, errno: errno) }
            if result == 0 { break }
            read += result
        }
        return read == total ? bytes : Array(bytes[..<read])
    }

    func size() throws(StorageError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io(operation: "fstat", path: path, errno: errno) }
        return Int(info.st_size)
    }

    func sync() throws(StorageError) {
        guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else {
            throw .io(operation: "fsync", path: path, errno: errno)
        }
    }

    func truncate(to length: Int) throws(StorageError) {
        guard retryingOnInterrupt({ ftruncate(descriptor, off_t(length)) }) == 0 else {
            throw .io(operation: "ftruncate", path: path, errno: errno)
        }
    }

    func close() {
        _ = Glibc.close(descriptor)
    }

    /// Makes a rename or a file creation in `directory` durable.
    static func syncDirectory(_ directory: String) throws(StorageError) {
        let descriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(operation: "open directory", path: directory, errno: errno) }
        defer { _ = Glibc.close(descriptor) }
        guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else {
            throw .io(operation: "fsync directory", path: directory, errno: errno)
        }
    }

    static func rename(_ source: String, to destination: String) throws(StorageError) {
        guard Glibc.rename(source, destination) == 0 else {
            throw .io(operation: "rename to \(destination)", path: source, errno: errno)
        }
    }

    static func remove(_ path: String) {
        _ = unlink(path)
    }

    static func makeDirectory(_ path: String) throws(StorageError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .io(operation: "mkdir", path: prefix, errno: errno)
            }
            prefix += "/"
        }
    }

    /// Writes a whole file durably and atomically: temporary file, fsync, rename, directory fsync.
    static func replace(_ path: String, in directory: String, with bytes: [UInt8]) throws(StorageError) {
        try install(try writeAside(path, bytes), as: path, in: directory)
    }

    /// Writes `bytes` to `path.tmp` and syncs it; returns the temporary path.
    static func writeAside(_ path: String, _ bytes: [UInt8]) throws(StorageError) -> String {
        let temporary = path + ".tmp"
        let file = try SystemFile.open(temporary, create: true)
        defer { file.close() }
        do {
            try file.write(bytes, at: 0)
            try file.sync()
        } catch {
            remove(temporary)
            throw error
        }
        return temporary
    }

    /// Renames a synced temporary file over `path` and makes the rename durable.
    static func install(_ temporary: String, as path: String, in directory: String) throws(StorageError) {
        do {
            try rename(temporary, to: path)
        } catch {
            remove(temporary)
            throw error
        }
        try syncDirectory(directory)
    }
}

private func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
