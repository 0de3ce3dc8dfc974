/// The named strategies shared by ``CSVEncoder`` and ``CSVDecoder``.

public import Foundation

/// How a missing value (`nil`) is written, and which fields read as `nil`.
///
/// Whatever the strategy, an *unquoted* empty field reads as `nil` and an empty string is
/// written quoted (`""`), so `nil` and `""` stay apart; a string that equals the `nil` literal is
/// written quoted too.
public enum CSVNilStrategy {
    /// An empty field (the default). An array whose last element is `nil` cannot be told from a
    /// shorter one, so ``CSVEncoder`` refuses it with an `EncodingError`; use `.literal` to keep it.
    case empty
    /// A literal such as `null` or `NA`, unquoted. An empty literal is `.empty`.
    case literal(String)
    /// `isNil` says which unquoted fields are `nil`; `text` is written for `nil`. An empty `text`
    /// writes `nil` as an empty field, with `.empty`'s limit on trailing nils.
    case custom(isNil: (String) -> Bool, text: String)

    func isNil(_ field: String) -> Bool {
        if field.isEmpty { return true }
        switch self {
        case .empty: return false
        case let .literal(literal): return field == literal
        case let .custom(isNil, _): return isNil(field)
        }
    }

    var text: String {
        switch self {
        case .empty: ""
        case let .literal(literal): literal
        case let .custom(_, text): text
        }
    }
}

/// How `Bool` is written and read. Reading ignores letter case.
public enum CSVBoolStrategy: Sendable, Hashable {
    /// `true` / `false` (the default).
    case trueFalse
    /// `1` / `0`.
    case numeric
    /// `yes` / `no`.
    case yesNo
    /// Any pair of words.
    case custom(true: String, false: String)

    var words: (true: String, false: String) {
        switch self {
        case .trueFalse: ("true", "false")
        case .numeric: ("1", "0")
        case .yesNo: ("yes", "no")
        case let .custom(yes, no): (yes, no)
        }
    }
}

/// How `Date` is written and read: everything `JSONEncoder` offers, and ISO 8601 that keeps
/// fractional seconds.
public enum CSVDateStrategy {
    /// The date's own `Codable` form: seconds since 2001-01-01 as a number.
    case deferredToDate
    /// Seconds since 1970, fractions kept; dates outside the years 0001–9999 are refused.
    case secondsSince1970
    /// Milliseconds since 1970, fractions kept; dates outside the years 0001–9999 are refused.
    case millisecondsSince1970
    /// ISO 8601 in UTC (`2024-05-01T12:30:00.125Z`) with the shortest fractional seconds that
    /// read back as the same `Date`; read as `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±hh:mm)` with any
    /// number of fraction digits; invalid calendar dates, leap seconds and years outside
    /// 0001–9999 are refused. The default.
    /// Unlike Foundation's `.iso8601`, no fraction is lost.
    case iso8601
    /// A `DateFormatter`.
    case formatted(DateFormatter)
    /// Closures of your own.
    case custom(encode: (Date) throws -> String, decode: (String) throws -> Date)
}

/// How `Data` is written and read.
public enum CSVDataStrategy {
    /// Base64 (the default).
    case base64
    /// Lowercase hexadecimal; reading accepts either case.
    case hex
    /// The bytes' own `Codable` form: one indexed column per byte.
    case deferredToData
    /// Closures of your own.
    case custom(encode: (Data) throws -> String, decode: (String) throws -> Data)
}

/// How infinities and NaN are written and read.
public enum CSVNonConformingFloatStrategy: Sendable, Hashable {
    /// Refuse them with an error (the default): they are usually a bug upstream.
    case `throw`
    /// Write and read these words.
    case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)

    /// `inf`, `-inf`, `nan`.
    public static let named = CSVNonConformingFloatStrategy.convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
}

/// How a Swift property name becomes a column name.
///
/// The same mapping is used in both directions (the decoder maps the property name and looks it
/// up), so `myURLValue` ⇄ `my_url_value` round-trips, unlike `JSONDecoder`'s
/// `.convertFromSnakeCase`.
public enum CSVKeyStrategy {
    /// The property name as it is (the default).
    case useDefaultKeys
    /// `snake_case`: `myURLValue` becomes `my_url_value`.
    case snakeCase
    /// A function of your own.
    case custom((String) -> String)

    func columnName(_ key: String) -> String {
        switch self {
        case .useDefaultKeys: key
        case .snakeCase: Self.snakeCase(key)
        case let .custom(transform): transform(key)
        }
    }

    /// `myURLValue` → `my_url_value`, `userID2` → `user_id2`.
    package static func snakeCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let isUpper = scalar.properties.isUppercase
            if isUpper, index > 0 {
                let previous = scalars[index - 1]
                let nextIsLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
                if previous.properties.isLowercase || previous.properties.numericType != nil
                    || (previous.properties.isUppercase && nextIsLower)
                {
                    if previous != "_" { result.append("_") }
                }
            }
            if isUpper {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

/// What the coders keep in memory.
public enum CSVBufferingStrategy: Sendable, Hashable {
    /// The encoder keeps every row so that the header is the union of all rows' columns (in
    /// first-seen order): the encoder's default. The decoder reads a whole file into memory
    /// first.
    case keepAll
    /// The encoder writes each row at once, so the header comes from the first row (or from
    /// an explicit `header`). The decoder streams a file in constant memory: the decoder's
    /// default.
    case sequential
}
