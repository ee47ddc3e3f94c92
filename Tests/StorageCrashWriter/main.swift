// Writes a stream of keys into a JournalStore and prints each key once its write has returned
// (is durable). The crash test kills this process with SIGKILL at a random moment and checks that
// every printed key survived.
//
// Usage: StorageCrashWriter <directory> <key-prefix> <writers> <snapshot-threshold-bytes>
import Dispatch
import Storage
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 5, let writers = Int(arguments[3]), let threshold = Int(arguments[4]) else {
    print("usage: StorageCrashWriter <directory> <key-prefix> <writers> <snapshot-threshold-bytes>")
    exit(2)
}
let prefix = arguments[2]

let store: JournalStore
do {
    store = try JournalStore(configuration: .init(directory: arguments[1], snapshotThreshold: threshold))
} catch {
    print("open failed: \(error)")
    exit(1)
}

/// The value the parent expects under `key`: the key's bytes repeated, so sizes vary.
@Sendable func value(for key: String, sequence: Int) -> [UInt8] {
    Array(String(repeating: key, count: 1 + sequence % 7).utf8)
}

DispatchQueue.concurrentPerform(iterations: writers) { writer in
    for sequence in 0..<100_000 {
        let key = "\(prefix)-\(writer)-\(sequence)"
        do {
            try store.put("crash", key: key, value: value(for: key, sequence: sequence))
        } catch {
            print("write failed: \(error)")
            exit(1)
        }
        // One write(2) per line: lines from concurrent writers never interleave on a pipe.
        let line = Array("\(key) \(sequence)\n".utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}
exit(0)
