import Glibc
import TestSupport

/// A throw-away CA and a server certificate it signed for 127.0.0.1 only, made with the openssl
/// command line in a scratch folder that goes away with the value.
final class TestCertificateAuthority {
    struct Failure: Error, CustomStringConvertible {
        var command: String
        var description: String { "openssl failed: \(command)" }
    }

    private let folder = TemporaryDirectory(prefix: "waypoint-redis-ca")
    var directory: String { folder.path }
    var caPath: String { directory + "/ca.pem" }
    var certificatePath: String { directory + "/server.pem" }
    var keyPath: String { directory + "/server.key" }

    init() throws {
        let curve = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"
        try run("printf 'subjectAltName=IP:127.0.0.1\\n' > san.cnf")
        try run("openssl req -x509 \(curve) -keyout ca.key -out ca.pem -days 1 -subj '/CN=Waypoint Test CA'")
        try run("openssl req \(curve) -keyout server.key -out server.csr -subj /CN=redis-test")
        try run("openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 1 -extfile san.cnf")
    }

    private func run(_ command: String) throws {
        guard system("cd '\(directory)' && { \(command); } >/dev/null 2>&1") == 0 else { throw Failure(command: command) }
    }
}
