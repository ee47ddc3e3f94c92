/// Building: `add` calls append fields to the object being built, innermost first. Objects and
/// lists are built inside closures, so they always end where they began.
extension TemplateData {
    /// Builds the root object: the context every lookup starts from.
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
        addField(key, value.map { appendString($0) } ?? nodes.appendIndex(Node(.null)))
    }

    /// Null renders as nothing and is a false section: for optional parts that strict templates
    /// still name.
    public mutating func addNull(_ key: TemplateKey) {
        addField(key, nodes.appendIndex(Node(.null)))
    }

    public mutating func add(_ key: TemplateKey, _ value: Int) {
        addField(key, nodes.appendIndex(Node(.int, payload: value)))
    }

    /// `false` is a false section, `true` a section rendered once.
    public mutating func add(_ key: TemplateKey, _ value: Bool) {
        addField(key, nodes.appendIndex(Node(.bool, payload: value ? 1 : 0)))
    }

    /// Any value tree, for shapes the other calls do not cover.
    public mutating func add(_ key: TemplateKey, _ value: TemplateValue) {
        addField(key, append(value))
    }

    /// A string whose bytes `write` appends to the array it is given: for text printed on demand,
    /// such as URLs, without making a `String` first. It must append valid UTF-8.
    public mutating func add(_ key: TemplateKey, text write: (inout [UInt8]) throws -> Void) rethrows {
        scratch.removeAll(keepingCapacity: true)
        try write(&scratch)
        addField(key, scratch.withUnsafeBufferPointer { appendString($0) })
    }

    /// Markup rendered before (e.g. a fragment of this library's output kept by the caller), for
    /// `{{{key}}}`: held as it is, not copied into the data, and never looked through for
    /// characters to escape unless `{{key}}` writes it (then it is escaped like any string). It
    /// must be valid UTF-8.
    public mutating func add(_ key: TemplateKey, rendered markup: [UInt8]) {
        let index = markups.count
        markups.append(markup)
        addField(key, nodes.appendIndex(Node(.markup, payload: index)))
    }

    /// A nested object whose fields `build` adds.
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
            endElement(object: mark)
        }
        endList(list, key: key)
    }

    /// A list of strings (`{{#key}}{{.}}{{/key}}`).
    public mutating func add(_ key: TemplateKey, strings: [String]) {
        let list = beginList()
        for string in strings {
            pendingElements.append(appendString(string))
        }
        endList(list, key: key)
    }
}

/// The primitives the building calls share. Indices, counts and name offsets are stored in 32
/// bits; the conversions (`UInt32(fitting:)`) trap rather than wrap, so data past 4 GiB stops
/// the page instead of pointing a node at the wrong bytes.
extension TemplateData {
    mutating func appendString(_ string: String) -> UInt32 {
        if let node = string.utf8.withContiguousStorageIfAvailable({ appendString($0) }) {
            return node
        }
        var string = string
        return string.withUTF8 { appendString($0) }
    }

    /// Copies the bytes in, noting on the way whether they need escaping.
    mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let start = bytes.count
        let isPlain = HTMLEscaping.copy(utf8, to: &bytes)
        return nodes.appendIndex(Node(.string, payload: start, count: UInt32(fitting: utf8.count, "TemplateData: a string of 4 GiB or more"), isPlain: isPlain))
    }

    /// Appends a field to the innermost object being built.
    mutating func addField(_ key: TemplateKey, _ value: UInt32) {
        var nameStart = 0
        if key.isLong {
            nameStart = bytes.count
            var name = key.name
            name.withUTF8 { bytes.append($0) }
        }
        pendingFields.append(Field(head: key.head, tail: key.tail, value: value, nameStart: UInt32(fitting: nameStart, "TemplateData: 4 GiB of text or more")))
    }

    @usableFromInline
    func beginObject() -> Int {
        pendingFields.count
    }

    /// Moves the object's pending fields into place and returns its node.
    mutating func endObject(_ mark: Int) -> UInt32 {
        let first = fields.count
        let count = pendingFields.moveTail(from: mark, to: &fields)
        return nodes.appendIndex(Node(.object, payload: first, count: UInt32(fitting: count, "TemplateData: an object of 4 G fields or more")))
    }

    /// Ends an object begun at `mark` as the next element of the innermost list.
    @usableFromInline
    mutating func endElement(object mark: Int) {
        pendingElements.append(endObject(mark))
    }

    @usableFromInline
    func beginList() -> Int {
        pendingElements.count
    }

    /// Ends the innermost list as the field `key` of the object around it.
    @usableFromInline
    mutating func endList(_ mark: Int, key: TemplateKey) {
        addField(key, endList(mark))
    }

    mutating func endList(_ mark: Int) -> UInt32 {
        let first = elements.count
        let count = pendingElements.moveTail(from: mark, to: &elements)
        return nodes.appendIndex(Node(.list, payload: first, count: UInt32(fitting: count, "TemplateData: a list of 4 G elements or more")))
    }

    /// Appends a value tree, children first, and returns its node.
    mutating func append(_ value: TemplateValue) -> UInt32 {
        switch value {
        case .null:
            return nodes.appendIndex(Node(.null))
        case .bool(let flag):
            return nodes.appendIndex(Node(.bool, payload: flag ? 1 : 0))
        case .int(let number):
            return nodes.appendIndex(Node(.int, payload: number))
        case .double(let number):
            return nodes.appendIndex(Node(.double, payload: Int(Int64(bitPattern: number.bitPattern))))
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

extension PlainValueBuffer where Element == TemplateData.Node {
    /// Appends a node and returns its index.
    @inline(__always)
    mutating func appendIndex(_ node: Element) -> UInt32 {
        let index = UInt32(fitting: count, "TemplateData: 4 G values or more")
        append(node)
        return index
    }
}
