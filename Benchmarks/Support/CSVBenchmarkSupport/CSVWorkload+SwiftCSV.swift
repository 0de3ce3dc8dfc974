// The benchmark jobs done by swiftcsv/SwiftCSV (in its own file: both peers name a type `CSV`).

import Foundation
import SwiftCSV

extension CSVWorkload {
    // MARK: - swiftcsv/SwiftCSV

    /// SwiftCSV reads a whole `String`; loading it is part of the job.
    public static func swiftCSVRead(_ url: URL) throws -> Int {
        let csv = try EnumeratedCSV(url: url, delimiter: .comma, loadColumns: false)
        var fields = 0
        try csv.enumerateAsArray(startAt: 1, rowLimit: nil) { fields += $0.count }
        return fields
    }
}
