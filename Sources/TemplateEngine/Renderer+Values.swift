/// Looking names up in the context stack and writing the values found.
extension Renderer {
    /// Finds the first context (innermost out) holding the first key, then follows the rest inside it only.
    @inline(__always)
    func resolve(_ index: Int32) throws(TemplateError) -> TemplateValue? {
        let lookup = program.lookups[Int(index)]
        guard lookup.count > 0 else { return stack[stack.count - 1] }
        let first = Int(lookup.first)
        var level = stack.count - 1
        while level >= 0 {
            if case .object(let object) = stack[level], var value = object.field(program.keys[first]) {
                for key in (first + 1)..<(first + Int(lookup.count)) {
                    guard case .object(let inner) = value, let next = inner.field(program.keys[key]) else {
                        return try missing(index)
                    }
                    value = next
                }
                return value
            }
            level -= 1
        }
        return try missing(index)
    }

    private func missing(_ lookup: Int32) throws(TemplateError) -> TemplateValue? {
        guard strict else { return nil }
        throw error(.missingKey, lookup, "missing key '\(program.name(of: program.lookups[Int(lookup)]))'")
    }

    func append(_ value: TemplateValue, escaped: Bool, lookup: Int32, to buffer: inout ByteWriter)
        throws(TemplateError)
    {
        switch value {
        case .string(let string):
            HTMLEscaping.append(string, escaped: escaped, to: &buffer)
        case .int(let number):
            HTMLEscaping.append(number, to: &buffer)
        case .double(let number):
            buffer.append(Array(number.description.utf8))
        case .bool(let flag):
            let text: StaticString = flag ? "true" : "false"
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
