import Foundation
import TestSupport
import Testing

/// Sign-outs and password resets are acknowledged only once they are on disk: a server killed
/// with SIGKILL right after one never brings a revoked session back.
@Suite(.serialized) struct SessionCrashTests {
    static let rounds = 3

    @Test(.timeLimit(.minutes(2)))
    func aSignOutSurvivesSIGKILL() throws {
        let folder = TemporaryDirectory(prefix: "waypoint-crash")
        let data = folder.path("data")
        var revoked: [String] = []
        for _ in 0..<Self.rounds {
            // Signed in before a clean restart: the session is saved under every design.
            let first = try ServerProcess(dataDirectory: data)
            let client = WebClient(port: first.port)
            try client.signIn()
            first.stop()
            let server = try ServerProcess(dataDirectory: data)
            client.disconnect()
            client.port = server.port
            let page = try client.get("/library/category-1")
            #expect(page.text.contains("Signed in as"))
            revoked.append(try #require(client.sessionCookie))
            let logout = try client.post("/logout", form: [("csrfToken", page.csrfToken ?? "")])
            #expect(logout.status == 303)
            server.kill()
        }
        let server = try ServerProcess(dataDirectory: data)
        defer { server.kill() }
        for cookie in revoked {
            let replay = WebClient(port: server.port)
            replay.sessionCookie = cookie
            #expect(!(try replay.get("/library/category-1").text.contains("Signed in as")), "a signed-out session came back")
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aPasswordResetSurvivesSIGKILL() throws {
        let folder = TemporaryDirectory(prefix: "waypoint-crash")
        let data = folder.path("data")
        var revoked: [String] = []
        var password = "demo-password"
        for round in 0..<Self.rounds {
            let first = try ServerProcess(dataDirectory: data)
            let laptop = WebClient(port: first.port)
            try laptop.signIn(password: password)
            first.stop()
            let server = try ServerProcess(dataDirectory: data)
            laptop.disconnect()
            laptop.port = server.port
            #expect(try laptop.get("/library/category-1").text.contains("Signed in as"))
            revoked.append(try #require(laptop.sessionCookie))

            let phone = WebClient(port: server.port)
            let mailsBefore = Self.mails(in: data).count
            #expect(try phone.submit("/forgot-password", form: [("email", "demo@example.com")]).status == 303)
            let link = try #require(Self.resetLink(from: server), "round \(round): \(server.logged)")
            #expect(Self.mails(in: data).count == mailsBefore + 1)
            password = "a-new-password-\(round)"
            let reset = try phone.submit(link, form: [("password", password), ("confirmation", password)])
            #expect(reset.status == 303, "round \(round): \(server.logged)")
            server.kill()
        }
        let server = try ServerProcess(dataDirectory: data)
        defer { server.kill() }
        for cookie in revoked {
            let replay = WebClient(port: server.port)
            replay.sessionCookie = cookie
            #expect(!(try replay.get("/library/category-1").text.contains("Signed in as")), "a revoked session came back")
        }
    }

    /// The outbox's messages, oldest first (a message being written is a hidden temporary file).
    static func mails(in data: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: data + "/outbox")) ?? [])
            .filter { $0.hasSuffix(".txt") && !$0.hasPrefix(".") }.sorted()
    }

    @Test(.timeLimit(.minutes(1)))
    func aSignInSurvivesSIGKILL() throws {
        let folder = TemporaryDirectory(prefix: "waypoint-crash")
        let data = folder.path("data")
        let first = try ServerProcess(dataDirectory: data)
        let client = WebClient(port: first.port)
        #expect(try client.signIn().status == 303)
        first.kill()
        let server = try ServerProcess(dataDirectory: data)
        defer { server.kill() }
        client.disconnect()
        client.port = server.port
        #expect(try client.get("/library/category-1").text.contains("Signed in as"))
    }

    /// A form that changed something keeps a receipt in its session, durable before the 303 like
    /// the item it added: the browser's resend of the same body (same CSRF mask) after a SIGKILL
    /// answers the same 303 and adds nothing.
    @Test(.timeLimit(.minutes(1)))
    func aFormsReceiptSurvivesSIGKILL() throws {
        let folder = TemporaryDirectory(prefix: "waypoint-crash")
        let data = folder.path("data")
        let title = "Added once before SIGKILL"
        let first = try ServerProcess(dataDirectory: data)
        let client = WebClient(port: first.port)
        #expect(try client.signIn().status == 303)
        let form = try client.get("/library/category-3/items/new")
        let body = [("csrfToken", try #require(form.csrfToken)), ("title", title), ("subtitle", "")]
        let added = try client.post("/library/category-3/items/new", form: body)
        #expect(added.status == 303)
        first.kill()
        do {
            let server = try ServerProcess(dataDirectory: data)
            defer { server.kill() }
            client.disconnect()
            client.port = server.port
            let resent = try client.post("/library/category-3/items/new", form: body)
            #expect(resent.status == 303)
            #expect(resent.location == added.location, "the resend was taken as a new submission")
        }
        let app = try TestApp(dataDirectory: data)
        #expect(app.application.services.catalog.items(in: .init("category-3")).filter { $0.title == title }.count == 1)
    }

    /// The reset link of the mail the server says it has just queued, waiting (bounded) for that
    /// log line: mail is written in the background after the form is answered, and logged once whole.
    static func resetLink(from server: ServerProcess) -> String? {
        let path = server.waitForOutput { output -> String? in
            guard let range = output.range(of: "password reset mail for user "),
                let queued = output[range.upperBound...].range(of: " queued at ")
            else { return nil }
            let rest = output[queued.upperBound...]
            guard let end = rest.firstIndex(where: \.isNewline) else { return nil }
            return String(rest[..<end])
        }
        guard let path, let mail = try? String(contentsOfFile: path, encoding: .utf8),
            let start = mail.range(of: "/reset-password/")
        else { return nil }
        return String(mail[start.lowerBound...].prefix { !$0.isWhitespace })
    }
}
