/// Building: `add` calls append fields to the object being built, innermost first. Objects and
/// lists are built inside closures, so they always end where they began.
extension TemplateData {
    /// Builds the root object: the context every lookup starts from.
    @inlinable
    public mutating func setRoot(_ build: (inout TemplateData) throws -> Void) rethrows {
        let mark = beginObject()
        try build(&self)
        root = endObject(mark)
    }

    /// Makes a value tree the root, e.g. data decoded from JSON.
    public mutating func setRoot(_ value: TemplateValue) {
        root = append(value)
    }

    /// `{{key}}` writes the string, HTML-escaped unless the tag is triple.
    public mutating func add(_ key: TemplateKey, _ value: String) {
        addField(key, appendString(value))
    }

    /// A missing string is null: it renders as nothing and is a false section.
    public mutating func add(_ key: TemplateKey, _ value: String?) {
        addField(key, value.map { appendString($0) } ?? appendNode(Node(.null)))
    }

    /// Null renders as nothing and is a false section: for optional parts that strict templates
    /// still name.
    public mutating func addNull(_ key: TemplateKey) {
        addField(key, appendNode(Node(.null)))
    }

    public mutating func add(_ key: TemplateKey, _ value: Int) {
        addField(key, appendNode(Node(.int, payload: value)))
    }

    /// `false` is a false section, `true` a section rendered once.
    public mutating func add(_ key: TemplateKey, _ value: Bool) {
        addField(key, appendNode(Node(.bool, payload: value ? 1 : 0)))
    }

    /// Any value tree, for shapes the other calls do not cover.
    public mutating func add(_ key: TemplateKey, _ value: TemplateValue) {
        addField(key, append(value))
    }

    /// A string whose bytes `write` appends straight into the data: for text printed on demand,
    /// such as URLs, without making a `String` first. It must append valid UTF-8.
    @inlinable
    public mutating func add(_ key: TemplateKey, text write: (inout [UInt8]) throws -> Void) rethrows {
        let start = bytes.count
        try write(&bytes)
        addField(key, appendNode(Node(.string, payload: start, count: UInt32(bytes.count - start))))
    }

    /// A nested object whose fields `build` adds.
    @inlinable
    public mutating func add(_ key: TemplateKey, object build: (inout TemplateData) throws -> Void) rethrows {
        let mark = beginObject()
        try build(&self)
        addField(key, endObject(mark))
    }

    /// A list of objects, one per element, whose fields `build` adds.
    @inlinable
    public mutating func add<Elements: Sequence>(
        _ key: TemplateKey, objects: Elements, _ build: (inout TemplateData, Elements.Element) throws -> Void
    ) rethrows {
        let list = beginList()
        for element in objects {
            let mark = beginObject()
            try build(&self, element)
            pendingElements.append(endObject(mark))
        }
        addField(key, endList(list))
    }

    /// A list of strings (`{{#key}}{{.}}{{/key}}`).
    public mutating func add(_ key: TemplateKey, strings: [String]) {
        let list = beginList()
        for string in strings {
            pendingElements.append(appendString(string))
        }
        addField(key, endList(list))
    }
}

/// The primitives the building calls share.
extension TemplateData {
    @usableFromInline
    mutating func appendNode(_ node: Node) -> UInt32 {
        nodes.append(node)
        return UInt32(truncatingIfNeeded: nodes.count - 1)
    }

    @usableFromInline
    mutating func appendString(_ string: String) -> UInt32 {
        let start = bytes.count
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
        return appendNode(Node(.string, payload: start, count: UInt32(truncatingIfNeeded: bytes.count - start)))
    }

    /// Appends a field to the innermost object being built.
    @usableFromInline
    mutating func addField(_ key: TemplateKey, _ value: UInt32) {
        let start = bytes.count
        var name = key.name
        name.withUTF8 { bytes.append(contentsOf: $0) }
        pendingFields.append(Field(
            fingerprint: key.fingerprint, nameStart: UInt32(truncatingIfNeeded: start),
            nameCount: UInt32(truncatingIfNeeded: bytes.count - start), value: value))
    }

    @usableFromInline
    func beginObject() -> Int {
        pendingFields.count
    }

    /// Moves the object's pending fields into place and returns its node.
    @usableFromInline
    mutating func endObject(_ mark: Int) -> UInt32 {
        let first = fields.count
        fields.append(contentsOf: pendingFields[mark...])
        pendingFields.removeSubrange(mark...)
        return appendNode(Node(.object, payload: first, count: UInt32(truncatingIfNeeded: fields.count - first)))
    }

    @usableFromInline
    func beginList() -> Int {
        pendingElements.count
    }

    @usableFromInline
    mutating func endList(_ mark: Int) -> UInt32 {
        let first = elements.count
        elements.append(contentsOf: pendingElements[mark...])
        pendingElements.removeSubrange(mark...)
        return appendNode(Node(.list, payload: first, count: UInt32(truncatingIfNeeded: elements.count - first)))
    }

    /// Appends a value tree, children first, and returns its node.
    mutating func append(_ value: TemplateValue) -> UInt32 {
        switch value {
        case .null:
            return appendNode(Node(.null))
        case .bool(let flag):
            return appendNode(Node(.bool, payload: flag ? 1 : 0))
        case .int(let number):
            return appendNode(Node(.int, payload: number))
        case .double(let number):
            return appendNode(Node(.double, payload: Int(truncatingIfNeeded: number.bitPattern)))
        case .string(let string):
            return appendString(string)
        case .list(let values):
            let mark = beginList()
            for element in values {
                pendingElements.append(append(element))
            }
            return endList(mark)
        case .object(let object):
            let mark = beginObject()
            for (key, value) in object.fields {
                addField(key, append(value))
            }
            return endObject(mark)
        }
    }
}
