import ArgumentParser
import Foundation
import Testing
import TestSupport
import SerializeCore
@testable import SerializeCommands
@testable import SerializeDocument

/// The plist every edit starts from, as serialize writes it (canonical form): keys not sorted,
/// an integer only `UInt64` holds, a date and data.
private let sampleJSON = #"{"zeta": 1, "alpha": ["x", "y"], "big": 18446744073709551615, "nested": {"k": true}}"#

private func sample(_ format: Format, in folder: URL, name: String = "sample") throws -> URL {
    let url = folder.appendingPathComponent("\(name).\(format == .json ? "json" : "plist")")
    var document = try Format.json.read(Data(sampleJSON.utf8))
    try document.apply(.insert(.date(Date(timeIntervalSince1970: 1_714_566_645)), at: ValuePath([.key("when")])))
    try document.apply(.insert(.data(Data([0, 1, 255])), at: ValuePath([.key("blob")])))
    if format == .json { try document.apply(.remove(at: ValuePath([.key("when")]))) }
    try format.write(document).write(to: url)
    return url
}

private func read(_ url: URL) throws -> Document {
    let data = try Data(contentsOf: url)
    return try Format.detect(in: data).read(data)
}

@Suite struct EditParsingTests {
    @Test func typeFlagsAndOutputOptionsParse() throws {
        let insert = try #require(try Serialize.parseAsRoot(["insert", "f.plist", "a.b", "7", "--integer", "--append", "-o", "-"]) as? Serialize.Insert)
        #expect(insert.value.type == .integer && insert.value.text == "7" && insert.append && insert.output.output == "-")
        let replace = try #require(try Serialize.parseAsRoot(["replace", "f.json", "/a", "{}", "--json", "--dry-run"]) as? Serialize.Replace)
        #expect(replace.value.type == .json && replace.target.keyPath == "/a" && replace.output.dryRun)
        #expect(try Serialize.parseAsRoot(["remove", "f.json", "a"]) is Serialize.Remove)
        #expect(try Serialize.parseAsRoot(["insert", "f.json", "n", "--integer", "--", "-3"]) is Serialize.Insert)
    }

    @Test(arguments: [
        ["insert", "f.json", "a", "1.5", "--integer"],
        ["insert", "f.json", "a[x]", "1"],
        ["insert", "f.json", "a", "1", "--integer", "--real"],
        ["replace", "f.json", "a", "maybe", "--bool"],
        ["insert", "f.json", "a"],
        ["create", "f.csv", "--format", "csv"],
    ])
    func badUsageIsRefused(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try Serialize.parseAsRoot(arguments) }
    }
}

@Suite struct EditToolTests {
    /// Each verb, each format: the file stays in its format, and its bytes are what serialize's
    /// writer makes of the edited document, so everything untouched is byte-for-byte the same.
    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist], [
        (["insert", "new", "5", "--integer"], DocumentEdit.insert(5, at: ValuePath([.key("new")]))),
        (["insert", "alpha.1", "m"], .insert("m", at: ValuePath([.key("alpha"), .index(1)]))),
        (["insert", "alpha", "e", "--append"], .append("e", to: ValuePath([.key("alpha")]))),
        (["replace", "nested", #"{"j": [1, 2.5]}"#, "--json"], .replace(at: ValuePath([.key("nested")]), with: ["j": [1, 2.5]] as Document)),
        (["replace", "zeta", "no", "--bool"], .replace(at: ValuePath([.key("zeta")]), with: false)),
        (["remove", "alpha[0]"], .remove(at: ValuePath([.key("alpha"), .index(0)]))),
    ])
    func editsInPlaceKeepFormatAndUntouchedBytes(_ format: Format, _ example: ([String], DocumentEdit)) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try sample(format, in: folder)
        let before = try Data(contentsOf: file)
        var arguments = example.0
        arguments.insert(file.path, at: 1)
        let run = try BuiltTool.run(arguments)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty && run.standardError.isEmpty)
        let after = try Data(contentsOf: file)
        #expect(Format.detect(in: after) == format)
        var expected = try format.read(before)
        try expected.apply(example.1)
        #expect(after == (try format.write(expected)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [file.lastPathComponent])
    }

    @Test func outputElsewhereAndDryRunLeaveTheFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try sample(.binaryPlist, in: folder)
        let before = try Data(contentsOf: file)
        let other = folder.appendingPathComponent("other.plist")
        #expect(try BuiltTool.run(["insert", file.path, "n", "1", "--integer", "-o", other.path]).status == 0)
        #expect(try read(other)[ValuePath([.key("n")])] == 1)
        #expect(try Data(contentsOf: other).starts(with: Array("bplist00".utf8)))
        // Standard output as text: the XML form.
        let xml = try sample(.xmlPlist, in: folder, name: "xml")
        let xmlBefore = try Data(contentsOf: xml)
        let dry = try BuiltTool.run(["remove", xml.path, "zeta", "--dry-run"])
        #expect(dry.status == 0)
        var expected = try Format.xmlPlist.read(xmlBefore)
        try expected.apply(.remove(at: ValuePath([.key("zeta")])))
        #expect(Data(dry.standardOutput.utf8) == (try Format.xmlPlist.write(expected)))
        #expect(try Data(contentsOf: xml) == xmlBefore)
        let piped = try BuiltTool.run(["insert", "-", "k", "v"], input: Data("{\"a\":1}".utf8))
        #expect(piped.standardOutput == "{\"a\":1,\"k\":\"v\"}")
        #expect(try Data(contentsOf: file) == before)
    }

    /// Each named error: exit status 1, the file's name, the path, the code's words; the file unchanged.
    @Test(arguments: [
        (["insert", "a.b.c", "1"], "$: error: cannot insert at root.a.b.c: root.a.b does not exist"),
        (["insert", "zeta", "1"], "$.zeta: error: the dictionary at root already has the key \"zeta\"; use replace"),
        (["replace", "nope", "1"], "$: error: no key \"nope\" in the dictionary at root to replace"),
        (["remove", "nope"], "$: error: no key \"nope\" in the dictionary at root to remove"),
        (["insert", "alpha[3]", "1"], "$.alpha: error: cannot insert at index 3 of the array at root.alpha, which has 2 items"),
        (["remove", "alpha.2"], "$.alpha: error: cannot remove at index 2 of the array at root.alpha"),
        (["insert", "zeta.x", "1"], "$.zeta: error: cannot insert inside root.zeta: it is an integer"),
        (["insert", "n", "null", "--json"], "$.n: error: null cannot be written to a property list"),
    ])
    func namedErrorsLeaveTheFileAlone(_ arguments: [String], _ message: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try sample(.xmlPlist, in: folder)
        let before = try Data(contentsOf: file)
        var arguments = arguments
        arguments.insert(file.path, at: 1)
        let run = try BuiltTool.run(arguments)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("\(file.path):\(message)"), "\(run.standardError)")
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func unreadableAndUnsupportedInputs() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try BuiltTool.run(["remove", folder.appendingPathComponent("none.json").path, "a"]).status == 66)
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{\"a\": ".utf8).write(to: broken)
        let run = try BuiltTool.run(["remove", broken.path, "a"])
        #expect(run.status == 65 && run.standardError.hasPrefix("\(broken.path):1:"))
        let csv = folder.appendingPathComponent("t.csv")
        try Data("a,b\n1,2\n".utf8).write(to: csv)
        #expect(try BuiltTool.run(["remove", csv.path, "a"]).standardError.contains("edit JSON and property lists"))
    }

    @Test(arguments: [("new.json", [String](), Format.json), ("new.plist", [], .xmlPlist), ("new.plist", ["--format", "binary"], .binaryPlist)])
    func createMakesAnEmptyDictionaryAndRefusesToReplace(_ name: String, _ flags: [String], _ format: Format) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        #expect(try BuiltTool.run(["create", file.path] + flags).status == 0)
        let data = try Data(contentsOf: file)
        #expect(Format.detect(in: data) == format)
        #expect(try format.read(data) == [:])
        try Data("{\"keep\": 1}".utf8).write(to: file)
        #expect(try BuiltTool.run(["create", file.path] + flags).status == 73)
        #expect(try Data(contentsOf: file) == Data("{\"keep\": 1}".utf8))
        #expect(try BuiltTool.run(["create", file.path, "--force"] + flags).status == 0)
    }
}

