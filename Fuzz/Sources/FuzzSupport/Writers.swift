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
