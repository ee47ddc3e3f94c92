/// Looking names up in the context stack and writing the values found.
extension Renderer {
    /// Finds the first context (innermost out) holding the first key, then follows the rest inside it only.
    @inline(__always)
    mutating func resolve(_ index: Int32) throws(TemplateError) -> UInt32? {
        let lookup = program.lookups[Int(index)]
        guard lookup.count > 0 else { return stack.last }
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

    /// The value of program key `key` in `node`, when that is an object with such a field; the
    /// last such field wins.
    @inline(__always)
    private func field(_ key: Int, of node: UInt32) -> UInt32? {
        let object = data.nodes[Int(node)]
        guard object.kind == .object else { return nil }
        let name = keyNames[key]
        var index = object.payload + Int(object.count)
        while index > object.payload {
            index -= 1
            let field = data.fields[index]
            if field.head == name.head && field.tail == name.tail
                && (name.tail & TemplateKey.longMarker != TemplateKey.longMarker || longNameMatches(field, name))
            {
                return field.value
            }
        }
        return nil
    }

    private func longNameMatches(_ field: TemplateData.Field, _ name: Program.KeyName) -> Bool {
        data.longKey(of: field, isNamed: UnsafeBufferPointer(rebasing: keyBytes[Int(name.start)..<Int(name.start + name.count)]))
    }

    private func missing(_ lookup: Int32) throws(TemplateError) -> UInt32? {
        guard strict else { return nil }
        throw error(.missingKey, lookup, "missing key '\(program.name(of: program.lookups[Int(lookup)]))'")
    }

    mutating func append(_ value: UInt32, escaped: Bool, lookup: Int32, to buffer: inout PlainValueBuffer<UInt8>) throws(TemplateError) {
        let node = data.nodes[Int(value)]
        switch node.kind {
        case .string:
            if escaped && !node.isPlain {
                HTMLEscaping.append(data.text(of: node), to: &buffer)
            } else {
                buffer.append(data.text(of: node))
            }
        case .markup:
            data.markups[node.payload].withUnsafeBufferPointer { markup in
                if escaped {
                    HTMLEscaping.append(markup, to: &buffer)
                } else {
                    buffer.append(markup)
                }
            }
        case .int:
            DecimalDigits.append(node.payload, to: &buffer)
        case .double:
            buffer.append(Array(Double(bitPattern: UInt64(bitPattern: Int64(node.payload))).description.utf8))
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
