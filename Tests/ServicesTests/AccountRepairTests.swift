import DemoData
import Foundation
import Models
import Storage
import TestSupport
import Testing
@testable import Services

/// After `store repair`, an account a lost write may have changed must set a new password: the
/// kept hash may be the old password. A repaired folder is never seeded again, and the demo
/// administrator's password is random when asked to be.
struct AccountRepairTests {
    let folder = TemporaryDirectory(prefix: "waypoint-accounts")
    var directory: String { folder.path("data") }
    var store: JournalStore.Configuration {
        .init(directory: AppServices.storeDirectory(inDataDirectory: directory), lockWait: .milliseconds(50))
    }

    func open(_ log: LogRecorder = LogRecorder(), demoPassword: DemoPassword = .published) throws -> AppServices {
        try AppServices(
            configuration: .init(dataDirectory: directory, passwordIterations: 1_000, seed: DemoSeed(password: demoPassword)),
            log: log.closure)
    }

    func token(in services: AppServices) throws -> String {
        let path = try #require(services.outbox.messagePaths().last)
        let mail = try String(contentsOfFile: path, encoding: .utf8)
        let link = try #require(mail.split(whereSeparator: \.isWhitespace).first { $0.contains("/reset-password/") })
        return String(try #require(link.split(separator: "/").last))
    }

    func journalSize() -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: store.directory + "/journal"))?[.size] as? Int) ?? 0
    }

    /// Damages the record at `offset`: its length field, or a byte of its first value (the
    /// account: after the count, a tag, "accounts.users" and a 16-digit id, each length-prefixed).
    func damage(recordAt offset: Int, length damagingTheLength: Bool) throws {
        let path = store.directory + "/journal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
        #expect(length > 100)
        bytes[damagingTheLength ? offset + 1 : offset + 12 + (4 + 1 + 4 + 14 + 4 + 16 + 4) + 10] ^= 0x11
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A new password whose record was damaged: earlier builds' repair kept the old password,
    /// which then signed in again.
    @Test(arguments: [false, true])
    func aLostPasswordChangeNeverBringsTheOldPasswordBack(damagingTheLength: Bool) throws {
        var before = 0
        do {
            let services = try open()
            _ = try services.accounts.register(username: "ada", email: "ada@example.com", password: "old-password")
            try services.accounts.requestPasswordReset(email: "ada@example.com")
            services.waitForQueuedMail()
            let token = try token(in: services)
            before = journalSize()
            _ = try services.accounts.resetPassword(token: token, newPassword: "new-password")
            _ = try services.accounts.register(username: "bob", email: "bob@example.com", password: "bobs-password")
            services.close()
        }
        try damage(recordAt: before, length: damagingTheLength)
        let report = try JournalStore.repair(store, policy: AccountService.repairPolicy)
        #expect(report.description.contains("the account ada must set a new password before signing in"))
        #expect(!report.description.contains("the account bob"))
        // A value byte leaves the record's keys provable: only what it touched is named.
        #expect(report.description.contains("the account demo") == damagingTheLength)

        let services = try open()
        defer { services.close() }
        #expect(!services.seeded)
        #expect(throws: AccountError.newPasswordRequired) {
            try services.accounts.authenticate(username: "ada", password: "old-password")
        }
        #expect(try services.accounts.authenticate(username: "bob", password: "bobs-password").username == "bob")
        try services.accounts.requestPasswordReset(email: "ada@example.com")
        services.waitForQueuedMail()
        _ = try services.accounts.resetPassword(token: try token(in: services), newPassword: "newest-password")
        #expect(try services.accounts.authenticate(username: "ada", password: "newest-password").username == "ada")
    }

    /// Earlier builds seeded again a folder whose repair kept nothing: an administrator with the
    /// README's password came back.
    @Test func aFolderRepairedDownToNothingIsNeverSeededAgain() throws {
        do {
            let services = try open()
            #expect(services.seeded)
            try services.journalStore?.snapshot()
            services.close()
        }
        let snapshot = store.directory + "/snapshot"
        try Data("not a snapshot any more".utf8).write(to: URL(fileURLWithPath: snapshot))
        _ = try JournalStore.repair(store, policy: AccountService.repairPolicy)
        let services = try open()
        defer { services.close() }
        #expect(!services.seeded)
        #expect(throws: AccountError.invalidCredentials) {
            try services.accounts.authenticate(username: "demo", password: DemoData.password)
        }
    }

    @Test func aRandomDemoPasswordIsPrintedOnceAndTheREADMEsDoesNotSignIn() throws {
        let log = LogRecorder()
        do {
            let services = try open(log, demoPassword: .random)
            #expect(services.seeded)
            services.close()
        }
        let line = try #require(log.all.first { $0.contains("has the password") })
        let password = try #require(line.split(separator: " ").first { $0.count == 24 }.map(String.init))
        let services = try open(log, demoPassword: .random)
        defer { services.close() }
        #expect(log.all.filter { $0.contains("has the password") }.count == 1)
        #expect(try services.accounts.authenticate(username: "demo", password: password).isAdministrator)
        #expect(throws: AccountError.invalidCredentials) {
            try services.accounts.authenticate(username: "demo", password: DemoData.password)
        }
    }

    @Test func anOperatorsDemoPasswordIsUsedAndNeverLogged() throws {
        let log = LogRecorder()
        let services = try open(log, demoPassword: .given("an operator's choice"))
        defer { services.close() }
        #expect(try services.accounts.authenticate(username: "demo", password: "an operator's choice").username == "demo")
        #expect(!log.all.contains { $0.contains("an operator's choice") })
    }
}
