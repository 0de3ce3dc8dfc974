import PropertyBased
import SerializeCore
import Testing

/// The JSON string scanner that validates UTF-8 as it goes, and the digit words of the JSON
/// number scan, against the separate steps they replace.
@Suite struct ByteScanningFusedTests {
    /// The reference: the plain scanner's stop when the bytes before it are valid UTF-8 by
    /// `String(validating:)`, nil when they are not.
    static func reference(_ bytes: [UInt8], from start: Int) -> Int? {
        let stop = bytes.withUnsafeBufferPointer { ByteScanning.firstJSONStringStop(in: $0, from: start) }
        return String(validating: bytes[start..<stop], as: UTF8.self) != nil ? stop : nil
    }

    static func fused(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        ByteScanning.firstJSONStringStop(validatingUTF8In: buffer, from: start)
    }

    /// Sequences valid and not, and stops, each placed at every position 0…15 of quiet ASCII
    /// (every byte of two words), alone or after another sequence, at every alignment.
    @Test func everySequenceAtEveryPositionOfAWord() {
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xE6, 0x95, 0x8F], [0xF0, 0x9F, 0x98, 0x80], [0xCE, 0xB1, 0xCE, 0xB2],
            [0xFF], [0xC0, 0x80], [0xC3], [0xE6, 0x95], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0x80], [0xC3, 0x22], [0xE6, 0x5C, 0x8F], [0xF0, 0x9F, 0x98, 0x0A], [0x22], [0x5C], [0x1F],
            [0xC3, 0xA9, 0x22], [0xE6, 0x95, 0x8F, 0xFF],
        ]
        var failures: [String] = []
        for sequence in sequences {
            for position in 0...15 {
                for prefix in [[], [0xCE, 0xB1]] as [[UInt8]] {
                    let bytes = prefix + Array(repeating: UInt8(ascii: "a"), count: position) + sequence
                        + Array(repeating: UInt8(ascii: "b"), count: 9)
                    for shift in 0..<8 {
                        // Also cut right after the sequence (no word loads past it).
                        for length in [bytes.count, prefix.count + position + sequence.count] {
                            let text = Array(bytes[0..<length])
                            ByteScanningTests.withBuffer(text, shift: shift) { buffer in
                                for start in [0, prefix.count] where Self.fused(buffer, from: start) != Self.reference(text, from: start) {
                                    failures.append("\(text) from \(start), shift \(shift)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Random mixes of the bytes where the UTF-8 rules change and of the stops, from every
    /// start, at every alignment.
    @Test func randomBytesAgreeWithScanThenValidate() async {
        let edges: [UInt8] = [
            0x00, 0x1F, 0x20, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
        ]
        let bytes = Gen.element(of: edges + Array(repeating: 0x61, count: 8)).compactMap { $0 }.array(of: 0...24)
        await propertyCheck(count: 1500, input: bytes, Gen.int(in: 0...7)) { bytes, shift in
            ByteScanningTests.withBuffer(bytes, shift: shift) { buffer in
                for start in 0...bytes.count {
                    #expect(Self.fused(buffer, from: start) == Self.reference(bytes, from: start), "\(bytes) from \(start)")
                }
            }
        }
    }

    /// The little-endian word of `bytes` (eight of them).
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Every digit count 0…8 with every byte at the first non-digit's place (the neighbours of
    /// `0` and `9` among them), and the value of the digits before it.
    @Test func digitWordsCountAndReadTheirDigits() {
        var failures: [String] = []
        for count in 0...8 {
            for stop in UInt8.min...UInt8.max where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(stop) {
                for digits in ["12345678", "98765432", "00000009", "90000000", "99999999", "00000000"] {
                    var bytes = Array(digits.utf8)
                    if count < 8 { bytes[count] = stop }
                    let word = Self.word(bytes)
                    if ByteScanning.leadingDigitCount(word) != count { failures.append("count of \(bytes)") }
                    if count > 0, ByteScanning.valueOfDigits(word, count: count) != UInt64(String(digits.prefix(count))) {
                        failures.append("value of \(bytes) (\(count))")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Random digit words read as the standard library reads their text.
    @Test func randomDigitWordsReadAsUInt64() async {
        let digits = Gen.uint8(in: UInt8(ascii: "0")...UInt8(ascii: "9")).array(of: 8)
        await propertyCheck(count: 500, input: digits, Gen.int(in: 1...8)) { digits, count in
            let expected = UInt64(String(decoding: digits[0..<count], as: UTF8.self))
            #expect(ByteScanning.valueOfDigits(Self.word(digits), count: count) == expected, "\(digits) \(count)")
        }
    }
}
