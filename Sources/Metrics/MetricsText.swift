/// The Prometheus text exposition format, version 0.0.4: `# HELP` and `# TYPE` once per family,
/// then its samples, label values escaped.
public struct MetricsText: Sendable {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    public private(set) var text = ""

    public init() {}

    public mutating func family(_ name: String, _ kind: Kind, help: String) {
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    public mutating func sample(_ name: String, _ labels: [(String, String)] = [], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{"
            text += labels.map { "\($0.0)=\"\(Self.escapeLabelValue($0.1))\"" }.joined(separator: ",")
            text += "}"
        }
        text += " \(Self.format(value))\n"
    }

    public mutating func sample(_ name: String, _ labels: [(String, String)] = [], _ value: UInt64) {
        sample(name, labels, Double(value))
    }

    /// One histogram's `_bucket` lines (cumulative, ending at `+Inf`), `_sum` and `_count`.
    public mutating func histogram(_ name: String, _ labels: [(String, String)] = [], _ histogram: Histogram) {
        for (bound, count) in histogram.cumulativeBuckets {
            sample(name + "_bucket", labels + [("le", Self.format(bound))], count)
        }
        sample(name + "_sum", labels, histogram.sum)
        sample(name + "_count", labels, histogram.count)
    }

    /// Backslash, double quote and newline are escaped in label values.
    public static func escapeLabelValue(_ value: String) -> String {
        var escaped = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// Backslash and newline are escaped in help text.
    static func escapeHelp(_ help: String) -> String {
        help.replacingAll("\\", with: "\\\\").replacingAll("\n", with: "\\n")
    }

    /// Integers without a fraction, `+Inf`, `-Inf`, `NaN` as the format spells them.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
