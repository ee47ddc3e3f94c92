import Foundation
import Testing

/// Pointer code lives only in the infrastructure modules (DESIGN.md): the MVVM-C modules are safe
/// Swift, links included, whose fast printing comes from the output type Web hands the printer.
@Suite struct PointerFreeSourcesTests {
    static let modules = ["Models", "ViewModels", "Navigation", "Coordinators", "Sessions", "DemoData"]
    static let forbidden = ["UnsafePointer", "UnsafeMutablePointer", "UnsafeBufferPointer", "UnsafeMutableBufferPointer",
        "UnsafeRawPointer", "UnsafeMutableRawPointer", "UnsafeRawBufferPointer", "UnsafeMutableRawBufferPointer",
        "withUnsafe", "loadUnaligned", "storeBytes", "unsafeBitCast", "assumingMemoryBound", "bindMemory"]

    @Test(arguments: modules)
    func theModuleHoldsNoPointerCode(_ module: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for word in Self.forbidden where text.contains(word) {
                Issue.record("\(module)/\(file.lastPathComponent) uses \(word)")
            }
        }
    }
}
