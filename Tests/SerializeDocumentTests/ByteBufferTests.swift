import Foundation
import Testing
@testable import SerializeDocument

/// The writers' byte buffer: short runs are copied and compared by words that may overlap, so
/// every length on both sides of each word size is checked against the bytes themselves.
@Suite struct ByteBufferTests {
    /// Appending runs of every length from 0 to 40, at every alignment of the buffer's end,
    /// gives the bytes appended, in order, and nothing else.
    @Test func appendsEveryLengthExactly() {
        var expected: [UInt8] = []
        let buffer = ByteBuffer(capacity: 16)
        var next: UInt8 = 1
        for start in 0..<8 {
            for length in 0...40 {
                let run = (0..<length).map { _ in defer { next &+= 7 }; return next }
                // Read from inside a larger array, so that a load outside the run would see other bytes.
                let padded = [0xEE] + run + [0xEE]
                padded.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[1..<(1 + length)])) }
                expected += run
                #expect(Array(buffer.written) == expected, "start \(start), length \(length)")
            }
            buffer.append(UInt8(start))
            expected.append(UInt8(start))
        }
    }

    /// `bytesEqual(at:_:)` finds equal runs of every length equal, and a run differing in any
    /// one byte unequal, whether the bytes written go on after it or not.
    @Test func comparesEveryLengthAndEveryByte() {
        for length in 0...40 {
            let run = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let buffer = ByteBuffer()
            buffer.append(0x55)
            run.withUnsafeBufferPointer { buffer.append($0) }
            for trailing in [false, true] {
                if trailing { buffer.append(0xAA) }
                run.withUnsafeBufferPointer { #expect(buffer.bytesEqual(at: 1, $0), "length \(length)") }
                for position in 0..<length {
                    var changed = run
                    changed[position] ^= 0x80
                    changed.withUnsafeBufferPointer { #expect(!buffer.bytesEqual(at: 1, $0), "length \(length), byte \(position)") }
                }
            }
            // A run longer than what is written after the offset is not there.
            (run + [0]).withUnsafeBufferPointer { #expect(!buffer.bytesEqual(at: 2, $0)) }
        }
    }
}
