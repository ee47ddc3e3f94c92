/// A growable array of plain values whose appends compile to a capacity check and a store.
///
/// `Array` checks uniqueness and goes through a generic copy on every append; building and
/// rendering a page append over a thousand small things, so `TemplateData` and the renderer keep
/// their values here instead. Noncopyable: it owns its memory.
struct RawBuffer<Element: BitwiseCopyable>: ~Copyable {
    var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        self.base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
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

    /// Appends `count` values that `initialize` writes at the pointer it gets.
    @inline(__always)
    mutating func append(count length: Int, _ initialize: (UnsafeMutablePointer<Element>) -> Void) {
        if count + length > capacity { grow(toHold: count + length) }
        initialize(base + count)
        count += length
    }

    /// Lets `initialize` write up to `maximum` values at the pointer it gets and keeps as many
    /// as it returns.
    @inline(__always)
    mutating func append(upTo maximum: Int, _ initialize: (UnsafeMutablePointer<Element>) -> Int) {
        if count + maximum > capacity { grow(toHold: count + maximum) }
        count += initialize(base + count)
    }

    /// Moves the last values, from `start` on, onto the end of `other`.
    mutating func moveTail(from start: Int, to other: inout RawBuffer<Element>) {
        other.append(UnsafeBufferPointer(start: base + start, count: count - start))
        count = start
    }

    var buffer: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base, count: count)
    }

    mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

extension RawBuffer where Element == UInt8 {
    /// Bytes are copied in at most two overlapping moves (of 4, 8, 16 or 32 bytes) when there are
    /// up to 64: cheaper than a loop or a call to memmove for what most appends carry.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        append(count: length) { target in
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(target)
            switch length {
            case 33...64:
                let last = length - 32
                to.storeBytes(of: from.loadUnaligned(as: SIMD32<UInt8>.self), as: SIMD32<UInt8>.self)
                to.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: last, as: SIMD32<UInt8>.self), toByteOffset: last,
                    as: SIMD32<UInt8>.self)
            case 17...32:
                let last = length - 16
                to.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
                to.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: last, as: SIMD16<UInt8>.self), toByteOffset: last,
                    as: SIMD16<UInt8>.self)
            case 8...16:
                let first = from.loadUnaligned(as: UInt64.self)
                let last = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                to.storeBytes(of: first, as: UInt64.self)
                to.storeBytes(of: last, toByteOffset: length - 8, as: UInt64.self)
            case 4..<8:
                let first = from.loadUnaligned(as: UInt32.self)
                let last = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                to.storeBytes(of: first, as: UInt32.self)
                to.storeBytes(of: last, toByteOffset: length - 4, as: UInt32.self)
            case 0..<4:
                for offset in 0..<length { target[offset] = source[offset] }
            default:
                target.update(from: source, count: length)
            }
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
        array.append(contentsOf: buffer)
    }
}
