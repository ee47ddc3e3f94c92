/// A growable array of plain values whose appends compile to a capacity check and a store.
///
/// `Array` checks uniqueness and goes through a generic copy on every append; building and
/// rendering a page append over a thousand small things, so `TemplateData` and the renderer keep
/// their values here instead. Noncopyable: it owns its memory.
///
/// Its memory is reached only inside closures (`withElements`, the `append` calls that let a
/// closure write): a pointer never outlives the call that handed it out, so it cannot dangle
/// after the buffer grows or is freed. Every write into reserved room is checked against what
/// was reserved, in release builds too: these checks are the buffer's memory safety.
struct PlainValueBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0
    /// False while the values live in memory lent by the caller (`init(lent:)`): then this buffer
    /// frees nothing, and leaves that memory for its own the first time it grows.
    private(set) var ownsMemory = true

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        self.base = .allocate(capacity: self.capacity)
    }

    /// A buffer over `memory`, which its owner keeps valid for as long as this buffer lives (an
    /// array's room being initialized), so what fits is written in place, without a copy after.
    init(lent memory: UnsafeMutableBufferPointer<Element>) {
        if let start = memory.baseAddress, memory.count >= 16 {
            base = start
            capacity = memory.count
            ownsMemory = false
        } else {
            capacity = 16
            base = .allocate(capacity: 16)
        }
    }

    deinit {
        if ownsMemory { base.deallocate() }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count >= capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        let length = elements.count
        if count + length > capacity { grow(toHold: count + length) }
        let target = base + count
        if length <= 16 {
            // Most runs are a few values: a call to memmove costs more than copying them.
            for offset in 0..<length { (target + offset).initialize(to: source[offset]) }
        } else {
            target.initialize(from: source, count: length)
        }
        count += length
    }

    /// Appends `count` values that `initialize` writes at the pointer it gets: exactly that many,
    /// no more (the room ends there).
    @inline(__always)
    mutating func append(count length: Int, _ initialize: (UnsafeMutablePointer<Element>) -> Void) {
        precondition(length >= 0, "PlainValueBuffer.append(count:): a negative count")
        if count + length > capacity { grow(toHold: count + length) }
        initialize(base + count)
        count += length
    }

    /// Lets `initialize` write up to `maximum` values at the pointer it gets and keeps as many
    /// as it returns.
    @inline(__always)
    mutating func append(upTo maximum: Int, _ initialize: (UnsafeMutablePointer<Element>) -> Int) {
        precondition(maximum >= 0, "PlainValueBuffer.append(upTo:): a negative maximum")
        if count + maximum > capacity { grow(toHold: count + maximum) }
        let written = initialize(base + count)
        // Past `maximum`, the writer has already run over the room reserved for it: stop here
        // rather than keep values that may lie beyond the allocation.
        precondition(
            UInt(bitPattern: written) <= UInt(bitPattern: maximum),
            "PlainValueBuffer.append(upTo:): the writer reports more values than the room it was given")
        count += written
    }

    /// Moves the last values, from `start` on, onto the end of `other`, and returns how many.
    @discardableResult
    mutating func moveTail(from start: Int, to other: inout PlainValueBuffer<Element>) -> Int {
        precondition(start >= 0 && start <= count, "PlainValueBuffer.moveTail: the start lies outside the buffer")
        let moved = count - start
        other.append(UnsafeBufferPointer(start: base + start, count: moved))
        count = start
        return moved
    }

    /// Calls `body` with the values appended so far. The pointer is valid only during the call:
    /// a later append may move the values.
    @inline(__always)
    borrowing func withElements<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        // Every append's store relies on this: the room now reaches `needed`.
        precondition(newCapacity >= needed && needed >= count, "PlainValueBuffer.grow: the new room does not hold what is needed")
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        if ownsMemory { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsMemory = true
    }
}

extension PlainValueBuffer where Element == UInt8 {
    /// Bytes go through the engine's one copy helper, `copyBytes`: a few word moves for what most
    /// appends carry.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        append(count: length) { target in
            copyBytes(from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(target), count: length)
        }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        append(bytes.assumingMemoryBound(to: UInt8.self))
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends everything written so far to `array`.
    func copy(to array: inout [UInt8]) {
        withElements { array.append(contentsOf: $0) }
    }
}
