import PropertyBased
import SerializeCore
import Testing

/// The eight-bytes-at-a-time scanners against a byte-at-a-time reference.
@Suite struct ByteScanningTests {
    typealias Scan = @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int

    /// Each scanner with the rule it must follow, written out here byte by byte.
    static let scanners: [(name: String, scan: Scan, stops: @Sendable (UInt8) -> Bool)] = [
        ("JSON string", { ByteScanning.firstJSONStringStop(in: $0, from: $1) }, { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }),
        ("XML text", { ByteScanning.firstXMLTextStop(in: $0, from: $1) }, { $0 < 0x20 || [0x26, 0x3C, 0x3E, 0xEF].contains($0) }),
        ("non-ASCII", { ByteScanning.firstNonASCII(in: $0, from: $1) }, { $0 >= 0x80 }),
    ]

    /// Each stop, its neighbours (where a wrong mask or a carry between bytes would show) and
    /// both ends of the byte range.
    static let interesting: [UInt8] = [
        0x00, 0x01, 0x08, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x25, 0x26, 0x27, 0x3B, 0x3C, 0x3D,
        0x3E, 0x3F, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0x81, 0x9F, 0xA0, 0xBF, 0xC0, 0xEE, 0xEF, 0xF0, 0xFE, 0xFF,
    ]

    /// The reference: the first index at or after `start` whose byte `stops` holds for.
    static func reference(_ bytes: [UInt8], from start: Int, _ stops: (UInt8) -> Bool) -> Int {
        bytes[start...].firstIndex(where: stops) ?? bytes.count
    }

    /// Runs `body` with `bytes` placed `shift` bytes past an 8-byte boundary, so that the words
    /// are loaded unaligned.
    static func withBuffer<R>(_ bytes: [UInt8], shift: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let padded = [UInt8](repeating: 0x22, count: shift) + bytes + [0x22, 0x00]
        return padded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[shift..<shift + bytes.count])) }
    }

    /// Every length 0…64, every interesting byte at every position of random quiet text (no
    /// scanner stops in it), found from the start and from its own position, the words loaded at
    /// every alignment.
    @Test func everyInterestingByteAtEveryPositionIsFound() async {
        let quiet = Gen.uint8(in: 0x61...0x7A).array(of: 64)
        await propertyCheck(count: 2, input: quiet, Gen.int(in: 0...7)) { background, firstShift in
            var failures: [String] = []
            for length in 0...64 {
                // Every alignment of the words, across the lengths.
                let shift = (firstShift + length) % 8
                var bytes = Array(background[0..<length])
                for position in 0...length {
                    for byte in position < length ? Self.interesting : [] {
                        bytes[position] = byte
                        Self.withBuffer(bytes, shift: shift) { buffer in
                            for (name, scan, stops) in Self.scanners {
                                let expected = stops(byte) ? position : length
                                for start in [0, position] where scan(buffer, start) != expected {
                                    failures.append("\(name) from \(start): 0x\(String(byte, radix: 16)) at \(position) of \(length)")
                                }
                            }
                        }
                    }
                    if position < length { bytes[position] = background[position] }
                }
                Self.withBuffer(bytes, shift: shift) { buffer in
                    for (name, scan, _) in Self.scanners where scan(buffer, 0) != length {
                        failures.append("\(name): quiet text of \(length)")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.prefix(10))")
        }
    }

    /// Random bytes of every kind (several stops, high bits, runs of stops), from every start.
    @Test func randomBuffersAgreeWithTheReferenceFromEveryStart() async {
        let bytes = Gen.element(of: Self.interesting + Array(0x61...0x66)).compactMap { $0 }.array(of: 0...64)
        await propertyCheck(count: 400, input: bytes, Gen.int(in: 0...7)) { bytes, shift in
            Self.withBuffer(bytes, shift: shift) { buffer in
                for start in 0...bytes.count {
                    for (name, scan, stops) in Self.scanners {
                        #expect(scan(buffer, start) == Self.reference(bytes, from: start, stops), "\(name) from \(start) in \(bytes)")
                    }
                }
                #expect(ByteScanning.isASCII(buffer) == bytes.allSatisfy { $0 < 0x80 })
            }
        }
    }

    /// Making a string validates as `String(validating:)` does: the same bytes refused, the same
    /// text made.
    @Test func stringsFromBytesAgreeWithTheStandardValidation() async {
        // Lead bytes, continuation bytes, ASCII and the bytes no UTF-8 holds, mixed.
        let bytes = Gen.element(of: [0x41, 0x7F, 0x80, 0xA0, 0xBF, 0xC0, 0xC3, 0xCE, 0xE0, 0xE6, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF] as [UInt8])
            .compactMap { $0 }.array(of: 0...12)
        await propertyCheck(count: 2000, input: bytes) { bytes in
            let made = bytes.withUnsafeBufferPointer { ByteScanning.string(validatingUTF8: $0) }
            let expected = String(validating: bytes, as: UTF8.self)
            #expect(made.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(bytes)")
        }
    }

    /// Validating without a string refuses exactly the bytes `String(validating:)` refuses:
    /// random mixes of the bytes where the rules change, at every alignment and after ASCII runs
    /// long enough for the eight-byte loop.
    @Test func validationAgreesWithTheStandardValidation() async {
        let edges: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        let bytes = Gen.element(of: edges).compactMap { $0 }.array(of: 0...12)
        await propertyCheck(count: 2000, input: bytes, Gen.int(in: 0...11)) { bytes, ascii in
            let text = Array(repeating: UInt8(ascii: "a"), count: ascii) + bytes
            Self.withBuffer(text, shift: ascii % 8) { buffer in
                #expect(ByteScanning.isValidUTF8(buffer) == (String(validating: text, as: UTF8.self) != nil), "\(text)")
            }
        }
    }

    /// Every lead byte with every second byte and the edges of the continuation range after
    /// it, alone and after six ASCII bytes (so that the eight-byte loop meets it): each
    /// sequence decides as `String(validating:)`.
    @Test func everyLeadAndSecondByteDecidesAsTheStandardValidation() {
        var failures: [[UInt8]] = []
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8.min...UInt8.max {
                for rest in [[], [0x80], [0xBF], [0x7F], [0xC0], [0x80, 0x80], [0xBF, 0xBF], [0x80, 0x7F], [0x80, 0xC0]] as [[UInt8]] {
                    for prefix in [[], Array("abcdef".utf8)] {
                        let text = prefix + [lead, second] + rest
                        let valid = text.withUnsafeBufferPointer { ByteScanning.isValidUTF8($0) }
                        if valid != (String(validating: text, as: UTF8.self) != nil) { failures.append(text) }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }
}
