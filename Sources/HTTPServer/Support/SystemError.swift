import Glibc

/// A failed system call, with the call's name and errno's text so start-up errors read clearly.
public struct SystemError: Error, Sendable, CustomStringConvertible {
    public var call: String
    public var code: Int32

    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String {
        "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}
