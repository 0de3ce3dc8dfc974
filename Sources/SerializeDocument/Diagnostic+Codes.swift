/// The named failures of the readers, the writers and the converter: codes of the one
/// `Diagnostic` (SerializeCore) that every reader and writer throws.

public import SerializeCore

extension Diagnostic.Code {
    // MARK: - Reading text

    /// The bytes break the format's grammar (JSON, CSV).
    public static let syntax = Self(rawValue: "syntax")
    /// A `\u` escape names a lone UTF-16 surrogate, which no Swift string can hold.
    public static let loneSurrogate = Self(rawValue: "loneSurrogate")
    /// A number does not fit: an integer beyond 64 bits, a real beyond `Double`'s range.
    public static let numberOutOfRange = Self(rawValue: "numberOutOfRange")
    /// The input is empty.
    public static let empty = Self(rawValue: "empty")

    // MARK: - Binary property lists

    /// The bytes do not start with `bplist00` or are too short to hold a trailer.
    public static let notBinaryPlist = Self(rawValue: "notBinaryPlist")
    /// The 32-byte trailer holds impossible sizes, counts or offsets.
    public static let badTrailer = Self(rawValue: "badTrailer")
    /// An object offset or reference points outside the object table.
    public static let offsetOutOfRange = Self(rawValue: "offsetOutOfRange")
    /// An object's length runs past the end of the object table.
    public static let truncated = Self(rawValue: "truncated")
    /// A container contains itself.
    public static let cycle = Self(rawValue: "cycle")
    /// Shared containers that would expand to far more values than the file holds.
    public static let expansionLimit = Self(rawValue: "expansionLimit")
    /// An object marker this reader does not know, or a kind it refuses by name (sets).
    public static let unsupportedObject = Self(rawValue: "unsupportedObject")
    /// A dictionary key that is not a string.
    public static let nonStringKey = Self(rawValue: "nonStringKey")
    /// A string with bytes its encoding does not allow.
    public static let invalidString = Self(rawValue: "invalidString")
    /// A date that is NaN or infinite, or outside the years 0001 to 9999 (`DateText.years`) where it must be printed.
    public static let invalidDate = Self(rawValue: "invalidDate")

    // MARK: - Writing

    /// NaN or infinity where the target format has none (JSON, CSV); the remedy names `nonFinite`.
    public static let nonFiniteNumber = Self(rawValue: "nonFiniteNumber")
    /// A string holding characters XML 1.0 cannot carry, such as NUL.
    public static let characterNotRepresentable = Self(rawValue: "characterNotRepresentable")
    /// The reader for a format is not available.
    public static let unsupported = Self(rawValue: "unsupported")
}

extension Remedy {
    /// Writing a binary property list instead, which holds what XML cannot; `effect` says what
    /// that gets through.
    static func binaryPlist(to effect: String) -> Remedy {
        Remedy(option: "format", value: "binaryPlist", effect: effect)
    }
}
