/// Why a gzip member or DEFLATE stream could not be read.
public enum InflateError: Error, Equatable, Sendable {
    case truncated
    case badHeader
    case badBlockType
    case badStoredLength
    case badCode
    case badDistance
    case checksumMismatch
    case lengthMismatch
    case outputTooLarge
}
