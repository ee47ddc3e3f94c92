@testable import Coordinators
import Models
import TestSupport
import Testing

@Suite struct RobustnessTests {
    @Test func arbitraryPathsParseOrAreRejectedWithoutCrashing() {
        var random = SeededGenerator(seed: 99)
        let pieces = ["/", "library", "flow", "items", "new", "%", "%2", "%C3", "%C3%BC", "..", ".", "?", "next=", "//", "1", "-1", "99999999999999999999", "ü", "\u{0}"]
        for _ in 0..<5_000 {
            let path = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            if let route = AppRoute.parse(path: path, query: "next=" + path) {
                #expect(AppRoute.parse(url: route.print()) == route, "\(path)")
            }
        }
    }

    @Test func showingAnyRouteGivesAScreenOrARedirectWhoseLinksAllParse() throws {
        let fixture = Fixture(isDevelopment: true)
        let app = fixture.coordinator()
        var generator = RouteGenerator(random: SeededGenerator(seed: 3))
        for index in 0..<400 {
            let route = generator.route()
            let viewer: Viewer = index.isMultiple(of: 2) ? visitor : .signedIn(fixture.ada)
            switch app.show(route, viewer: viewer) {
            case .render(let screen), .rateLimited(let screen, _):
                for href in screen.allURLs {
                    #expect(AppRoute.parse(url: href) != nil, "\(href) on \(route.print())")
                }
            case .redirect(let target), .canonical(let target), .signIn(_, let target), .signOut(let target):
                #expect(AppRoute.parse(url: target.print()) == target)
            }
        }
    }
}
