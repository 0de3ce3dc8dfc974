/// Dynamic keys: an object keyed by id read into an array, written back in a stable order.

import SerializeCoding

/// A student, identified by the key it is stored under.
public struct Student: Codable, Equatable, Hashable, Sendable, Identifiable {
    /// The student's id (the object key on the wire).
    public var id: Int
    /// The student's name.
    public var name: String

    /// Creates a ``Student`` from its fields.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A class roster whose wire form is an object keyed by student id.
///
/// ```json
/// {"1": {"name": "Ada"}, "2": {"name": "Grace"}, "10": {"name": "Edsger"}}
/// ```
///
/// The keys are data, so they are read through a struct `CodingKey` (``AnyCodingKey``) and
/// become ``Student/id``. Decoding sorts the students by id, and encoding hands the keys to the
/// encoder in ascending numeric id order (`"1", "2", "10"`, not the dictionary's or the string
/// sort's order). Whether that order reaches the bytes is the encoder's choice: an encoder that
/// keeps insertion order keeps it, but Foundation's `JSONEncoder` does not keep insertion order
/// (two encodes of equal values can differ), so use `.sortedKeys` for repeatable output (string
/// order `"1", "10", "2"`); XML property lists sort keys the same way.
///
/// A key that is not an integer fails with its coding path; encoding a roster with two
/// students of the same id fails rather than keeping only one of them.
public struct Roster: Codable, Equatable, Hashable, Sendable {
    /// The students, sorted by id.
    public private(set) var students: [Student]

    /// A roster of `students`, sorted by id.
    public init(students: [Student]) {
        self.students = students.sorted { $0.id < $1.id }
    }

    private struct Entry: Codable {
        var name: String
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var students: [Student] = []
        for key in container.allKeys {
            guard let id = Int(key.stringValue) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + [key],
                        debugDescription: "Expected a student id (an integer key) but found \"\(key.stringValue)\"."))
            }
            students.append(Student(id: id, name: try container.decode(Entry.self, forKey: key).name))
        }
        self.init(students: students)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        var previous: Int?
        for student in students.sorted(by: { $0.id < $1.id }) {
            let key = AnyCodingKey(intValue: student.id)
            if student.id == previous {
                throw EncodingError.invalidValue(
                    student,
                    .init(
                        codingPath: container.codingPath + [key],
                        debugDescription: "Two students have id \(student.id); a roster key can hold only one."))
            }
            previous = student.id
            try container.encode(Entry(name: student.name), forKey: key)
        }
    }
}
