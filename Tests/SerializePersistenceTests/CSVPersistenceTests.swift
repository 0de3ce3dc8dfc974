import Foundation
import Testing
import SerializeCore
import SerializeCSV
import SerializeCoding
import SerializeDocument
import SerializeModels
@testable import SerializePersistence

/// CSV and TSV through persistence: arrays are rows, any other value a one-row file.
@Suite struct CSVPersistenceTests {
    struct City: Codable, Equatable, Sendable {
        var name: String
        var population: Int
        var area: Double
        var isCapital: Bool
        var nickname: String?
    }

    let cities = [
        City(name: "Paris", population: 2_102_650, area: 105.4, isCapital: true, nickname: "City of Light"),
        City(name: "Lyon, Rhône", population: 522_250, area: 47.87, isCapital: false, nickname: nil),
        City(name: "Say \"hi\"", population: 0, area: 0.5, isCapital: false, nickname: ""),
    ]

    static let csvFormats: [Format] = [.csv, .tsv, .csv(CSVDialect(delimiter: ";"))]

    @Test(arguments: csvFormats)
    func rowsRoundTripThroughAFile(format: Format) async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("cities.\(format.fileExtension)")
            try Persistence().save(cities, to: url, as: format)
            #expect(try Persistence().load([City].self, from: url, as: format) == cities)
            let text = try String(contentsOf: url, encoding: .utf8)
            let delimiter = Character(try #require(format.csvDialect).delimiter)
            #expect(text.hasPrefix(["name", "population", "area", "isCapital", "nickname"].joined(separator: String(delimiter))))
        }
    }

    /// `FormatOptions.csvByteOrderMark` reaches the CSV encoder of both coders: the file starts
    /// with `EF BB BF`, and loading it (and serialize's document reader) skips the mark.
    @Test(arguments: [CodableCoder.foundation, .serialize])
    func theByteOrderMarkOptionWritesOne(coder: CodableCoder) async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("cities.csv")
            // A nil nickname is an empty field (serialize's coder refuses a missing column by default).
            let persistence = Persistence(options: FormatOptions(missing: .null, csvByteOrderMark: true), coder: coder)
            try persistence.save(cities, to: url)
            let bytes = try Data(contentsOf: url)
            #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
            #expect(try persistence.load([City].self, from: url) == cities)
            #expect(try Persistence(options: FormatOptions(missing: .null), coder: coder).load([City].self, from: url) == cities)
            let withoutMark = try Persistence(options: FormatOptions(missing: .null), coder: coder).encode(cities, as: .csv)
            #expect(bytes.dropFirst(3) == withoutMark)
        }
    }

    @Test func theExtensionChoosesCSVOrTSV() async throws {
        try await withScratchFolder { folder in
            let tsv = folder.appendingPathComponent("cities.tsv")
            try Persistence().save(cities, to: tsv)
            #expect(try String(contentsOf: tsv, encoding: .utf8).hasPrefix("name\tpopulation"))
            #expect(try Persistence().load([City].self, from: tsv) == cities)
        }
    }

    /// Records that write no field (each property nil) have no column to be written in: both
    /// coders refuse them by name, as `serialize convert` refuses `[{}]`, and the file already
    /// at the URL is kept as it was (the CSV coder used to write an empty file, read back as no
    /// rows).
    @Test(arguments: CodableCoder.allCases)
    func recordsWithoutAnyFieldAreRefusedAndTheFileIsKept(coder: CodableCoder) async throws {
        struct Note: Codable { var text: String? }
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("notes.csv")
            try Persistence().save(cities, to: url)
            let before = try Data(contentsOf: url)
            let error = try #require(throws: PersistenceError.self) {
                try Persistence(coder: coder).save([Note(text: nil), Note(text: nil)], to: url)
            }
            #expect(error.kind == .encodingFailed)
            #expect(error.description.contains("CSV cannot hold records without any column"), "\(error)")
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func aSingleValueIsAOneRowFile() throws {
        let data = try Persistence().encode(cities[0], as: .csv)
        #expect(String(decoding: data, as: UTF8.self).split(separator: "\n").count == 2)
        #expect(try Persistence().decode(City.self, from: data, as: .csv) == cities[0])
    }

    @Test func oneValueFromSeveralRowsIsANamedError() throws {
        let data = try Persistence().encode(cities, as: .csv)
        #expect {
            try Persistence().decode(City.self, from: data, as: .csv)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.kind == .decodingFailed && error.message.contains("exactly one row")
                && error.message.contains("found 3")
        }
    }

    @Test func aBadFieldNamesTheRowAndColumn() {
        let data = Data("name,population,area,isCapital,nickname\nParis,many,1,true,\n".utf8)
        #expect {
            try Persistence().decode([City].self, from: data, as: .csv)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.kind == .decodingFailed && error.codingPath?.description.contains("population") == true
        }
    }

    @Test func aFailedCSVWriteLeavesTheOldFileWhole() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("cities.csv")
            try Persistence().save(cities, to: url)
            let before = try Data(contentsOf: url)
            let faulty = Persistence(fileSystem: FaultyFileSystem(fault: .writeHalfway))
            #expect(throws: PersistenceError.self) { try faulty.save(Array(cities.reversed()), to: url) }
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func aRecordStoreOfCSVRows() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<[City]>(folder: folder, format: .csv)
            try await store.save(cities, id: "france")
            #expect(try await store.ids() == ["france"])
            #expect(try await store.load(id: "france") == cities)
        }
    }

    // MARK: - The SerializeCoding helpers through CSV

    /// A flat row using the helpers; CSV holds only text, so every helper sees strings.
    struct Row: Codable, Equatable {
        @Lossless var id: Int
        @Lossless var inStock: Bool
        @Default<DefaultZero<Int>> var stock: Int
        var availability: ProductAvailability
    }

    @Test func helpersWorkThroughCSV() throws {
        let data = Data("id,inStock,stock,availability\n1042,true,,available\n7,false,3,backordered\n".utf8)
        let rows = try Persistence().decode([Row].self, from: data, as: .csv)
        #expect(rows.map(\.id) == [1042, 7])
        #expect(rows.map(\.inStock) == [true, false])
        #expect(rows.map(\.stock) == [0, 3])
        #expect(rows.map(\.availability) == [.available, .unknown])
        let again = try Persistence().decode([Row].self, from: Persistence().encode(rows, as: .csv), as: .csv)
        #expect(again == rows)
    }

    @Test func aMessyProductRowDecodesWithAReport() throws {
        let csv = """
            id,inStock,price,name,availability,pricesByCurrency.EUR,pricesByCurrency.USD,variants[0].sku,variants[1].sku
            1042,1,19.5,Kettle,backordered,19.5,call us,K-1,K-3

            """
        let report = DecodingReport()
        let persistence = Persistence(userInfo: [.decodingReport: report])
        let product = try persistence.decode(ShopProduct.self, from: Data(csv.utf8), as: .csv)
        #expect(product == ShopProduct(
            id: 1042, inStock: true, price: 19.5, name: "Kettle", availability: .unknown,
            pricesByCurrency: ["EUR": 19.5], variants: [ProductVariant(sku: "K-1"), ProductVariant(sku: "K-3")]))
        #expect(report.entries.map(\.path.description) == ["$[0].pricesByCurrency.USD"])
    }

    @Test func anInboxRowWithAnUnknownMessageTypeNamesItsColumn() {
        let csv = """
            owner,pinned.sender,pinned.body,pinned.type
            ada,bo,hi,poll

            """
        #expect {
            try Persistence().decode(Inbox.self, from: Data(csv.utf8), as: .csv)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.codingPath?.description == "$[0].pinned.type" && error.message.contains(#"Unknown InboxMessage type "poll""#)
        }
    }
}
