import Testing
@testable import Storage

struct MutationCodecTests {
    let sample: [StoreMutation] = [
        .put(collection: "items", key: "1", value: Array("héllo".utf8)),
        .delete(collection: "items", key: "2"),
        .put(collection: "", key: "", value: []),
    ]

    @Test func decodingAnEncodedBatchGivesItBack() {
        #expect(MutationCodec.decode(MutationCodec.encode(sample)[...]) == sample)
    }

    @Test func everyTruncationOfAPayloadIsRejectedNotCrashed() {
        let payload = MutationCodec.encode(sample)
        for length in 0..<payload.count {
            #expect(MutationCodec.decode(payload[..<length]) == nil)
        }
    }

    @Test func trailingBytesAndUnknownTagsAreRejected() {
        #expect(MutationCodec.decode((MutationCodec.encode(sample) + [0])[...]) == nil)
        var unknownTag = MutationCodec.encode([.delete(collection: "c", key: "k")])
        unknownTag[4] = 9
        #expect(MutationCodec.decode(unknownTag[...]) == nil)
    }

    @Test func aHugeDeclaredCountDoesNotAllocateOrCrash() {
        #expect(MutationCodec.decode([0xFF, 0xFF, 0xFF, 0xFF][...]) == nil)
    }
}
