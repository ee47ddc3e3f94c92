import TestSupport

extension TestResponse {
    /// The tab bar's links: each tab's remembered location.
    var tabLinks: [String] {
        guard let bar = text.range(of: #"class="tab-bar""#) else { return [] }
        let end = text[bar.upperBound...].range(of: "</nav>")?.lowerBound ?? text.endIndex
        return text[bar.upperBound..<end].components(separatedBy: #"href=""#).dropFirst()
            .compactMap { $0.split(separator: "\"").first.map(String.init) }
    }
}
