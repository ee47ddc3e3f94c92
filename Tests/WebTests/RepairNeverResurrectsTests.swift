import Foundation
import TestSupport
import Testing
@testable import WaypointCommand
@testable import Web

/// `waypoint store repair` on a folder a killed server left with one damaged byte: what a lost
/// record may have ended stays ended, and an account it may have changed must set a new password.
@Suite(.serialized) struct RepairNeverResurrectsWebTests {
    func repair(_ data: String) -> (status: Int32, output: String) {
        var lines: [String] = []
        let status = StoreCommand.run(
            arguments: ["repair", "--data", data], environment: [:], output: { lines.append($0) },
            errors: { lines.append($0) })
        return (status, lines.joined(separator: "\n"))
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// The repro of issue 20: sign in, sign out, three more sign-ins, SIGKILL, one byte damaged in
    /// the sign-out record. Earlier builds kept the sign-in and dropped the sign-out: the
    /// signed-out cookie was signed in again.
    @Test(.timeLimit(.minutes(2)), arguments: ["value", "length"])
    func aDamagedSignOutIsNeverUndoneByRepair(damaging part: String) throws {
        let folder = TemporaryDirectory(prefix: "waypoint-repair")
        let data = folder.path("data")
        let journal = data + "/sessions/journal"
        let server = try ServerProcess(dataDirectory: data)
        let client = WebClient(port: server.port)
        #expect(try client.signIn().status == 303)
        let page = try client.get("/library/category-1")
        #expect(page.text.contains("Signed in as"))
        let signedOut = try #require(client.sessionCookie)
        let before = Self.size(journal)
        #expect(try client.post("/logout", form: [("csrfToken", page.csrfToken ?? "")]).status == 303)
        let after = Self.size(journal)
        #expect(after > before, "the sign-out was written to the session journal")
        for _ in 0..<3 {
            let other = WebClient(port: server.port)
            #expect(try other.signIn().status == 303)
        }
        server.kill()

        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: journal)))
        #expect(bytes.count > after, "records follow the sign-out")
        // The first record the sign-out wrote: its length field, or a byte of its last value.
        let length = Int(bytes[before]) | Int(bytes[before + 1]) << 8 | Int(bytes[before + 2]) << 16
        bytes[part == "length" ? before + 1 : before + 12 + length - 5] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: journal))

        let (status, output) = repair(data)
        #expect(status == 0, "\(output)")
        #expect(output.contains("ended"), "\(output)")
        #expect(!output.contains(signedOut), "a session id is a secret")

        let restarted = try ServerProcess(dataDirectory: data)
        defer { restarted.kill() }
        let replay = WebClient(port: restarted.port)
        replay.sessionCookie = signedOut
        #expect(!(try replay.get("/library/category-1").text.contains("Signed in as")), "the signed-out session came back")
        #expect(!restarted.logged.contains("seeded the"), "a repaired folder is never seeded again")
    }
}
