/// Writing a document that was read to every format, so the writers are fuzzed by the readers'
/// output as well.

public import SerializeDocument

/// Options under which every writer accepts every value that has a named strategy.
public let lenientWriting = FormatOptions(
    pretty: false, null: .string("null"), nonFinite: .string, missing: .null)

/// Writes `document` in every format, ignoring refusals (a refusal is an answer, not a finding).
public func exerciseWriters(_ document: Document) {
    for format in Format.all {
        _ = try? format.write(document, options: lenientWriting)
    }
}

/// Writes `document`, read from `byteCount` bytes of CSV, in every format, unless it holds far
/// more values than its bytes: a header whose names split at their dots into paths hundreds of
/// levels deep makes every row a record that deep (834 bytes gave 34,609 values, and 23.7 MB of
/// pretty JSON). Reading such input is fuzzed all the same; writing it again and again, five
/// formats an input, took most of FuzzCSV's time once its corpus held such headers (down to
/// 100–200 executions a second), and the writers meet deep documents in the other targets.
public func exerciseWriters(_ document: Document, readFrom byteCount: Int) {
    guard valueCount(document, upTo: 8 * byteCount + 1024) <= 8 * byteCount + 1024 else { return }
    exerciseWriters(document)
}

/// How many values `document` holds (itself included), counting no further than just past `limit`.
public func valueCount(_ document: Document, upTo limit: Int) -> Int {
    var count = 0
    func visit(_ value: Document) {
        guard count <= limit else { return }
        count += 1
        switch value {
        case let .array(elements): for element in elements { visit(element) }
        case let .dictionary(members): for member in members.values { visit(member) }
        default: break
        }
    }
    visit(document)
    return count
}
