import Foundation
import Testing
import SerializeCoding
import SerializeModels

@Suite("Roster: dynamic keys read into [Student] and written in a stable order")
struct DynamicKeysTests {
    @Test func keysBecomeIdsSortedNumerically() throws {
        let roster = try fixture("roster.json", as: Roster.self)
        #expect(roster.students == [
            Student(id: 1, name: "Ada"), Student(id: 2, name: "Grace"), Student(id: 7, name: "Barbara"),
            Student(id: 10, name: "Edsger"),
        ])
    }

    @Test func keysAreHandedToTheEncoderInNumericOrder() throws {
        let roster = Roster(students: [Student(id: 10, name: "E"), Student(id: 2, name: "G"), Student(id: 1, name: "A")])
        #expect(try KeyOrderRecorder.keys(of: roster) == ["1", "2", "10"])
    }

    @Test func sortedKeysMakeJSONRepeatable() throws {
        let roster = try fixture("roster.json", as: Roster.self)
        let first = try jsonText(roster)
        #expect(first == #"{"1":{"name":"Ada"},"10":{"name":"Edsger"},"2":{"name":"Grace"},"7":{"name":"Barbara"}}"#)
        for _ in 0..<5 { #expect(try jsonText(Roster(students: roster.students.reversed())) == first) }
    }

    @Test func duplicateIdsAreRefusedOnEncode() throws {
        let roster = Roster(students: [Student(id: 1, name: "A"), Student(id: 1, name: "B")])
        for coder in Coder.allCases {
            let error = try #require(throws: EncodingError.self) { try coder.encode(roster) }
            let context = try #require(innermostEncodingContext(error))
            #expect(context.codingPath.map(\.stringValue) == ["1"])
            #expect(context.debugDescription.contains("Two students have id 1"))
        }
    }

    @Test func anEmptyRosterIsAnEmptyObject() throws {
        #expect(try jsonText(Roster(students: [])) == "{}")
        for coder in Coder.allCases { try expectRoundTrip(Roster(students: []), through: coder) }
    }
}
