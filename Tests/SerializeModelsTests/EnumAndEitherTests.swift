import Foundation
import Testing
import SerializeCoding
import SerializeModels

@Suite("Statuses: fallback cases for unknown values, and an enum that refuses them")
struct StatusTests {
    @Test func unknownValuesFallBack() throws {
        let tickets = try fixture("tickets.json", as: TicketList.self).tickets
        #expect(tickets.map(\.status) == [.active, .unknown, .suspended, .unknown])
        #expect(tickets.map(\.priority) == [.normal, .unknown, .urgent, .unknown])
        #expect(tickets.map(\.payment) == [.settled, .pending, .refunded, .failed])
    }

    @Test(arguments: Coder.allCases)
    func aFallbackIsWrittenAsItsOwnRawValue(coder: Coder) throws {
        let tickets = try fixture("tickets.json", as: TicketList.self)
        let data = try coder.encode(tickets)
        let again = try coder.decode(TicketList.self, from: data)
        #expect(again.tickets[1].status == .unknown)
        if coder == .json {
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains(#""status":"unknown""#) && !text.contains("banned"))
            #expect(text.contains(#""priority":0"#))
        }
    }

    @Test func wrongTypeStillFailsWithAFallback() throws {
        let error = try #require(throws: DecodingError.self) {
            try Coder.json.decode([AccountStatus].self, from: Data("[\"active\", 3]".utf8))
        }
        #expect(decodingErrorPath(error) == "$[1]")
    }
}

@Suite("Settings: Either keeps its side, even for whole doubles and nil")
struct EitherModelTests {
    @Test(arguments: Coder.allCases)
    func rightOneStaysRightAndLeftNilStaysLeft(coder: Coder) throws {
        let settings = try fixture("settings.json", as: SettingsFile.self).settings
        #expect(settings[1].value == .right(1.0))
        #expect(settings[1].override == .left(nil))
        #expect(settings[0].override == nil)
        #expect(settings[2].override == .right("auto"))
        let again = try expectRoundTrip(SettingsFile(settings: settings), through: coder)
        #expect(again.settings[1].value.right == 1.0)
        #expect(again.settings[1].value.left == nil)
        if case .left(nil)? = again.settings[1].override {} else {
            Issue.record("override changed to \(String(describing: again.settings[1].override))")
        }
    }

    @Test func theWireFormNamesTheSide() throws {
        #expect(try jsonText(Setting(name: "d", value: .right(1.0))) == #"{"name":"d","value":{"right":1}}"#)
        #expect(try jsonText(Setting(name: "n", value: .left(1), override: .left(nil)))
            == #"{"name":"n","override":{"left":null},"value":{"left":1}}"#)
    }
}
