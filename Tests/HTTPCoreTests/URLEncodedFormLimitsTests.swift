import HTTPCore
import Testing

/// A form is refused by a byte scan when it breaks its limits, before any field is decoded.
@Suite struct URLEncodedFormLimitsTests {
    @Test func defaultLimitsAreSixtyFourFieldsOfBoundedSize() {
        let limits = URLEncodedForm.Limits()
        #expect(limits.maxFields == 64)
        #expect(limits.maxNameBytes == 256)
        #expect(limits.maxValueBytes == 64 * 1024)
    }

    @Test func aFormAtTheFieldLimitDecodes() throws {
        let body = (0..<64).map { "f\($0)=v" }.joined(separator: "&")
        #expect(try FormData(decoding: Array(body.utf8)).pairs.count == 64)
    }

    @Test func oneFieldOverTheLimitIsRefused() {
        let body = (0..<65).map { "f\($0)=v" }.joined(separator: "&")
        #expect(throws: URLEncodingError.tooManyFields(limit: 64)) { try FormData(decoding: Array(body.utf8)) }
        #expect(throws: URLEncodingError.tooManyFields(limit: 64)) { try FormData(query: body) }
    }

    @Test func emptySegmentsDoNotCountAsFields() throws {
        let body = "a=1" + String(repeating: "&", count: 500) + "b=2&&&"
        let form = try FormData(decoding: Array(body.utf8), limits: .init(maxFields: 2))
        #expect(form.pairs.map(\.name) == ["a", "b"])
    }

    @Test func aMegabyteOfEmptyFieldsIsRefusedQuickly() {
        let body = Array(String(repeating: "x=&", count: (1 << 20) / 3).utf8)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: URLEncodingError.tooManyFields(limit: 64)) { try FormData(decoding: body) }
        }
        // A byte scan, even in a debug build; decoding every field took far longer.
        #expect(elapsed < .seconds(1), "took \(elapsed)")
    }

    @Test func aFieldIsRefusedBeforeDecodingWhenItsFieldLimitIsBrokenFirst() {
        // The bad escape in the 66th field is never reached: the count is checked before decoding.
        let body = (0..<65).map { "f\($0)=v" }.joined(separator: "&") + "&bad=%G1"
        #expect(throws: URLEncodingError.tooManyFields(limit: 64)) { try URLEncodedForm.decode(Array(body.utf8)) }
    }

    @Test func longNamesAndValuesAreRefusedByTheirEncodedSize() throws {
        let limits = URLEncodedForm.Limits(maxFields: 8, maxNameBytes: 4, maxValueBytes: 6)
        #expect(try URLEncodedForm.decode(Array("name=%41%42&abcd".utf8), limits: limits).count == 2)
        #expect(throws: URLEncodingError.nameTooLong(limit: 4)) {
            try URLEncodedForm.decode(Array("a=1&abcde=2".utf8), limits: limits)
        }
        #expect(throws: URLEncodingError.nameTooLong(limit: 4)) {
            try URLEncodedForm.decode(Array("abcde".utf8), limits: limits)
        }
        #expect(throws: URLEncodingError.valueTooLong(limit: 6)) {
            try URLEncodedForm.decode(Array("a=%41%42%43".utf8), limits: limits)
        }
        // `=` inside a value belongs to the value.
        #expect(throws: URLEncodingError.valueTooLong(limit: 6)) {
            try URLEncodedForm.decode(query: "a=b=c=d=e", limits: limits)
        }
    }

    @Test func unlimitedDecodesAnything() throws {
        let body = (0..<1000).map { "f\($0)=v" }.joined(separator: "&")
        #expect(try URLEncodedForm.decode(query: body, limits: .unlimited).count == 1000)
    }
}
