import Foundation
import Testing
import SerializeCoding
import SerializeModels

@Suite("Sensor readings: dates, Base64, URLs and non-finite numbers")
struct MeasurementsTests {
    @Test func fixtureValues() throws {
        let readings = try fixture("sensors.json", as: SensorLog.self).readings
        #expect(readings[0].raw == Data([0, 1, 2, 255]))
        #expect(readings[0].takenAt == Date(timeIntervalSince1970: 1_714_566_645.123456))
        #expect(readings[1].temperature.isNaN && readings[1].humidity?.isNaN == true)
        #expect(readings[2].temperature == .infinity && readings[2].humidity == nil)
        #expect(readings[3].temperature == -.infinity)
        #expect(readings[3].takenAt == Date(timeIntervalSince1970: -0.000001))
        #expect(readings[2].source.query == "unit=c")
    }

    @Test func nanEqualsNaN() {
        let date = Date(timeIntervalSince1970: 0)
        let url = URL(fileURLWithPath: "/")
        let a = SensorReading(sensorID: "s", takenAt: date, raw: Data(), source: url, temperature: .nan, humidity: .nan)
        #expect(a == a)
        #expect(a != SensorReading(sensorID: "s", takenAt: date, raw: Data(), source: url, temperature: 1, humidity: .nan))
        #expect(a != SensorReading(sensorID: "s", takenAt: date, raw: Data(), source: url, temperature: .nan, humidity: nil))
        #expect(NonFiniteFloat(Double.nan) == NonFiniteFloat(-Double.nan))
        #expect(NonFiniteFloat(0.0) == NonFiniteFloat(-0.0))
    }

    @Test func theWireForm() throws {
        let reading = SensorReading(
            sensorID: "s", takenAt: Date(timeIntervalSince1970: 1_714_566_645.5), raw: Data([0xFF, 0xFE]),
            source: URL(string: "https://e.example/x")!, temperature: .infinity, humidity: 0.5)
        #expect(try jsonText(reading) == #"{"humidity":0.5,"raw":"\/\/4=","sensor_id":"s","source":"https:\/\/e.example\/x","taken_at":"2024-05-01T12:30:45.500000Z","temperature":"Infinity"}"#)
    }

    /// Texts and the seconds since 2001 of the `Date` nearest to what they name (DateText's one
    /// rule: any number of fractional digits, no rounding to the microsecond on the way in).
    static let timestamps: [(text: String, seconds: Double?)] = [
        ("2024-05-01T12:30:45Z", 736_259_445),
        ("2024-05-01T12:30:45.5Z", 736_259_445.5),
        ("2024-05-01T12:30:45.123456789Z", 736_259_445.123456789),
        ("2024-05-01T14:30:45.25+02:00", 736_259_445.25),
        ("1969-12-31T23:59:59.999999Z", -978_307_200.000001),
        ("2024-05-01T12:30:45.Z", nil),
        ("2024-05-01T12:30:45.1234567890Z", 736_259_445.123456789),
        ("2024-02-30T12:30:45Z", nil),
        ("yesterday", nil),
    ]

    @Test(arguments: 0..<timestamps.count)
    func parsesTimestamps(index: Int) {
        let (text, seconds) = Self.timestamps[index]
        #expect(ISO8601Timestamp.date(from: text) == seconds.map(Date.init(timeIntervalSinceReferenceDate:)), "\(text)")
    }

    @Test func writesMicrosecondsAndReadsThemBack() throws {
        // Microseconds since 1970, made into the Date nearest to each (one rounding).
        let microseconds: [Int64] = [
            0, 1_714_566_645_123_456, -1, -86_400_500_000, 4_102_444_800_999_999, 4_294_967_296_000_012,
            8_000_000_000_000_001, -7_000_000_000_999_999,
        ]
        for micros in microseconds {
            let date = Date(timeIntervalSinceReferenceDate: Double(micros - 978_307_200_000_000) / 1_000_000)
            let text = ISO8601Timestamp.string(from: date)
            #expect(ISO8601Timestamp.date(from: text) == date, "\(text)")
            #expect(ISO8601Timestamp.string(from: try #require(ISO8601Timestamp.date(from: text))) == text)
        }
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: 1_714_566_645)) == "2024-05-01T12:30:45Z")
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: -0.000001)) == "1969-12-31T23:59:59.999999Z")
    }
}
