@testable import HTTPServer
import Testing

/// The cache finds a file by its path's bytes, whatever other paths share the hash, and never
/// hands one path's file for another.
@Suite struct StaticFileCacheTests {
    static func file(_ name: String, size: Int = 1) -> StaticFile {
        StaticFile(
            identity: .init(device: 1, inode: UInt64(name.utf8.count), size: size, modifiedSeconds: 0, modifiedNanoseconds: 0),
            contents: Array(name.utf8), contentType: "text/plain", etag: "\"\(name)\"", lastModified: "")
    }

    func lookUp(_ cache: StaticFileCache, _ path: String, hash: UInt64) -> StaticFile? {
        Array(path.utf8).withUnsafeBufferPointer { cache.file(for: $0, hash: hash, checkedSince: 0) }
    }

    func store(_ cache: StaticFileCache, _ path: String, hash: UInt64) {
        Array(path.utf8).withUnsafeBufferPointer { cache.store(Self.file(path), for: $0, hash: hash, checkedAt: 1) }
    }

    @Test func pathsSharingAHashAreKeptApart() {
        let cache = StaticFileCache(maxEntries: 8)
        for path in ["a.css", "b.css", "ab.css", "a.cs"] { store(cache, path, hash: 7) }
        for path in ["a.css", "b.css", "ab.css", "a.cs"] {
            #expect(lookUp(cache, path, hash: 7)?.contents == Array(path.utf8), "\(path)")
        }
        #expect(lookUp(cache, "c.css", hash: 7) == nil)
        #expect(lookUp(cache, "a.css", hash: 8) == nil)
    }

    @Test func aFullCacheStartsAfreshAndStoringAgainReplaces() {
        let cache = StaticFileCache(maxEntries: 4)
        for index in 0..<4 { store(cache, "file-\(index)", hash: UInt64(index)) }
        store(cache, "file-0", hash: 0)
        #expect((0..<4).allSatisfy { lookUp(cache, "file-\($0)", hash: UInt64($0)) != nil })
        store(cache, "file-4", hash: 4)
        #expect(lookUp(cache, "file-4", hash: 4) != nil)
        #expect((0..<4).allSatisfy { lookUp(cache, "file-\($0)", hash: UInt64($0)) == nil })
    }

    @Test func aFileCheckedTooLongAgoOrChangedOnDiskIsNotHandedOut() {
        let cache = StaticFileCache()
        store(cache, "app.css", hash: 3)
        let key = Array("app.css".utf8)
        #expect(key.withUnsafeBufferPointer { cache.file(for: $0, hash: 3, checkedSince: 2) } == nil)
        let other = Self.file("app.css", size: 2).identity
        #expect(key.withUnsafeBufferPointer { cache.file(for: $0, hash: 3, identity: other, checkedAt: 5) } == nil)
        let same = Self.file("app.css").identity
        #expect(key.withUnsafeBufferPointer { cache.file(for: $0, hash: 3, identity: same, checkedAt: 5) } != nil)
        // Found unchanged at 5: served without a look at the disk until the interval from then.
        #expect(key.withUnsafeBufferPointer { cache.file(for: $0, hash: 3, checkedSince: 5) } != nil)
    }
}
