/// Reading and writing any ``Format``: the converter's one entry point per direction.

public import Foundation

/// Options for reading a document.
public struct ReadingOptions: Sendable, Hashable {
    /// CSV: read `true`/`false`, numbers, `[]` and `{}` as typed values instead of strings.
    public var inferCSVTypes: Bool
    /// The deepest nesting accepted by the JSON and binary plist readers.
    public var maximumDepth: Int

    /// Creates options.
    public init(inferCSVTypes: Bool = false, maximumDepth: Int = 512) {
        self.inferCSVTypes = inferCSVTypes
        self.maximumDepth = maximumDepth
    }
}

extension Format {
    /// The format `data` holds when it is a property list: binary when it starts with `bplist`,
    /// XML otherwise; other formats are returned unchanged.
    public func detected(in data: Data) -> Format {
        switch self {
        case .xmlPlist, .binaryPlist: BinaryPlistReader.isBinaryPlist(data) ? .binaryPlist : .xmlPlist
        default: self
        }
    }

    /// A readable name for messages: "JSON", "an XML property list".
    public var displayName: String {
        switch self {
        case .json: "JSON"
        case .xmlPlist: "an XML property list"
        case .binaryPlist: "a binary property list"
        case .csv: "CSV"
        case .tsv: "TSV"
        }
    }

    /// Reads `data` in this format; property lists are told apart by content.
    ///
    /// - Throws: ``DocumentError`` with a line and column (text formats) or a byte offset.
    public func read(_ data: Data, options: ReadingOptions = ReadingOptions()) throws(DocumentError) -> Document {
        switch detected(in: data) {
        case .json:
            return try JSONReader(maximumDepth: options.maximumDepth).read(data)
        case .binaryPlist:
            return try BinaryPlistReader(maximumDepth: options.maximumDepth).read(data)
        case .xmlPlist:
            do {
                return try XMLPlistReader().read(data)
            } catch let error as DocumentError {
                throw error
            } catch {
                throw DocumentError(.syntax, "\(error)")
            }
        case .csv:
            return try CSVFlattening.restore(try CSVTable(csvData: data), infer: options.inferCSVTypes)
        case .tsv:
            return try CSVFlattening.restore(try CSVTable(csvData: data, delimiter: 0x09), infer: options.inferCSVTypes)
        }
    }

    /// Writes `document` in this format.
    ///
    /// - Throws: ``DocumentError`` at the path of a value the format cannot hold under `options`.
    public func write(_ document: Document, options: WritingOptions = WritingOptions()) throws(DocumentError) -> Data {
        switch self {
        case .json: try JSONWriter(options: options).write(document)
        case .xmlPlist: try XMLPlistWriter(options: options).write(document)
        case .binaryPlist: try BinaryPlistWriter(options: options).write(document)
        case .csv: try CSVFlattening.flatten(document, options: options).csvData()
        case .tsv: try CSVFlattening.flatten(document, options: options).csvData(delimiter: 0x09)
        }
    }
}
