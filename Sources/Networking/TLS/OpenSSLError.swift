import COpenSSL

/// OpenSSL reports failures on a per-thread queue; this turns it into text and leaves it empty,
/// because a stale entry would make the next `SSL_get_error` on the thread report a false failure.
public enum OpenSSLError {
    public static func drain() -> String {
        var messages: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        while true {
            let code = ERR_get_error()
            guard code != 0 else { break }
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        return messages.isEmpty ? "no detail from OpenSSL" : messages.joined(separator: "; ")
    }
}
