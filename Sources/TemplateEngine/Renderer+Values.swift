/// Looking names up in the context stack and writing the values found.
extension Renderer {
    /// Finds the first context (innermost out) holding the first key, then follows the rest inside it only.
    @inline(__always)
    func resolve(_ index: Int32) throws(TemplateError) -> UInt32? {
        let lookup = program.lookups[Int(index)]
        guard lookup.count > 0 else { return stack[stack.count - 1] }
        let first = Int(lookup.first)
        var level = stack.count - 1
        while level >= 0 {
            if var value = field(first, of: stack[level]) {
                for key in (first + 1)..<(first + Int(lookup.count)) {
                    guard let next = field(key, of: value) else { return try missing(index) }
                    value = next
                }
                return value
            }
            level -= 1
        }
        return try missing(index)
    }

    @inline(__always)
    private func field(_ key: Int, of node: UInt32) -> UInt32? {
        let name = keyNames[key]
        return data.field(
            of: data.nodes[Int(node)], fingerprint: name.fingerprint,
            name: UnsafeBufferPointer(rebasing: keyBytes[Int(name.start)..<Int(name.start + name.count)]))
    }

    private func missing(_ lookup: Int32) throws(TemplateError) -> UInt32? {
        guard strict else { return nil }
        throw error(.missingKey, lookup, "missing key '\(program.name(of: program.lookups[Int(lookup)]))'")
    }

    func append(_ value: UInt32, escaped: Bool, lookup: Int32, to buffer: inout ByteWriter) throws(TemplateError) {
        let node = data.nodes[Int(value)]
        switch node.kind {
        case .string:
            if escaped {
                HTMLEscaping.append(data.text(of: node), to: &buffer)
            } else {
                buffer.append(data.text(of: node))
            }
        case .int:
            HTMLEscaping.append(node.payload, to: &buffer)
        case .double:
            buffer.append(Array(Double(bitPattern: UInt64(truncatingIfNeeded: node.payload)).description.utf8))
        case .bool:
            let text: StaticString = node.payload != 0 ? "true" : "false"
            buffer.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        case .null:
            break
        case .list, .object:
            if strict {
                let name = program.name(of: program.lookups[Int(lookup)])
                throw error(.invalidValue, lookup, "'\(name)' is a list or an object; only text, numbers and booleans can be written")
            }
        }
    }

    private func error(_ kind: TemplateError.Kind, _ lookup: Int32, _ message: String) -> TemplateError {
        let lookup = program.lookups[Int(lookup)]
        return TemplateError(
            kind, file: names[Int(lookup.template)], line: Int(lookup.location.line),
            column: Int(lookup.location.column), message: message)
    }
}
