/// The only module that sees libxml2.
///
/// `SerializeXML` wraps the C library behind Swift types: every libxml2 handle is owned by a
/// `final class` that frees it in `deinit`, libxml2 errors become Swift values carrying a
/// 1-based line and column, and no libxml2 type appears in a public signature. The XML
/// property-list reader and the plist inspector build on it.

internal import CLibXML2

/// Facts about the libxml2 this build links.
public enum LibXML2 {
    /// The runtime version of libxml2, such as `"2.9.14"`.
    public static var version: String {
        // xmlParserVersion is "20914" for 2.9.14.
        guard let raw = __xmlParserVersion()?.pointee, let number = Int(String(cString: raw)) else { return "unknown" }
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }

    /// Initializes libxml2 once per process (its global tables are not safe to set up lazily from
    /// several threads at once).
    static func initialize() {
        _ = initialized
    }

    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()
}
