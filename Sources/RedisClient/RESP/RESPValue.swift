/// One RESP2 reply. Null bulk strings (`$-1`) and null arrays (`*-1`) both read as `.null`: Redis
/// uses either for "no value", and no caller needs to tell them apart.
public enum RESPValue: Sendable, Hashable {
    case simpleString(String)
    /// An error reply, e.g. `ERR unknown command` or `WRONGTYPE …`: a value, not a failed exchange.
    case error(String)
    case integer(Int64)
    case bulkString([UInt8])
    case array([RESPValue])
    case null
}
