import Foundation
import Testing
import TestSupport
import PlistInspector

/// Damaged property lists never crash or hang the inspector, and always get a verdict.
@Suite struct MutationTests {
    /// SplitMix64: a small deterministic generator, so a failure names a reproducible seed.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet = Array("<>/=\"&;![]?-x \n\tQ0".utf8)

    /// `data` with a few bytes replaced, deleted or inserted.
    static func mutate(_ data: Data, using generator: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            let byte = alphabet.randomElement(using: &generator) ?? 0
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes[at] = byte
            case 1: bytes.remove(at: at)
            default: bytes.insert(byte, at: at)
            }
        }
        return Data(bytes)
    }

    @Test(arguments: ["valid.plist", "three-problems.plist", "findings/keyed-archive.plist", "valid.bplist"])
    func damagedFilesGetAVerdict(_ fixture: String) throws {
        let original = try Fixtures.data("plist/\(fixture)")
        var generator = SplitMix64(state: 0x5EED)
        for round in 0..<400 {
            let damaged = Self.mutate(original, using: &generator)
            let report = PlistInspector().inspect(damaged)
            let verdict = report.isValid ? (report.format == .binary || report.document != nil) : !report.findings.isEmpty
            #expect(verdict, "round \(round): \(String(decoding: damaged, as: UTF8.self))")
            for finding in report.findings {
                if case let .text(line, column) = finding.location {
                    #expect(line >= 1 && column >= 1, "round \(round): \(finding)")
                }
            }
        }
    }
}
