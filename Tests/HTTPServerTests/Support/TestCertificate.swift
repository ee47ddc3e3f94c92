import Glibc
import TestSupport

/// A throw-away self-signed certificate (P-256, CN=localhost) and its key, made with the openssl
/// command line in a scratch folder that goes away with the value.
final class TestCertificate {
    struct Failure: Error, CustomStringConvertible {
        var command: String
        var description: String { "openssl failed: \(command)" }
    }

    let directory = TemporaryDirectory()
    var certificatePath: String { directory.path + "/cert.pem" }
    var keyPath: String { directory.path + "/key.pem" }

    init() throws {
        try openssl("req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout key.pem -out cert.pem -days 1 -subj /CN=localhost")
    }

    /// Runs `openssl <arguments>` in the scratch folder.
    func openssl(_ arguments: String) throws {
        let command = "cd '\(directory.path)' && openssl \(arguments) >/dev/null 2>&1"
        guard system(command) == 0 else { throw Failure(command: arguments) }
    }

    func path(_ name: String) -> String { directory.path + "/" + name }
}