/// plutil (swift-corelibs-foundation's, beside the Swift toolchain; Xcode's on macOS), if installed.
private let plutil: String? = ["/usr/bin/plutil", "/opt/swift/usr/bin/plutil"].first { FileManager.default.isExecutableFile(atPath: $0) }
    ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/plutil" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// `document` as JSON with every dictionary's keys sorted: plutil sorts them, serialize keeps their order.
private func sortedKeys(_ document: Document) throws -> Data {
    try Format.json.write(document, options: FormatOptions(sortKeys: true))
}

@Suite(.enabled(if: plutil != nil, "plutil is not installed (it comes with Xcode and with the Swift toolchain on Linux)"))
struct PlutilAgreementTests {
    /// The same edit by plutil and by serialize gives the same values; serialize keeps the key
    /// order and the unsigned 64-bit integer, which plutil sorts and (on Linux) keeps too.
    @Test(arguments: [
        (["-insert", "new", "-integer", "5"], ["insert", "new", "5", "--integer"]),
        (["-insert", "alpha.1", "-string", "m"], ["insert", "alpha.1", "m"]),
        (["-insert", "alpha", "-string", "e", "-append"], ["insert", "alpha", "e", "--append"]),
        (["-insert", "r", "-float", "2.5"], ["insert", "r", "2.5", "--real"]),
        (["-insert", "b", "-bool", "YES"], ["insert", "b", "YES", "--bool"]),
        (["-insert", "d", "-data", "AAEC/w=="], ["insert", "d", "AAEC/w==", "--data"]),
        (["-insert", "j", "-json", #"{"k":[1,"two",true]}"#], ["insert", "j", #"{"k":[1,"two",true]}"#, "--json"]),
        (["-replace", "nested.k", "-integer", "-4"], ["replace", "nested.k", "--integer", "--", "-4"]),
        (["-replace", "zeta", "-json", "[1,2]"], ["replace", "zeta", "[1,2]", "--json"]),
        (["-remove", "alpha.0"], ["remove", "alpha.0"]),
        (["-remove", "nested"], ["remove", "nested"]),
    ])
    func sameEditSameValues(_ plutilArguments: [String], _ ours: [String]) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theirs = try sample(.xmlPlist, in: folder, name: "plutil")
        let mine = try sample(.xmlPlist, in: folder, name: "serialize")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(plutil))
        process.arguments = plutilArguments + [theirs.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        var arguments = ours
        arguments.insert(mine.path, at: 1)
        let run = try BuiltTool.run(arguments)
        #expect(run.status == 0, "\(run.standardError)")
        let plutilResult = try read(theirs), serializeResult = try read(mine)
        #expect(try sortedKeys(serializeResult) == sortedKeys(plutilResult))
        // serialize keeps the file's key order (zeta before alpha), which plutil sorts.
        let text = String(decoding: try Format.json.write(serializeResult), as: UTF8.self)
        if let zeta = text.range(of: "\"zeta\""), let alpha = text.range(of: "\"alpha\"") {
            #expect(zeta.lowerBound < alpha.lowerBound)
        }
    }
}
