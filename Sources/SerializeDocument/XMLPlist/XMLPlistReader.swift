/// Reads XML property lists into ``Document`` values on libxml2 (through SerializeXML).

public import Foundation
public import SerializeCore
import SerializeXML

/// Reads an XML property list into a ``Document``, or inspects one for every problem it has.
///
/// The reader streams the XML through libxml2's SAX2 parser (no tree, no network, no entity
/// expansion, internal DTD subsets refused) and checks the property-list grammar as it goes, so
/// one pass gives both the value and every ``Diagnostic`` with its line, column and value path.
///
/// ```swift
/// let document = try XMLPlistReader().read(data)          // throws the first error
/// let inspection = XMLPlistReader().inspect(data)         // every problem, in order
/// ```
public struct XMLPlistReader: Sendable {
    /// The deepest nesting of arrays and dictionaries accepted, 512 by default as plutil: the
    /// one rule of ``FormatOptions/maximumDepth``, so `<plist>`, `<key>` and the scalar elements
    /// do not count. Deeper input is refused with ``Diagnostic/Code/tooDeep``.
    public var maximumDepth: Int

    /// A reader accepting `maximumDepth` levels of arrays and dictionaries.
    public init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// libxml2's element limit: the containers, `<plist>` and one scalar or `<key>` inside.
    var parserOptions: XMLParserOptions {
        XMLParserOptions(maxDepth: maximumDepth > Int.max - 2 ? Int.max : maximumDepth + 2)
    }

    /// Parses `data` as an XML property list.
    ///
    /// Warnings (such as duplicate keys, where the last value wins as in plutil) and notes do not
    /// stop the read; the first error does.
    ///
    /// - Throws: ``Diagnostic`` with a line and column: the first error ``inspect(_:keepingValues:)``
    ///   finds.
    public func read(_ data: Data) throws(Diagnostic) -> Document {
        try read(data, building: TreeBuilder())
    }

    /// Parses `data` as ``read(_:)`` does, with `builder` making the tree (one that also counts
    /// progress).
    func read<Builder: DocumentBuilder>(_ data: Data, building builder: Builder) throws(Diagnostic) -> Document
    where Builder.Value == Document {
        // The clean subset from its bytes; anything else (the scanner declines) from the start
        // with libxml2 and the walk, into a fresh copy of the builder.
        var scanning = builder
        if let outcome = XMLPlistScanner.scan(data, into: &scanning, maximumDepth: maximumDepth), let document = outcome.value {
            return document
        }
        let inspection = inspect(data, keepingValues: true, builder: builder)
        if let error = inspection.diagnostics.first(where: { $0.severity == .error }) { throw error }
        guard let document = inspection.document else { throw Self.noValue }
        return document
    }

    /// Reads `data` in one pass and reports every problem it has (users lint through
    /// PlistInspector's `PlistLinter`, which calls this).
    ///
    /// - Parameter keepingValues: whether to build the ``Document``; linting passes `false` and
    ///   saves the memory of the value tree.
    /// - Returns: the document (when values were kept and there was no error) and the
    ///   diagnostics in order of position.
    package func inspect(_ data: Data, keepingValues: Bool = true) -> Inspection {
        // Linting a clean file: the scanner checks the property-list grammar and libxml2 alone
        // (no callback into Swift but its errors) the XML; any doubt, and the walk reports.
        if !keepingValues {
            var unused = TreeBuilder()
            if let outcome = XMLPlistScanner.scan(data, into: &unused, building: false, maximumDepth: maximumDepth), LibXML2.parsesCleanly(data) {
                return Inspection(document: nil, diagnostics: [], depth: outcome.depth)
            }
        }
        return inspect(data, keepingValues: keepingValues, builder: TreeBuilder())
    }

    /// Reads `data` with libxml2 and the walk alone (no scanner): every finding, and the
    /// document when `keepingValues` and there was no error.
    func inspect<Builder: DocumentBuilder>(_ data: Data, keepingValues: Bool, builder: Builder) -> Inspection
    where Builder.Value == Document {
        let parser = XMLEventParser(data: data, options: parserOptions)
        let walk = XMLPlistWalk(builder: builder, building: keepingValues, mergesDuplicateKeys: true, maximumDepth: maximumDepth).run(parser)
        let diagnostics = walk.diagnostics(using: parser)
        let failed = diagnostics.contains { $0.severity == .error }
        return Inspection(document: failed || !keepingValues ? nil : walk.root, diagnostics: diagnostics, depth: walk.maxDepth)
    }

    /// What ``read(_:into:)`` gives back.
    enum Streamed<Value> {
        /// The root value, and how many values and keys the builder was handed.
        case value(Value, count: Int)
        /// A duplicate key, which only a tree can merge (the last value at the first key's place):
        /// read the data again with ``read(_:)``.
        case needsTree
    }

    /// Reads `data` into `builder` with ``XMLPlistScanner`` alone: nil when the scanner declines
    /// the input, after which `builder` holds part of it and must be dropped (read the data
    /// again with ``read(_:into:)`` into a fresh builder).
    func scan<Builder: DocumentBuilder>(_ data: Data, into builder: inout Builder) -> (value: Builder.Value, count: Int)? {
        guard let outcome = XMLPlistScanner.scan(data, into: &builder, maximumDepth: maximumDepth), let value = outcome.value else { return nil }
        return (value, outcome.count)
    }

    /// Parses `data`, handing each value to `builder` as it is read, with the errors of
    /// ``read(_:)``: the first reading error in order of position comes before anything the
    /// builder threw, as when a tree is read first and written after.
    func read<Builder: DocumentBuilder>(_ data: Data, into builder: inout Builder) throws(Diagnostic) -> Streamed<Builder.Value> {
        let parser = XMLEventParser(data: data, options: parserOptions)
        let walk = XMLPlistWalk(builder: builder, building: true, mergesDuplicateKeys: false, maximumDepth: maximumDepth).run(parser)
        builder = walk.builder
        if walk.abandoned { return .needsTree }
        if walk.building, let root = walk.root { return .value(root, count: walk.valueCount) }
        // Something went wrong: the diagnostics (only computed now) say what, as read(_:) does.
        let diagnostics = walk.diagnostics(using: parser)
        if let error = diagnostics.first(where: { $0.severity == .error }) { throw error }
        if let error = walk.builderError { throw error }
        throw Self.noValue
    }

    private static let noValue = Diagnostic(.notAPlist, "no property-list value found", at: InputLocation(line: 1, column: 1, byteOffset: 0))
}
