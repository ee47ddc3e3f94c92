import Glibc

/// A scratch folder under /tmp for file tests, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/waypoint-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit { _ = system("rm -rf '\(path)'") }

    func write(_ contents: String, to relative: String) {
        let full = path + "/" + relative
        if let slash = relative.lastIndex(of: "/") { mkdir(path + "/" + relative[..<slash], 0o755) }
        let file = fopen(full, "wb")
        _ = contents.withCString { fputs($0, file) }
        fclose(file)
    }

    func symlink(_ relative: String, pointingTo target: String) {
        _ = Glibc.symlink(target, path + "/" + relative)
    }

    /// Sets a file's modification time, so Last-Modified is predictable.
    func setModified(_ relative: String, secondsSince1970 seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        utimensat(AT_FDCWD, path + "/" + relative, &times, 0)
    }
}
