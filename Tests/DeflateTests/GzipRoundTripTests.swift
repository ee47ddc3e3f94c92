import Testing
@testable import Deflate

@Suite struct GzipRoundTripTests {
    @Test func emptyInputRoundTrips() throws {
        let compressed = Gzip.compress([])
        #expect(try Gzip.decompress(compressed) == [])
    }
}
