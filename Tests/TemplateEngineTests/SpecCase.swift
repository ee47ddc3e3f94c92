import Foundation
import TemplateEngine
import Testing

/// One case of the official Mustache specification, read from the spec's JSON files.
///
/// The files are not part of this repository: they are read from `MUSTACHE_SPEC_DIR`, or from
/// `../shared/mustache-spec` next to the package. Without them the spec tests are skipped, except
/// in CI (`CI=true`), where their absence fails.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let template: String
    let data: TemplateValue
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        // Tests/TemplateEngineTests/SpecCase.swift → package root → ../shared/mustache-spec
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/mustache-spec", isDirectory: true)
    }()

    static var isContinuousIntegration: Bool {
        ["1", "true"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
    }

    static var folderExists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static let all: [SpecCase] = {
        guard folderExists,
            let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".json") }.sorted().flatMap { file -> [SpecCase] in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
                let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any],
                let tests = json["tests"] as? [[String: Any]]
            else { return [] }
            return tests.map { test in
                SpecCase(
                    file: file,
                    name: test["name"] as? String ?? "?",
                    template: test["template"] as? String ?? "",
                    data: templateValue(fromJSON: test["data"] ?? NSNull()),
                    partials: test["partials"] as? [String: String] ?? [:],
                    expected: test["expected"] as? String ?? "")
            }
        }
    }()

    /// JSONSerialization hands back Foundation objects; booleans and numbers both arrive as NSNumber.
    static func templateValue(fromJSON json: Any) -> TemplateValue {
        switch json {
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .int(number.intValue)
            }
        case let array as [Any]:
            return .list(array.map(templateValue(fromJSON:)))
        case let object as [String: Any]:
            return .object(TemplateObject(object.map { (TemplateKey($0.key), templateValue(fromJSON: $0.value)) }))
        default:
            return .null
        }
    }
}
