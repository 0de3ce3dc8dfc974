/// The state machine of ``CSVParser``: one row's fields found in the buffer, with the stops
/// (delimiter, quote, line ends) found eight bytes at a time by ``CSVStopScanner``.

import SerializeCore

extension CSVParser {
    /// Whether `pattern` starts at `index`; `nil` when more input is needed to tell.
    @inline(__always)
    private func matches(_ pattern: [UInt8], at index: Int, end: Int) -> Bool? {
        if pattern.count == 1 { return true }  // the first byte was already checked
        if index + pattern.count > end { return eof ? false : nil }
        for offset in 1..<pattern.count where buffer[index + offset] != pattern[offset] { return false }
        return true
    }

    @inline(__always)
    private func isBlank(_ byte: UInt8) -> Bool {
        (byte == 0x20 || byte == 0x09) && table[Int(byte)] == Self.plain
    }

    /// Parses one row from ``position`` into ``fields``; `.needMore` when the buffer ends inside it.
    mutating func parseRow() throws(Diagnostic) -> Step {
        let p = buffer
        let end = count
        var i = position
        var line = self.line
        var lineStart = self.lineStart
        var pendingLineFeed = self.pendingLineFeed

        // Skip the LF of a CRLF and blank lines; committed at once, they need no re-parse.
        while true {
            if i == end {
                self.position = i
                self.lineStart = lineStart
                self.line = line
                self.pendingLineFeed = pendingLineFeed
                return eof ? .end : .needMore
            }
            let byte = p[i]
            if pendingLineFeed {
                pendingLineFeed = false
                if byte == 0x0A {
                    i += 1
                    lineStart = i
                    continue
                }
            }
            if byte == 0x0A || byte == 0x0D {
                if expectedFieldCount == 1 {
                    // In a one-column file a blank line is a row with one empty field.
                    fields.removeAll(keepingCapacity: true)
                    fields.append(
                        Field(start: i, end: i, line: line, column: i - lineStart + 1, quoted: false, escaped: false))
                    rowEndMark = (line, i - lineStart + 1, i)
                    self.position = i + 1
                    self.line = line + 1
                    self.lineStart = i + 1
                    self.pendingLineFeed = byte == 0x0D
                    return .row
                }
                i += 1
                line += 1
                lineStart = i
                pendingLineFeed = byte == 0x0D
                continue
            }
            break
        }
        self.position = i
        self.line = line
        self.lineStart = lineStart
        self.pendingLineFeed = false

        fields.removeAll(keepingCapacity: true)
        let delimiterCount = delimiter.count
        let quoteCount = quote.count
        // Locals, so the hot loops keep them in registers.
        let quote0 = quote[0]
        let table = self.table
        let stops = CSVStopScanner(base: p, end: end, classes: table, delimiter: delimiter[0], quote: quote0)
        fieldLoop: while true {
            if trims {
                while i < end, isBlank(p[i]) { i += 1 }
            }
            if i == end {
                if !eof { return .needMore }
            } else if p[i] == quote0, let isQuote = matches(quote, at: i, end: end), isQuote {
                // A quoted field.
                let fieldLine = line
                let fieldColumn = i - lineStart + 1
                var j = i + quoteCount
                let contentStart = j
                var escaped = false
                var contentEnd = j
                scan: while true {
                    j = stops.nextInQuoted(from: j)
                    if j == end {
                        if !eof { return .needMore }
                        if recovers {
                            repair(
                                .unterminatedQuote, "unterminated quoted field (repaired: closed at the end of the input)",
                                line: fieldLine, byteColumn: fieldColumn, offset: i)
                            // Closed before the input's last line end, which ends the row.
                            contentEnd = j
                            if contentEnd > contentStart, p[contentEnd - 1] == 0x0A { contentEnd -= 1 }
                            if contentEnd > contentStart, p[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                            break scan
                        }
                        throw error(
                            .unterminatedQuote,
                            "unterminated quoted field; close it with a quote, or double a quote that is part of the text",
                            line: fieldLine, byteColumn: fieldColumn, offset: i)
                    }
                    let byte = p[j]
                    if byte == 0x0A {
                        j += 1
                        line += 1
                        lineStart = j
                        continue
                    }
                    if byte == 0x0D {
                        j += 1
                        if j == end, !eof { return .needMore }
                        if j < end, p[j] == 0x0A { j += 1 }
                        line += 1
                        lineStart = j
                        continue
                    }
                    guard let isQuote = matches(quote, at: j, end: end) else { return .needMore }
                    if !isQuote {
                        j += 1
                        continue
                    }
                    let after = j + quoteCount
                    if after == end, !eof { return .needMore }
                    if after < end, p[after] == quote0 {
                        guard let doubled = matches(quote, at: after, end: end) else { return .needMore }
                        if doubled {
                            escaped = true
                            j = after + quoteCount
                            continue
                        }
                    }
                    contentEnd = j
                    j = after
                    break scan
                }
                if trims {
                    while j < end, isBlank(p[j]) { j += 1 }
                }
                fields.append(
                    Field(
                        start: contentStart, end: contentEnd, line: fieldLine, column: fieldColumn,
                        quoted: true, escaped: escaped))
                i = j
                if i == end {
                    if !eof { return .needMore }
                    break fieldLoop
                }
                let byte = p[i]
                if table[Int(byte)] == Self.delimiterByte {
                    guard let isDelimiter = matches(delimiter, at: i, end: end) else { return .needMore }
                    if isDelimiter {
                        i += delimiterCount
                        continue fieldLoop
                    }
                } else if byte == 0x0A || byte == 0x0D {
                    break fieldLoop
                }
                if recovers {
                    // The closing quote and what follows it, to the delimiter or line end, are text.
                    repair(
                        .unexpectedCharacterAfterQuote, "text after a closing quote (repaired: the quote and the text kept in the field)",
                        line: line, byteColumn: i - lineStart + 1, offset: i)
                    var k = i
                    while k < end {
                        let kind = table[Int(p[k])]
                        if kind == Self.lineEnd { break }
                        if kind == Self.delimiterByte {
                            guard let isDelimiter = matches(delimiter, at: k, end: end) else { return .needMore }
                            if isDelimiter { break }
                        }
                        k += 1
                    }
                    if k == end, !eof { return .needMore }
                    fields[fields.count - 1].end = k
                    i = k
                    if i < end, table[Int(p[i])] == Self.delimiterByte {
                        i += delimiterCount
                        continue fieldLoop
                    }
                    break fieldLoop
                }
                throw error(
                    .unexpectedCharacterAfterQuote,
                    "unexpected character after a closing quote; expected a delimiter or the end of the line",
                    line: line, byteColumn: i - lineStart + 1, offset: i)
            }
            // An unquoted field.
            var j = i
            while true {
                j = stops.nextInUnquoted(from: j)
                if j == end {
                    if !eof { return .needMore }
                    break
                }
                let kind = table[Int(p[j])]
                if kind == Self.lineEnd { break }
                if kind == Self.delimiterByte {
                    guard let isDelimiter = matches(delimiter, at: j, end: end) else { return .needMore }
                    if isDelimiter { break }
                    j += 1
                    continue
                }
                // A quote byte.
                guard let isQuote = matches(quote, at: j, end: end) else { return .needMore }
                if isQuote, recovers {
                    repair(
                        .quoteInUnquotedField, "quote inside an unquoted field (repaired: kept as text)",
                        line: line, byteColumn: j - lineStart + 1, offset: j)
                    j += quoteCount
                    continue
                }
                if isQuote {
                    throw error(
                        .quoteInUnquotedField, "quote inside an unquoted field; quote the whole field and double the inner quote",
                        line: line, byteColumn: j - lineStart + 1, offset: j)
                }
                j += 1
            }
            // `i` is past any leading blanks already when trimming.
            var contentStart = i
            var contentEnd = j
            if trims {
                while contentEnd > contentStart, isBlank(p[contentEnd - 1]) { contentEnd -= 1 }
                if contentStart > contentEnd { contentStart = contentEnd }
            }
            fields.append(
                Field(
                    start: contentStart, end: contentEnd, line: line, column: contentStart - lineStart + 1,
                    quoted: false, escaped: false))
            i = j
            if i < end, table[Int(p[i])] == Self.delimiterByte {
                i += delimiterCount
                continue fieldLoop
            }
            break fieldLoop
        }
        // The row ends at `i`: a line end or the end of the input.
        rowEndMark = (line, i - lineStart + 1, i)
        if i < end {
            let byte = p[i]
            i += 1
            line += 1
            lineStart = i
            pendingLineFeed = byte == 0x0D
        }
        self.position = i
        self.line = line
        self.lineStart = lineStart
        self.pendingLineFeed = pendingLineFeed
        return .row
    }
}

/// Finds the next byte a field can stop at: the first byte of the delimiter or of the quote, a
/// line feed or a carriage return (in quoted text: all but the delimiter).
///
/// A field's first eight bytes are tested one at a time by the parser's byte classes (most
/// fields of a table end there, and a lookup per byte is fewer instructions than a word test
/// for them: measured on the trade file); past them, eight bytes at a time with
/// ``ByteScanning``'s exact word tests, the one SWAR owner, so long text (notes, quoted lines)
/// costs a few instructions per word. The last bytes of the buffer, fewer than a word, one at a
/// time again.
struct CSVStopScanner {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    /// The parser's byte classes (``CSVParser/table``): 1 delimiter, 2 quote, 3 line end.
    private let classes: UnsafePointer<UInt8>
    private let delimiter: UInt8
    private let quote: UInt8

