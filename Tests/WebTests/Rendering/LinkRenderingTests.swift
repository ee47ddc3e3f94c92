import Coordinators
import Models
import ViewModels
import TemplateEngine
import Testing

@testable import Web

/// A page's links are printed straight into its template data through Web's text writer; they must
/// come out exactly as `AppRoute.print()` spells them (the one printer, which Coordinators' tests
/// hold to the URL contract), whether they fit the room reserved for a link or not.
@Suite struct LinkRenderingTests {
    static let slugs = [
        "category-3", "settings", "items", ".", "..", "a.b", "a b", "a/b", "ü-ber", "%", "😀", "~_-", "x",
        String(repeating: "long-slug", count: 30), String(repeating: "ü/", count: 80),
    ]

    static var routes: [AppRoute] {
        var routes: [AppRoute] = [.root, .inspector, .library(.home), .library(.settings)]
        routes += FlowRoute.allCases.map(AppRoute.flow) + ScreenTabRoute.allCases.map(AppRoute.screen)
        for slug in slugs {
            let category = CategoryID(slug)
            routes += [.library(.category(category)), .library(.newItem(category))]
            for id in [0, 7, 107, 123_456_789, Int.max, Int.min] {
                routes += [.library(.item(category, ItemID(id), nil)), .library(.deleteItem(category, ItemID(id)))]
                routes += [DetailTab.overview, .details, .options].map { .library(.item(category, ItemID(id), $0)) }
            }
            routes.append(.account(.resetPassword(token: slug)))
            routes.append(.account(.login(next: .library(.category(category)))))
            routes.append(.account(.register(next: .account(.login(next: .library(.item(category, ItemID(7), .details)))))))
        }
        routes += [.account(.logout), .account(.forgotPassword(next: nil)), .account(.login(next: .flow(.tertiary)))]
        return routes
    }

    @Test func linksInTemplateDataAreSpelledAsTheRoutePrints() throws {
        let library = try TemplateLibrary(templates: ["links": "{{#links}}{{{href}}}\n{{/links}}"], configuration: .init(strict: true))
        let routes = Self.routes
        var data = TemplateData(expectedBytes: 64)
        data.setRoot { data in
            data.add("links", objects: routes) { data, route in data.add("href", route) }
        }
        var bytes: [UInt8] = []
        try library.render("links", data, into: &bytes)
        let printed = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(printed.count == routes.count)
        for (route, link) in zip(routes, printed) {
            #expect(link == route.print(), "\(route)")
        }
        // Both ways were taken: links that fit the room, and links longer than it.
        #expect(routes.contains { $0.print().utf8.count > 256 })
        #expect(routes.contains { $0.print().utf8.count < 64 })
    }

    /// A link never needs HTML escaping, so it renders the same escaped or not.
    @Test func linksRenderTheSameEscapedOrNot() throws {
        let library = try TemplateLibrary(
            templates: ["both": "{{#links}}{{href}}|{{{href}}}\n{{/links}}"], configuration: .init(strict: true))
        let routes = Self.routes
        var data = TemplateData()
        data.setRoot { data in
            data.add("links", objects: routes) { data, route in data.add("href", route) }
        }
        var bytes: [UInt8] = []
        try library.render("both", data, into: &bytes)
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let halves = line.split(separator: "|", omittingEmptySubsequences: false)
            #expect(halves.count == 2 && halves[0] == halves[1], "\(line)")
        }
    }
}
