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

    /// `*3\r\n`, `$5\r\n`: the digits are written in place, every command of every request has them.
    static func appendHeader(_ marker: UInt8, _ count: Int, to buffer: inout [UInt8]) {
        precondition(count >= 0, "a RESP length is never negative")
        buffer.append(marker)
        if count < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(count))
        } else {
            var divisor = 1
            while count / divisor >= 10 { divisor *= 10 }
            while divisor > 0 {
                buffer.append(UInt8(ascii: "0") + UInt8(count / divisor % 10))
                divisor /= 10
            }
        }
        buffer.append(13)
        buffer.append(10)
    }
}
