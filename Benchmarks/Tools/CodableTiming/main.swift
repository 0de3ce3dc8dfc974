// A plain timing runner for the Codable rows whose ratio sits near its target: ours and
// Foundation's coder alternate in one process, round after round, so that both see the same
// machine; the least and the median CPU time of each are printed with their ratios. On this
// machine the CPU time of one job moves by 10–30% from round to round (a virtual machine), so
// compare within a round, and least against least.
//
//     swift build -c release --package-path Benchmarks --product CodableTiming
//     Benchmarks/.build/release/CodableTiming [rounds] [job ...]
//
// Jobs: encode-one (one record ×10k → binary plist), decode-one (one record ×10k from binary
// plist), encode-10k, decode-10k (the 10,000 records in one call).
import CodableBenchmarkSupport
import Foundation
import SerializeCodable
import SerializeDocument

@inline(never) func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// One job: our coder's work and the peer's, each one timed sample.
struct Job {
    let name: String
    let ours: () throws -> Void
    let peer: () throws -> Void
}

let jobs: [Job] = [
    Job(name: "encode-one", ours: {
        for _ in 0..<10_000 { keep(try CodableInput.ours.encode(CodableInput.one, as: .binaryPlist)) }
    }, peer: {
        for _ in 0..<10_000 { keep(try CodableInput.plistEncoder.encode(CodableInput.one)) }
    }),
    Job(name: "decode-one", ours: {
        for _ in 0..<10_000 { keep(try CodableInput.decoder.decode([CodableInput.Record].self, from: CodableInput.oneBinary, as: .binaryPlist)) }
    }, peer: {
        for _ in 0..<10_000 { keep(try CodableInput.plistDecoder.decode([CodableInput.Record].self, from: CodableInput.oneFoundationBinary)) }
    }),
    Job(name: "encode-10k", ours: {
        keep(try CodableInput.ours.encode(CodableInput.records, as: .binaryPlist))
    }, peer: {
        keep(try CodableInput.plistEncoder.encode(CodableInput.records))
    }),
    Job(name: "decode-10k", ours: {
        keep(try CodableInput.decoder.decode([CodableInput.Record].self, from: CodableInput.binary, as: .binaryPlist))
    }, peer: {
        keep(try CodableInput.plistDecoder.decode([CodableInput.Record].self, from: CodableInput.foundationBinary))
    }),
]

let arguments = Array(CommandLine.arguments.dropFirst())
let rounds = arguments.first.flatMap { Int($0) } ?? 7
let chosen = arguments.dropFirst().isEmpty ? jobs : jobs.filter { arguments.dropFirst().contains($0.name) }

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = cpuSeconds()
    try body()
    return (cpuSeconds() - start) * 1000
}

print("| job | serialize least / median | Foundation least / median | least ÷ least | median ÷ median | per round |")
print("| --- | ---: | ---: | ---: | ---: | --- |")
for job in chosen {
    // Warm-up: the inputs are made, the caches and kept states filled.
    try job.ours()
    try job.peer()
    var ours: [Double] = [], peer: [Double] = []
    for _ in 0..<rounds {
        ours.append(try milliseconds(job.ours))
        peer.append(try milliseconds(job.peer))
    }
    let perRound = zip(peer, ours).map { String(format: "%.1f", $0 / $1) }.joined(separator: " ")
    let (o, p) = (ours.sorted(), peer.sorted())
    print(String(
        format: "| %@ | %.0f / %.0f ms | %.0f / %.0f ms | %.2f× | %.2f× | %@ |",
        job.name, o[0], o[rounds / 2], p[0], p[rounds / 2], p[0] / o[0], p[rounds / 2] / o[rounds / 2], perRound))
}
