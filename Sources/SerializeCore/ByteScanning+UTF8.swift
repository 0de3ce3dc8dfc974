/// UTF-8 validation by a shift automaton: the one statement of what well-formed UTF-8 is
/// (``ByteScanning/UTF8Automaton/next(_:_:jsonStops:)``, the Unicode Standard's table 3-7) and
/// the two walks that use it, ``ByteScanning/isValidUTF8(_:)`` and the JSON reader's
/// ``ByteScanning/firstJSONStringStop(validatingUTF8In:from:)``.
///
/// Each byte has a 64-bit row holding, in six bits per state, the state that byte leads to from
/// each state; the states are the shift amounts of their own fields, so one step is
/// `rows[byte] &>> state`: a load that does not wait for the previous step and a one-cycle
/// shift, with no branch per byte (Per Vognsen's shift-based DFA). Greek, CJK and emoji text,
/// where a branch per sequence length mispredicts, goes eight bytes per check; ASCII words are
/// still skipped eight bytes at a time.

extension ByteScanning {
    /// The automaton's states and rows.
    @usableFromInline
    package enum UTF8Automaton {
        /// Absorbing: the bytes are not UTF-8 (or a sequence was cut by a JSON stop). Zero, so
        /// every row's lowest field, left zero, keeps it.
        @usableFromInline static let error: UInt64 = 0
        /// Between scalars: the bytes so far are well-formed.
        @usableFromInline static let accept: UInt64 = 6
        /// One, two, three continuation bytes (80…BF) to come.
        @usableFromInline static let tail1: UInt64 = 12
        @usableFromInline static let tail2: UInt64 = 18
        @usableFromInline static let tail3: UInt64 = 24
        /// After E0 (A0…BF next: no overlong form), ED (80…9F: no surrogate), F0 (90…BF: no
        /// overlong form) and F4 (80…8F: nothing above U+10FFFF).
        @usableFromInline static let afterE0: UInt64 = 30
        @usableFromInline static let afterED: UInt64 = 36
        @usableFromInline static let afterF0: UInt64 = 42
        @usableFromInline static let afterF4: UInt64 = 48
        /// Absorbing: a JSON string stop (`"`, `\`, a control byte) met between scalars.
        @usableFromInline static let stop: UInt64 = 54

        static let states: [UInt64] = [error, accept, tail1, tail2, tail3, afterE0, afterED, afterF0, afterF4, stop]

        /// The state `byte` leads to from `state`: the rule, stated once. With `jsonStops`, a
        /// `"`, `\` or control byte between scalars leads to ``stop``, and inside a sequence to
        /// ``error`` (it is not a continuation byte either way).
        static func next(_ state: UInt64, _ byte: UInt8, jsonStops: Bool) -> UInt64 {
            if state == error || state == stop { return state }
            let continuation = (0x80...0xBF).contains(byte)
            switch state {
            case tail1: return continuation ? accept : error
            case tail2: return continuation ? tail1 : error
            case tail3: return continuation ? tail2 : error
            case afterE0: return (0xA0...0xBF).contains(byte) ? tail1 : error
            case afterED: return (0x80...0x9F).contains(byte) ? tail1 : error
            case afterF0: return (0x90...0xBF).contains(byte) ? tail2 : error
            case afterF4: return (0x80...0x8F).contains(byte) ? tail2 : error
            default: break
            }
            switch byte {
            case 0x00...0x7F: return jsonStops && isJSONStringStop(byte) ? stop : accept
            case 0xC2...0xDF: return tail1
            case 0xE0: return afterE0
            case 0xED: return afterED
            case 0xE1...0xEF: return tail2
            case 0xF0: return afterF0
            case 0xF4: return afterF4
            case 0xF1...0xF3: return tail3
            default: return error
            }
        }

        static func rows(jsonStops: Bool) -> [UInt64] {
            (0...255).map { byte in
                states.reduce(0) { row, state in row | next(state, UInt8(byte), jsonStops: jsonStops) << state }
            }
        }

        /// The state after the eight bytes of `word` (the first byte lowest), from `state`.
        @inlinable @inline(__always)
        static func steps(through word: UInt64, from state: UInt64, _ rows: UnsafePointer<UInt64>) -> UInt64 {
            var state = state
            state = rows[Int(truncatingIfNeeded: word & 0xFF)] &>> state
            state = rows[Int(truncatingIfNeeded: (word &>> 8) & 0xFF)] &>> state
            state = rows[Int(truncatingIfNeeded: (word &>> 16) & 0xFF)] &>> state
            state = rows[Int(truncatingIfNeeded: (word &>> 24) & 0xFF)] &>> state
            state = rows[Int(truncatingIfNeeded: (word &>> 32) & 0xFF)] &>> state
            state = rows[Int(truncatingIfNeeded: (word &>> 40) & 0xFF)] &>> state
            state = rows[Int(truncatingIfNeeded: (word &>> 48) & 0xFF)] &>> state
            return rows[Int(truncatingIfNeeded: word &>> 56)] &>> state
        }

        /// The rows of plain validation, and of the JSON string scan.
        @usableFromInline static let validation = rows(jsonStops: false)
        @usableFromInline static let jsonString = rows(jsonStops: true)
    }

    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong
    /// forms, no surrogates, nothing above U+10FFFF), the bytes ``string(validatingUTF8:)``
    /// accepts, without making a `String`: for a writer that copies or transcodes the bytes
    /// as they are. ASCII is skipped eight bytes at a time, the rest goes through
    /// ``UTF8Automaton`` eight bytes per check.
    @inlinable
    package static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return UTF8Automaton.validation.withUnsafeBufferPointer { table in
            guard let rows = table.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            let end = bytes.count
            var index = 0
            var state = UTF8Automaton.accept
            while end - index >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if word & highBits != 0 || state & 63 != UTF8Automaton.accept {
                    state = UTF8Automaton.steps(through: word, from: state, rows)
                    if state & 63 == UTF8Automaton.error { return false }
                }
                index += 8
            }
            while index < end {
                state = rows[Int(base[index])] &>> state
                index += 1
            }
            return state & 63 == UTF8Automaton.accept
        }
    }

    /// ``firstJSONStringStop(in:from:)`` and ``isValidUTF8(_:)`` in one walk: the index of the
    /// first `"`, `\` or control byte at or after `start` (`bytes.count` when there is none)
    /// when the bytes before it are valid UTF-8, nil when they are not.
    ///
    /// A word of ASCII without a stop costs what it costs the plain scanner; a word with a byte
    /// from 0x80 up goes through ``UTF8Automaton`` (its JSON rows, where a stop is a state), so
    /// the JSON reader walks a string's bytes once, not twice. A sequence cut by a stop or by
    /// the end of the bytes is invalid here: the caller then scans again with the plain
    /// scanner, for the errors' order.
    @inlinable
    package static func firstJSONStringStop(validatingUTF8In bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return start }
        return UTF8Automaton.jsonString.withUnsafeBufferPointer { table -> Int? in
            guard let rows = table.baseAddress else { return nil }
            let raw = UnsafeRawPointer(base)
            let end = bytes.count
            var index = start
            var state = UTF8Automaton.accept
            while end - index >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if state & 63 == UTF8Automaton.accept {
                    let marks = below(0x20, word) | equal(UInt8(ascii: "\""), word) | equal(UInt8(ascii: "\\"), word) | (word & highBits)
                    if marks == 0 {
                        index += 8
                        continue
                    }
                    // A stop before any non-ASCII byte (the closing quote of most strings).
                    let first = marks.trailingZeroBitCount >> 3
                    if base[index + first] < 0x80 { return index + first }
                }
                let next = UTF8Automaton.steps(through: word, from: state, rows)
                if next & 63 == UTF8Automaton.stop || next & 63 == UTF8Automaton.error {
                    // Which byte: again one at a time (once per string, at its end).
                    for offset in 0..<8 {
                        state = rows[Int(base[index + offset])] &>> state
                        if state & 63 == UTF8Automaton.stop { return index + offset }
                        if state & 63 == UTF8Automaton.error { return nil }
                    }
                }
                state = next
                index += 8
            }
            while index < end {
                state = rows[Int(base[index])] &>> state
                if state & 63 == UTF8Automaton.stop { return index }
                if state & 63 == UTF8Automaton.error { return nil }
                index += 1
            }
            return state & 63 == UTF8Automaton.accept ? end : nil
        }
    }
}
