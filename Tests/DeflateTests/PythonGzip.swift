import Foundation

/// Python's `gzip` module as the reference implementation: decompresses (or compresses) bytes in a
/// child process, so every output of the encoder is checked by a decoder that is not ours.
enum PythonGzip {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
        try run("import gzip,sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))", input: bytes)
    }

    static func compress(_ bytes: [UInt8], level: Int) throws -> [UInt8] {
        try run("import gzip,sys; sys.stdout.buffer.write(gzip.compress(sys.stdin.buffer.read(), \(level)))", input: bytes)
    }

    private static func run(_ script: String, input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Feed stdin from another thread while this one drains stdout, so neither pipe fills up.
        // Plain read/write with EINTR retried: FileHandle traps when a child's signal interrupts it.
        let inputDescriptor = stdin.fileHandleForWriting.fileDescriptor
        let writer = Thread {
            input.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let count = write(inputDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    offset += count
                }
            }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = readAll(stdout.fileHandleForReading.fileDescriptor)
        let errors = Data(readAll(stderr.fileHandleForReading.fileDescriptor))
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed: " + (String(data: errors, encoding: .utf8) ?? ""))
        }
        return output
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return result }
            result += chunk[0..<count]
        }
    }
}
