/// `snake_case` keys both ways, for ``FormatOptions/keys``.

import SerializeCSV

/// Converts coding keys to `snake_case` (the one converter, SerializeCSV's) and document keys back.
package enum SnakeCase {
    /// `myURLValue` → `my_url_value`.
    package static func convert(_ key: String) -> String { CSVKeyStrategy.snakeCase(key) }

    /// `my_url_value` → `myUrlValue`, as Foundation's `.convertFromSnakeCase`: leading and
    /// trailing underscores kept, the words after the first capitalized.
    package static func camelCase(_ key: String) -> String {
        guard key.contains("_") else { return key }
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0 != "_" }) else { return key }
        var last = scalars.count - 1
        while last > first, scalars[last] == "_" { last -= 1 }
        let words = String(String.UnicodeScalarView(scalars[first...last])).split(separator: "_", omittingEmptySubsequences: true)
        guard let head = words.first else { return key }
        var result = String(String.UnicodeScalarView(scalars[..<first])) + head
        for word in words.dropFirst() { result += word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        return result + String(String.UnicodeScalarView(scalars[(last + 1)...]))
    }
}
