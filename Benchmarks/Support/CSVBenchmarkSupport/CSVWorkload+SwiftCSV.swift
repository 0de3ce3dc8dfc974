// The benchmark jobs done by swiftcsv/SwiftCSV (in its own file: both peers name a type `CSV`).

import Foundation
import SwiftCSV

extension CSVWorkload {
    // MARK: - swiftcsv/SwiftCSV

    /// SwiftCSV reads a whole `String` and parses every row into `rows` when it is created
    /// (loading the file is part of the job); count what it parsed.
    public static func swiftCSVRead(_ url: URL) throws -> Int {
        let csv = try EnumeratedCSV(url: url, delimiter: .comma, loadColumns: false)
        return csv.rows.reduce(0) { $0 + $1.count }
    }
}
