// Writes a stream of keys into a JournalStore and prints each key once its write has returned
// (is durable). The crash test kills this process with SIGKILL at a random moment and checks that
// every printed key survived.
//
// Usage: StorageCrashWriter <directory> <key-prefix> <writers> <snapshot-threshold-bytes> [lane]
//        (lane: writes through the journal lane, up to 16 in flight per writer, each printed
//        from its completion)
//        StorageCrashWriter bench-open <directory> <entries> <value-bytes>: .ci/bench-snapshot.sh's
//        measurement (public API only, so an older build's Storage runs it too).
import Dispatch
import Storage
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "bench-open", let entries = Int(arguments[3]), let size = Int(arguments[4]) {
    benchOpen(directory: arguments[2], entries: entries, valueBytes: size)
    exit(0)
}
guard arguments.count == 5 || (arguments.count == 6 && arguments[5] == "lane"), let writers = Int(arguments[3]), let threshold = Int(arguments[4]) else {
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

/// One write(2) per line: lines from concurrent writers never interleave on a pipe.
@Sendable func acknowledge(_ key: String, _ sequence: Int) {
    let line = Array("\(key) \(sequence)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

if arguments.count == 6 {
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
        let inFlight = DispatchSemaphore(value: 16)
        for sequence in 0..<100_000 {
            let key = "\(prefix)-\(writer)-\(sequence)"
            inFlight.wait()
            do {
                try store.apply([.put(collection: "crash", key: key, value: value(for: key, sequence: sequence))]) { error in
                    if let error {
                        print("write failed: \(error)")
                        exit(1)
                    }
                    acknowledge(key, sequence)
                    inFlight.signal()
                }
            } catch {
                print("write refused: \(error)")
                exit(1)
            }
        }
    }
    while true { sleep(1) }
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
        acknowledge(key, sequence)
    }
}
exit(0)

/// Fills a store with `entries` values in one snapshot, then prints how long opening it takes
/// (the best of five, in milliseconds): start-up's share of the store.
func benchOpen(directory: String, entries: Int, valueBytes: Int) {
    do {
        let store = try JournalStore(configuration: .init(directory: directory))
        var batch: [StoreMutation] = []
        for index in 0..<entries {
            var value = Array("{\"id\":\(index),\"title\":\"Item \(index)\"".utf8)
            value += [UInt8](repeating: UInt8(ascii: "x"), count: max(0, valueBytes - value.count))
            batch.append(.put(collection: "catalog.items", key: String(index), value: value))
            if batch.count == 1_000 {
                try store.apply(batch)
                batch = []
            }
        }
        if !batch.isEmpty { try store.apply(batch) }
        try store.snapshot()
        store.close()
        var best = Double.infinity
        for _ in 0..<5 {
            let started = ContinuousClock.now
            let reopened = try JournalStore(configuration: .init(directory: directory))
            let elapsed = ContinuousClock.now - started
            precondition(reopened.all("catalog.items").count == entries)
            reopened.close()
            best = min(best, Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        print("open-ms \(best)")
    } catch {
        print("bench failed: \(error)")
        exit(1)
    }
}
