// Times a kept GzipEncoder on a page, run by hand with run-gzip-bench.sh (swiftc -O, not by SwiftPM).
// Usage: gzip-bench PAGE [ITERATIONS [fast|default [WARMUP]]]
import Glibc

@main
enum GzipBench {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let file = fopen(arguments[1], "rb") else {
            print("usage: gzip-bench PAGE [ITERATIONS]")
            exit(2)
        }
        var page: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            page += chunk[0..<count]
        }
        fclose(file)
        let iterations = arguments.count >= 3 ? Int(arguments[2]) ?? 2000 : 2000
        let level: Gzip.Level = arguments.count >= 4 && arguments[3] == "default" ? .default : .fast
        let warmUp = arguments.count >= 5 ? Int(arguments[4]) ?? 200 : 200
        // One encoder for every run, as an event loop keeps one.
        let encoder = GzipEncoder()
        var compressed: [UInt8] = page.withUnsafeBytes { encoder.compress($0, level: level) }
        var size = 0
        for _ in 0..<warmUp { size = page.withUnsafeBytes { encoder.compress($0, level: level) { $0.count } } }
        var times: [Double] = []
        for _ in 0..<iterations {
            let start = now()
            size = page.withUnsafeBytes { encoder.compress($0, level: level) { $0.count } }
            times.append(now() - start)
        }
        precondition(size == compressed.count)
        compressed = page.withUnsafeBytes { encoder.compress($0, level: level) }
        times.sort()
        let best = times[0]
        let median = times[times.count / 2]
        let total = times.reduce(0, +)
        let roundTrip = (try? Gzip.decompress(compressed)) == page
        print("level \(level), input \(page.count) B, gzip \(compressed.count) B, round trip \(roundTrip ? "ok" : "FAILED")")
        print("median \(Int(median * 1e6)) µs, mean \(Int(total / Double(iterations) * 1e6)) µs, best \(Int(best * 1e6)) µs over \(iterations) runs")
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
