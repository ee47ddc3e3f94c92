#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an instance remembers the start marker of the Redis it served (see `RedisStore.joinStartMarker`).
struct RedisStartMarkerFile {
    let path: String

    init(dataDirectory: String) {
        path = dataDirectory + "/redis-start-marker"
    }

    func read() -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
        return text.isEmpty ? nil : text
    }

    func write(_ marker: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((marker + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
