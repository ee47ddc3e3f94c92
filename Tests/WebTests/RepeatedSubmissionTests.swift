import Dispatch
import Synchronization
import Testing
@testable import Web

/// A form sent again — three clicks at once, a resend later — changes data once and answers each
/// copy as it answered the first.
@Suite struct RepeatedSubmissionTests {
    func count(_ title: String, in app: TestApp) -> Int {
        app.application.services.catalog.items(in: .init("category-3")).filter { $0.title == title }.count
    }

    @Test func theSameNewItemFormSentFourTimesAddsOneItem() throws {
        let app = try TestApp()
        let client = app.client()
        try client.signIn()
        let form = try client.get("/library/category-3/items/new")
        let body = [("csrfToken", form.csrfToken ?? ""), ("title", "Clicked thrice"), ("subtitle", "")]
        let cookies = client.cookies
        let port = app.port
        let answers = Answers()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            let copy = WebClient(port: port)
            copy.cookies = cookies
            answers.append(try? copy.post("/library/category-3/items/new", form: body))
        }
        let later = try client.post("/library/category-3/items/new", form: body)
        let all = answers.values + [later]
        #expect(all.count == 4)
        #expect(all.allSatisfy { $0.status == 303 })
        #expect(Set(all.compactMap(\.location)).count == 1)
        #expect(count("Clicked thrice", in: app) == 1)
    }

    @Test func theSameValuesFromAFormRenderedAgainAreANewSubmission() throws {
        let app = try TestApp()
        let client = app.client()
        try client.signIn()
        for _ in 0..<2 {
            let form = try client.get("/library/category-3/items/new")
            let added = try client.post(
                "/library/category-3/items/new", form: [("csrfToken", form.csrfToken ?? ""), ("title", "Twice on purpose"), ("subtitle", "")])
            #expect(added.status == 303)
        }
        #expect(count("Twice on purpose", in: app) == 2)
    }

    @Test func aReceiptSurvivesARestart() throws {
        let app = try TestApp()
        let client = app.client()
        try client.signIn()
        let form = try client.get("/library/category-3/items/new")
        let body = [("csrfToken", form.csrfToken ?? ""), ("title", "Before the restart"), ("subtitle", "")]
        let first = try client.post("/library/category-3/items/new", form: body)
        #expect(first.status == 303)
        let restarted = try app.restarted()
        let again = WebClient(port: restarted.port)
        again.cookies = client.cookies
        let repeated = try again.post("/library/category-3/items/new", form: body)
        #expect(repeated.status == 303)
        #expect(repeated.location == first.location)
        #expect(count("Before the restart", in: restarted) == 1)
    }
}

/// Answers gathered from several threads.
private final class Answers: Sendable {
    private let stored = Mutex<[WebClient.Response]>([])

    func append(_ response: WebClient.Response?) {
        guard let response else { return }
        stored.withLock { $0.append(response) }
    }

    var values: [WebClient.Response] { stored.withLock { $0 } }
}
