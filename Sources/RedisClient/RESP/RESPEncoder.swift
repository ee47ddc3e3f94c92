/// Commands go to Redis as RESP arrays of bulk strings: binary-safe, whatever the arguments hold.
public enum RESPEncoder {
    public static func encode(_ arguments: [[UInt8]], into buffer: inout [UInt8]) {
        appendHeader(UInt8(ascii: "*"), arguments.count, to: &buffer)
        for argument in arguments {
            appendHeader(UInt8(ascii: "$"), argument.count, to: &buffer)
            buffer.append(contentsOf: argument)
            buffer.append(13)
            buffer.append(10)
        }
    }

    public static func encode(_ arguments: [String], into buffer: inout [UInt8]) {
        encode(arguments.map { Array($0.utf8) }, into: &buffer)
    }

    public static func encode(_ arguments: [[UInt8]]) -> [UInt8] {
        var buffer: [UInt8] = []
        encode(arguments, into: &buffer)
        return buffer
    }

    public static func encode(_ arguments: [String]) -> [UInt8] {
        encode(arguments.map { Array($0.utf8) })
    }

    private static func appendHeader(_ marker: UInt8, _ count: Int, to buffer: inout [UInt8]) {
        buffer.append(marker)
        buffer.append(contentsOf: String(count).utf8)
        buffer.append(13)
        buffer.append(10)
    }
}
