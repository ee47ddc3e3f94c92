/// A strict reader of the Prometheus text format 0.0.4 for tests: every line must be a HELP, a
/// TYPE or a sample of a declared family; label values are unescaped; histograms must have
/// cumulative buckets ending at `+Inf` that agree with their `_count`, and a `_sum`.
public struct PrometheusText {
    public struct Sample: Equatable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public private(set) var types: [String: String] = [:]
    public private(set) var samples: [Sample] = []

    public init(_ text: String) throws {
        guard text.isEmpty || text.hasSuffix("\n") else { throw Malformed(line: 0, reason: "no final newline") }
        var helped: Set<String> = []
        var lastFamily: String?
        var finishedFamilies: Set<String> = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let line = String(raw)
            let number = index + 1
            func fail(_ reason: String) -> Malformed { Malformed(line: number, reason: "\(reason): \(line)") }
            if line.hasPrefix("# HELP ") {
                let parts = line.dropFirst(7).split(separator: " ", maxSplits: 1)
                guard let name = parts.first.map(String.init), Self.isMetricName(name), helped.insert(name).inserted else {
                    throw fail("bad or repeated HELP")
                }
            } else if line.hasPrefix("# TYPE ") {
                let parts = line.dropFirst(7).split(separator: " ")
                guard parts.count == 2, Self.isMetricName(String(parts[0])),
                      ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[1]),
                      types[String(parts[0])] == nil else { throw fail("bad or repeated TYPE") }
                types[String(parts[0])] = String(parts[1])
            } else if line.hasPrefix("#") || line.isEmpty {
                throw fail("unexpected comment or blank line")
            } else {
                let sample = try Self.sample(line, fail: fail)
                guard let family = family(of: sample.name) else { throw fail("sample of an undeclared family") }
                if family != lastFamily {
                    guard !finishedFamilies.contains(family) else { throw fail("family's samples not together") }
                    if let lastFamily { finishedFamilies.insert(lastFamily) }
                    lastFamily = family
                }
                if types[family] == "counter", !(sample.value >= 0) { throw fail("negative counter") }
                samples.append(sample)
            }
        }
        try checkHistograms()
    }

    /// The family a sample belongs to: its own name, or a histogram's name before `_bucket`, `_sum`, `_count`.
    func family(of name: String) -> String? {
        if types[name] != nil && types[name] != "histogram" { return name }
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if types[base] == "histogram" { return base }
        }
        return nil
    }

    /// Samples named `name` whose labels include `labels`.
    public func values(_ name: String, _ labels: [String: String] = [:]) -> [Sample] {
        samples.filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }
    }

    /// The sum of the values of `values(name, labels)`.
    public func total(_ name: String, _ labels: [String: String] = [:]) -> Double {
        values(name, labels).reduce(0) { $0 + $1.value }
    }

    private func checkHistograms() throws {
        for (name, type) in types where type == "histogram" {
            var series: [[String: String]: [(Double, Double)]] = [:]
            for sample in samples where sample.name == name + "_bucket" {
                guard let le = sample.labels["le"], let bound = Self.number(le) else {
                    throw Malformed(line: 0, reason: "\(name) bucket without a numeric le")
                }
                var key = sample.labels
                key["le"] = nil
                series[key, default: []].append((bound, sample.value))
            }
            for (labels, buckets) in series {
                guard buckets.last?.0 == .infinity else { throw Malformed(line: 0, reason: "\(name)\(labels) does not end at +Inf") }
                for (earlier, later) in zip(buckets, buckets.dropFirst()) where !(earlier.0 < later.0 && earlier.1 <= later.1) {
                    throw Malformed(line: 0, reason: "\(name)\(labels) buckets not ascending and cumulative")
                }
                let count = samples.first { $0.name == name + "_count" && $0.labels == labels }
                guard count?.value == buckets.last?.1 else { throw Malformed(line: 0, reason: "\(name)\(labels) _count disagrees") }
                guard samples.contains(where: { $0.name == name + "_sum" && $0.labels == labels }) else {
                    throw Malformed(line: 0, reason: "\(name)\(labels) has no _sum")
                }
            }
        }
    }

    private static func sample(_ line: String, fail: (String) -> Malformed) throws -> Sample {
        var characters = Array(line.unicodeScalars)[...]
        var name = ""
        while let first = characters.first, first != "{", first != " " { name.unicodeScalars.append(first); characters.removeFirst() }
        guard isMetricName(name) else { throw fail("bad metric name") }
        var labels: [String: String] = [:]
        if characters.first == "{" {
            characters.removeFirst()
            while characters.first != "}" {
                var label = ""
                while let first = characters.first, first != "=" { label.unicodeScalars.append(first); characters.removeFirst() }
                guard isLabelName(label), labels[label] == nil, characters.popFirst() == "=", characters.popFirst() == "\"" else {
                    throw fail("bad label")
                }
                var value = ""
                while true {
                    guard let next = characters.popFirst() else { throw fail("unterminated label value") }
                    if next == "\"" { break }
                    if next == "\\" {
                        switch characters.popFirst() {
                        case "\\": value += "\\"
                        case "\"": value += "\""
                        case "n": value += "\n"
                        default: throw fail("bad escape")
                        }
                    } else {
                        value.unicodeScalars.append(next)
                    }
                }
                labels[label] = value
                if characters.first == "," { characters.removeFirst() } else if characters.first != "}" { throw fail("bad label list") }
            }
            characters.removeFirst()
        }
        guard characters.popFirst() == " " else { throw fail("no space before the value") }
        let rest = String(String.UnicodeScalarView(characters))
        guard let value = number(rest) else { throw fail("bad value") }
        return Sample(name: name, labels: labels, value: value)
    }

    static func number(_ text: String) -> Double? {
        switch text {
        case "+Inf": .infinity
        case "-Inf": -.infinity
        case "NaN": .nan
        default: Double(text)
        }
    }

    static func isMetricName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first == ":" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == ":" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    static func isLabelName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(":") && isMetricName(name) && !name.hasPrefix("__")
    }
}
