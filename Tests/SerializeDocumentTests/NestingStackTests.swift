import Foundation
import SerializeCore
import Testing
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
@testable import SerializeDocument

/// `NestingStack`: a `maximumDepth` above the default runs on a thread whose stack holds it.
/// Without it the debug build's readers overflow a default stack at 2,000 to 3,000 levels, so
/// these tests crash rather than fail when the stack is too small.
@Suite struct NestingStackTests {
    static let depth = 10_000
    static let formats: [Format] = [.json, .xmlPlist, .binaryPlist, .csv]

    /// Every format writes and reads a document `depth` levels deep, and every conversion
    /// between two formats, streamed and through the tree, gives it back; one level more is
    /// refused by name. Everything, the document's release included, happens on the thread.
    @Test(arguments: formats)
    func everyFormatGoesTenThousandLevelsDeep(format: Format) throws {
        try NestingStack.run(depth: Self.depth) {
            let options = FormatOptions(pretty: false, inferCSVTypes: true, maximumDepth: Self.depth)
            let document = FuzzFindingTests.nested(Self.depth, .scalar)
            let bytes = try format.write(document, options: options)
            #expect(try format.read(bytes, options: options) == document)
            for target in Self.formats {
                for sortKeys in [false, true] {
                    var writing = options
                    writing.sortKeys = sortKeys
                    let converted = try format.convert(bytes, to: target, reading: options, writing: writing)
                    #expect(try target.read(converted, options: options) == document, "\(format) to \(target)")
                }
            }
            let deeper = FuzzFindingTests.nested(Self.depth + 1, .scalar)
            let refusal = #expect(throws: Diagnostic.self) { try format.write(deeper, options: options) }
            #expect(refusal?.code == .tooDeep)
        }
    }

    @Test func onlyALimitAboveTheDefaultMovesTheWork() throws {
        let caller = pthread_self()
        #expect(try NestingStack.run(depth: NestingStack.inlineDepth) { pthread_equal(pthread_self(), caller) } != 0)
        #expect(try NestingStack.run(depth: NestingStack.inlineDepth + 1) { pthread_equal(pthread_self(), caller) } == 0)
        #expect(NestingStack.inlineDepth == FormatOptions().maximumDepth)
    }

    @Test func valuesAndErrorsComeBackFromTheThread() throws {
        #expect(try NestingStack.run(depth: Self.depth) { "value" } == "value")
        let error = #expect(throws: Diagnostic.self) {
            try NestingStack.run(depth: Self.depth) { try Format.json.read(Data("[1,".utf8)) }
        }
        #expect(error?.code == .syntax)
    }

    /// In an async function the waiting does not block the task's thread.
    @Test func valuesAndErrorsComeBackToATask() async throws {
        #expect(try await NestingStack.run(depth: Self.depth) { @Sendable in 42 } == 42)
        let asyncError = await #expect(throws: Diagnostic.self) {
            try await NestingStack.run(depth: Self.depth) { @Sendable in try Format.json.read(Data("{".utf8)) }
        }
        #expect(asyncError?.code == .syntax)
    }

    @Test func theStackGrowsWithTheDepth() {
        let perLevel = NestingStack.size(forDepth: 2 * Self.depth) - NestingStack.size(forDepth: Self.depth)
        #expect(perLevel == NestingStack.bytesPerLevel * Self.depth)
        #expect(NestingStack.size(forDepth: 0) == NestingStack.size(forDepth: 1))
        #expect(NestingStack.size(forDepth: Int.max) == Int.max)
    }

    /// A stack no system gives is refused by name, never run on a smaller one.
    @Test(arguments: [Int.max, 1 << 40])  // no Int for the size; 8 PiB, which no thread gets
    func aStackTooBigIsRefusedByName(depth: Int) {
        var ran = false
        let error = #expect(throws: NestingStack.ThreadUnavailable.self) { try NestingStack.run(depth: depth) { ran = true } }
        #expect(!ran)
        #expect(error?.diagnostic.code == .io)
        #expect(error?.diagnostic.remedy?.option == "maximumDepth")
        #expect(error?.diagnostic.message.hasPrefix("cannot start a thread with the") == true)
        #expect(error?.diagnostic.message.contains("that \(depth) levels of nesting need") == true)
        #expect(error?.diagnostic.remedy?.effect.contains("below \(depth)") == true)
    }

    #if os(Linux)
    /// The stack of the calling thread, as glibc reports it (`pthread_getattr_np`, which the
    /// Glibc module does not import without `_GNU_SOURCE`).
    static func currentStackSize() -> Int {
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return 0 }
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        guard getAttributes(pthread_self(), attributes) == 0 else { return 0 }
        defer { pthread_attr_destroy(attributes) }
        var size = 0
        pthread_attr_getstacksize(attributes, &size)
        return size
    }

    /// From a task the work always gets a thread of its own with the stack the default depth
    /// needs: a task's thread may have less (512 KiB on macOS); above the default, more.
    @Test(arguments: [1, NestingStack.inlineDepth, Self.depth])
    func aTaskGetsAStackForItsDepth(depth: Int) async throws {
        let size = try await NestingStack.run(depth: depth) { @Sendable in Self.currentStackSize() }
        #expect(size >= NestingStack.size(forDepth: max(depth, NestingStack.inlineDepth)))
        #expect(size < NestingStack.size(forDepth: max(depth, NestingStack.inlineDepth)) + 1 << 20)
    }
    #endif

    /// A batch with a deep limit converts each file on such a thread; with the default it
    /// refuses the same file by name.
    @Test func aBatchConvertsDeepFilesUnderADeepLimit() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serialize-deep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let input = root.appendingPathComponent("deep.json")
        try Data((String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)).utf8).write(to: input)
        let deep = FormatOptions(pretty: false, maximumDepth: Self.depth)
        for target in [Format.binaryPlist, .xmlPlist] {
            let out = root.appendingPathComponent("out-\(target.name)")
            let batch = BatchConversion(target: target, reading: deep, writing: deep)
            let outcomes = await batch.run(batch.plan([input], recursive: false, into: out))
            #expect(outcomes.map(\.failure) == [nil])
            let written = try Data(contentsOf: outcomes[0].job.output)
            let back = try await NestingStack.run(depth: Self.depth) {
                try target.convert(written, to: .json, reading: deep, writing: deep)
            }
            #expect(back == (try Data(contentsOf: input)))

            let limited = BatchConversion(target: target)
            let refused = await limited.run(limited.plan([input], recursive: false, into: root.appendingPathComponent("refused")))
            #expect(refused.first?.failure?.code == .tooDeep)
        }
    }
}
