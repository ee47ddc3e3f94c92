extension HTTPRequestParser {
    enum State: Sendable {
        case requestLine
        case headers
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(HTTPParseError)
    }

    /// What is known of the request being parsed.
    struct PendingRequest: Sendable {
        var method = HTTPMethod.get
        var target = ""
        /// Whether `target` is its own path (origin-form, no query), as the request line showed.
        var targetIsPath = false
        var version = HTTPVersion.http1_1
        var headers = HTTPHeaders()
        var body: [UInt8] = []
        var headerBytes = 0
        var fieldCount = 0
        var hostCount = 0
        var contentLength: Int?
        var transferEncoding: [Substring] = []
        var expectsContinue = false
    }

    /// A string decoded from request bytes, kept with them so the same bytes in the next request
    /// are recognised by comparing bytes.
    struct RecentString: Sendable {
        var bytes: [UInt8]
        var string: String
        /// Whether these bytes passed the Host field's check of its characters.
        var isValidHost = false
    }
}
