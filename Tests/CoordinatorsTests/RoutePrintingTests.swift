import Coordinators
import Models
import Testing

/// `print(into:)` is the one printer: it appends exactly the URL the contract spells, after whatever
/// the buffer already holds, and `print()` and `canonicalLocation` say the same as it.
@Suite struct RoutePrintingTests {
    /// Routes whose `next` is itself an account page with a `next`: encoded twice over.
    static let nestedRoutes: [AppRoute] = [
        .account(.login(next: .account(.register(next: .flow(.tertiary))))),
        .account(.register(next: .account(.login(next: .library(.item(CategoryID("a b/ü"), ItemID(-3), .details)))))),
        .account(.forgotPassword(next: .account(.login(next: .account(.resetPassword(token: "..")))))),
        .account(.login(next: .account(.register(next: .library(.category(CategoryID("settings"))))))),
        .account(.login(next: .account(.forgotPassword(next: .account(.login(next: .library(.newItem(CategoryID("%"))))))))),
    ]

    @Test func theGeneratedRoutesPrintIntoBytesExactlyAsTheContractSpellsThem() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0x5EED))
        for _ in 0..<5_000 {
            let route = generator.route()
            let expected = Array(ReferencePrinter.print(route).utf8)
            var bytes: [UInt8] = []
            route.print(into: &bytes)
            #expect(bytes == expected, "\(route)")
            #expect(Array(route.print().utf8) == expected, "\(route)")
        }
    }

    @Test func printingAppendsAfterWhatTheBufferHolds() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0x5EED))
        var bytes = Array(#"<a href=""#.utf8)
        var expected = bytes
        for _ in 0..<5_000 {
            let route = generator.route()
            route.print(into: &bytes)
            bytes += Array(#"">"#.utf8)
            expected += Array(route.print().utf8) + Array(#"">"#.utf8)
        }
        #expect(bytes == expected)
    }

    @Test(arguments: nestedRoutes)
    func aNextThatHasItsOwnNextIsEncodedOnceMore(_ route: AppRoute) {
        var bytes = Array("x".utf8)
        route.print(into: &bytes)
        #expect(bytes == Array(("x" + ReferencePrinter.print(route)).utf8))
        #expect(route.print() == ReferencePrinter.print(route))
    }

    @Test func eachTabsRoutesPrintIntoBytesAsTheirAppRoute() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xB17E))
        for _ in 0..<1_000 {
            let route = generator.library()
            var bytes = Array("|".utf8)
            route.print(into: &bytes)
            #expect(bytes == Array(("|" + ReferencePrinter.print(route)).utf8), "\(route)")
            #expect(route.print() == AppRoute.library(route).print())
        }
        for route in FlowRoute.allCases {
            var bytes: [UInt8] = []
            route.print(into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ReferencePrinter.print(.flow(route)))
        }
        for route in ScreenRoute.allCases {
            var bytes: [UInt8] = []
            route.print(into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ReferencePrinter.print(.screen(route)))
        }
        for route in [AccountRoute.logout, .resetPassword(token: "a/b"), .login(next: .inspector)] {
            var bytes: [UInt8] = []
            route.print(into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ReferencePrinter.print(route))
        }
    }

    @Test func canonicalLocationAnswersAsComparingPrintedStringsDid() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0xC0DE))
        let routes = (0..<2_000).map { _ in generator.route() } + Self.nestedRoutes
        for route in routes {
            let printed = ReferencePrinter.print(route)
            let path = String(printed.prefix { $0 != "?" })
            let paths = [
                path, path + "x", String(path.dropLast()), path + "/", path.lowercased(), "/", "", "/login",
                path.split(separator: "%2F", omittingEmptySubsequences: false).joined(separator: "%2f"), path + "?",
            ]
            for candidate in paths {
                for query in [nil, "", "a=1"] as [String?] {
                    #expect(
                        route.canonicalLocation(path: candidate, query: query)
                            == ReferencePrinter.canonicalLocation(of: route, path: candidate, query: query),
                        "\(route) at \(candidate)")
                }
            }
        }
    }
}
