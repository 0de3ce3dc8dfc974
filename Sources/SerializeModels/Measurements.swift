/// Dates, Base64 data, URLs and floating-point values that may be NaN or infinite.

public import Foundation
import SerializeCoding

/// One reading from a sensor, with the value types Foundation treats differently per format.
///
/// ```json
/// {"sensor_id": "greenhouse-3", "taken_at": "2024-05-01T12:30:45.123456Z",
///  "raw": "AAEC/w==", "source": "https://sensors.example.com/greenhouse-3",
///  "temperature": "NaN", "humidity": 0.42}
/// ```
///
/// Every field is coded the same way whatever the coder's strategies, so a reading survives
/// JSON, XML and binary property lists alike:
/// - ``takenAt`` is an ISO 8601 string with microseconds (``ISO8601Timestamp``): Foundation's
///   `.iso8601` strategy and XML property lists both keep whole seconds only;
/// - ``raw`` is a Base64 string (JSON's default, but not `.deferredToData`, and not plist's
///   `<data>`), and bad Base64 fails with the coding path;
/// - ``source`` is its absolute string (`PropertyListEncoder` would write a dictionary);
/// - ``temperature`` and ``humidity`` may be NaN or ±∞, written as `"NaN"`, `"Infinity"`,
///   `"-Infinity"` (``NonFiniteFloat``), which `JSONEncoder` otherwise refuses.
///
/// Equality treats NaN as equal to NaN, so a reading equals its own round trip.
/// Dates are kept to the microsecond: a date with a finer fraction is rounded when encoded.
public struct SensorReading: Codable, Equatable, Sendable {
    /// The sensor's id.
    public var sensorID: String
    /// When the reading was taken, to the microsecond.
    public var takenAt: Date
    /// The raw frame the sensor sent.
    public var raw: Data
    /// Where the sensor publishes.
    public var source: URL
    /// Degrees Celsius; NaN when the probe failed, ±∞ when it saturated.
    public var temperature: Float
    /// Relative humidity from 0 to 1, when the sensor has a hygrometer; may be NaN.
    public var humidity: Double?

    /// Creates a ``SensorReading`` from its fields.
    public init(sensorID: String, takenAt: Date, raw: Data, source: URL, temperature: Float, humidity: Double? = nil) {
        self.sensorID = sensorID
        self.takenAt = takenAt
        self.raw = raw
        self.source = source
        self.temperature = temperature
        self.humidity = humidity
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sensorID == rhs.sensorID && lhs.takenAt == rhs.takenAt && lhs.raw == rhs.raw
            && lhs.source == rhs.source
            && NonFiniteFloat.equal(lhs.temperature, rhs.temperature)
            && lhs.humidity.map(NonFiniteFloat.init) == rhs.humidity.map(NonFiniteFloat.init)
    }

    // MARK: - Coding

    enum CodingKeys: String, CodingKey {
        case sensorID = "sensor_id"
        case takenAt = "taken_at"
        case raw, source, temperature, humidity
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sensorID = try container.decode(String.self, forKey: .sensorID)
        takenAt = try ISO8601Timestamp.decode(from: container.superDecoder(forKey: .takenAt))
        let base64 = try container.decode(String.self, forKey: .raw)
        guard let raw = Data(base64Encoded: base64) else {
            throw DecodingError.dataCorruptedError(
                forKey: .raw, in: container, debugDescription: "Expected Base64 data but found \"\(base64)\".")
        }
        self.raw = raw
        source = try container.decodeURL(forKey: .source)
        temperature = try container.decode(NonFiniteFloat<Float>.self, forKey: .temperature).value
        humidity = try container.decodeIfPresent(NonFiniteFloat<Double>.self, forKey: .humidity)?.value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sensorID, forKey: .sensorID)
        try container.encode(ISO8601Timestamp.string(from: takenAt), forKey: .takenAt)
        try container.encode(raw.base64EncodedString(), forKey: .raw)
        try container.encode(source.absoluteString, forKey: .source)
        try container.encode(NonFiniteFloat(temperature), forKey: .temperature)
        try container.encodeIfPresent(humidity.map(NonFiniteFloat.init), forKey: .humidity)
    }
}

/// A batch of readings, the fixture's top level.
public struct SensorLog: Codable, Equatable, Sendable {
    /// The readings, oldest first.
    public var readings: [SensorReading]

    /// Creates a ``SensorLog`` from its fields.
    public init(readings: [SensorReading]) {
        self.readings = readings
    }
}
