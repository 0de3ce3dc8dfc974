import Foundation
import SerializeCore
import Testing

@testable import SerializeDocument

/// The XML plist walk's stacks (`WalkStack`) and the places of findings deep inside them, which
/// are found from the positions libxml2 reported only when a finding needs one.
@Suite struct WalkStackTests {
    /// Counts its instances, to see a stack release what it holds.
    final class Tracked {
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Tracked.alive += 1
        }
        deinit { Tracked.alive -= 1 }
    }

    @Test func pushesPopsAndGrowsInOrder() {
        let stack = WalkStack<Int>()
        #expect(stack.isEmpty && stack.last == nil && stack.popLast() == nil)
        for value in 0..<100 { stack.append(value) }  // past the first capacity (16) several times
        #expect(stack.count == 100 && stack.last == 99 && stack.indices == 0..<100)
        stack[42] += 1000  // in place
        #expect(stack[42] == 1042)
        var popped: [Int] = []
        while let value = stack.popLast() { popped.append(value) }
        #expect(popped.count == 100 && popped.first == 99 && popped[57] == 1042 && popped.last == 0)
        #expect(stack.isEmpty)
    }

    @Test func releasesWhatItHolds() {
        let before = Tracked.alive
        do {
            let stack = WalkStack<Tracked>()
            for value in 0..<40 { stack.append(Tracked(value)) }
            #expect(stack.removeLast().value == 39)
            #expect(Tracked.alive == before + 39)
        }
        #expect(Tracked.alive == before)
    }

    /// Findings 40 dictionaries deep (the walk's stacks have grown twice): each at the `<` of its
    /// tag or the byte of its text, with the key path, as when every tag's offsets were found.
    @Test func findingsDeepInsideKeepTheirPlaces() throws {
        let depth = 40
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">"]
        for level in 0..<depth { lines.append("<dict><key>k\(level)</key>") }
        lines.append("<dict><key>a</key><integer>12x</integer>  <key>a</key><true/><key>b</key></dict>")
        for _ in 0..<depth { lines.append("</dict>") }
        lines.append("</plist>")
        let findings = XMLPlistReader().inspect(Data(lines.joined(separator: "\n").utf8), keepingValues: false).diagnostics
        let deep = lines[depth + 2]
        func column(of text: String, in line: String) -> Int {
            line.distance(from: line.startIndex, to: line.range(of: text)?.lowerBound ?? line.endIndex) + 1
        }
        let keyColumn = column(of: "<key>a", in: deep)
        let secondKeyColumn = column(of: "  <key>a", in: deep) + 2
        let path = (0..<depth).map { "k\($0)" }.joined(separator: ".")
        #expect(findings.map(\.code) == [.badInteger, .duplicateKey, .keyWithoutValue])
        #expect(findings.map { $0.location?.line } == [depth + 3, depth + 3, depth + 3])
        #expect(findings.map { $0.location?.column } == [column(of: "x<", in: deep), secondKeyColumn, column(of: "<key>b", in: deep)])
        #expect(findings[1].message.contains("first at \(depth + 3):\(keyColumn)"))
        #expect(findings.map { $0.path?.keyPathDescription } == ["root.\(path).a", "root.\(path).a", "root.\(path).b"])
    }
}
