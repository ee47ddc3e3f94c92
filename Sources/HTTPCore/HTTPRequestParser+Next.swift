extension HTTPRequestParser {
    /// The next event, or nil when more bytes are needed. After an error the parser stays failed.
    public mutating func next() throws(HTTPParseError) -> Event? {
        if case .failed(let error) = state { throw error }
        return nil
    }
}