    /// - Parameters:
    ///   - end: The end of the bytes to scan (the buffer's count).
    ///   - classes: The byte classes of ``CSVParser``.
    ///   - delimiter: The delimiter's first byte.
    ///   - quote: The quote's first byte.
    init(base: UnsafePointer<UInt8>, end: Int, classes: UnsafePointer<UInt8>, delimiter: UInt8, quote: UInt8) {
        self.base = base
        self.end = end
        self.classes = classes
        self.delimiter = delimiter
        self.quote = quote
    }

    /// The first index at or after `index` of a delimiter, quote or line-end byte; `end` when none.
    @inline(__always)
    func nextInUnquoted(from index: Int) -> Int { next(from: index, delimiters: true) }

    /// The first index at or after `index` of a quote or line-end byte; `end` when none.
    @inline(__always)
    func nextInQuoted(from index: Int) -> Int { next(from: index, delimiters: false) }

    @inline(__always)
    private func next(from start: Int, delimiters: Bool) -> Int {
        // Classes 1 (delimiter) and 2, 3 (quote, line end) in unquoted text; 2 and 3 in quoted.
        let stops: UInt8 = delimiters ? 3 : 2
        var index = start
        let shortEnd = min(end, start &+ 8)
        while index < shortEnd {
            if classes[Int(base[index])] & stops != 0 { return index }
            index &+= 1
        }
        return index == end ? end : nextWord(from: index, delimiters: delimiters)
    }

    /// ``next(from:delimiters:)`` past a field's first bytes, eight at a time.
    private func nextWord(from start: Int, delimiters: Bool) -> Int {
        var index = start
        let raw = UnsafeRawPointer(base)
        while end &- index >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            var marks = ByteScanning.equal(quote, 0x0A, 0x0D, word)
            if delimiters { marks |= ByteScanning.equal(delimiter, word) }
            if marks != 0 { return index &+ marks.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        let stops: UInt8 = delimiters ? 3 : 2
        while index < end, classes[Int(base[index])] & stops == 0 { index &+= 1 }
        return index
    }
}
