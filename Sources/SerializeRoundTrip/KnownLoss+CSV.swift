/// The named losses of CSV through SerializeCSV's CSVEncoder and CSVDecoder.

import Foundation
import SerializeCore
import SerializeDocument

extension KnownLoss {
    /// The CSV losses, in the order the fidelity matrix lists them.
    static var csvLosses: [KnownLoss] {
        [.csvNonFiniteFloatRefused, .csvNilKeyReadsAsAbsent, .csvEmptyContainersVanish]
    }

    /// `CSVEncoder` refuses NaN and ±infinity by default.
    public static let csvNonFiniteFloatRefused = KnownLoss(
        name: "csvNonFiniteFloatRefused",
        summary: "CSVEncoder refuses NaN and ±infinity by default (nonConformingFloatStrategy .throw).",
        remedy: "Set CSVEncoder's and CSVDecoder's nonConformingFloatStrategy to .convertToString.",
        appliesTo: { $0.format.csvDialect != nil },
        failure: { $0.isNonFiniteRefusal })

    /// An empty field is `nil` and a `nil` is an empty field: a key holding `nil` reads back as
    /// a key that is not there.
    public static let csvNilKeyReadsAsAbsent = KnownLoss(
        name: "csvNilKeyReadsAsAbsent",
        summary: "CSV cannot tell a key holding nil from a missing key: a decoder asking contains(key) (Either<Int?, …>.left(nil)) finds nothing.",
        remedy: "In CSV-bound models, do not make nil under a key mean something different from no key.",
        appliesTo: { $0.format.csvDialect != nil },
        change: { difference in difference.after == nil && (difference.before?.holdsOnlyNil ?? false) },
        // Only in a record that held a key with nothing but nil under it: any other key not
        // found is the model's own.
        failure: { $0.isKeyNotFound(inRecordHolding: \.holdsOnlyNil) })

    /// Empty containers write no column.
    public static let csvEmptyContainersVanish = KnownLoss(
        name: "csvEmptyContainersVanish",
        summary: "An empty array or dictionary writes no column: as an array element it disappears (later elements move up), as a dictionary value its key goes, and records that write no field at all leave no column to write them in: CSVEncoder refuses them (\"CSV cannot hold records without any column\").",
        remedy: "Keep CSV records flat with at least one scalar field; do not rely on empty nested containers.",
        appliesTo: { $0.format.csvDialect != nil },
        change: { difference in difference.after == nil && (difference.before?.writesNoField ?? false) },
        // The encoder's refusal of a record with no field, or a key not found in a record that
        // held an empty container (`Either<String, [Int]>.right([])`: neither side is there).
        failure: {
            ($0.stage == .encode && $0.kind == .invalidValue && $0.message.contains("CSV cannot hold records without any column"))
                || $0.isKeyNotFound(inRecordHolding: \.writesNoField)
        },
        reshape: { before, _ in before.withoutFieldlessElements })
}

extension RoundTripFailure {
    /// Whether this is a key not found while decoding a record of the value sent that held a
    /// member CSV reads as no field at all (`vanishes`), the key asked for being such a member
    /// or absent: the decoder found neither.
    func isKeyNotFound(inRecordHolding vanishes: (EncodedValue) -> Bool) -> Bool {
        guard stage == .decode, kind == .keyNotFound, case let .key(key)? = path.components.last,
            case let .keyed(members)? = valueSent?.value(at: ValuePath(path.components.dropLast()))
        else { return false }
        return members.values.contains(where: vanishes) && (members[DocumentKey(key)].map(vanishes) ?? true)
    }
}

extension EncodedValue {
    /// `true` for a container that writes no CSV field: empty, or holding only such containers.
    var writesNoField: Bool {
        switch self {
        case let .array(values): values.allSatisfy(\.writesNoField)
        case let .keyed(values): values.values.allSatisfy(\.writesNoField)
        default: false
        }
    }

    /// `true` for `nil`, or a container holding only `nil`s: every field it writes is empty.
    var holdsOnlyNil: Bool {
        switch self {
        case .null: true
        case let .array(values): !values.isEmpty && values.allSatisfy(\.holdsOnlyNil)
        case let .keyed(values): !values.isEmpty && values.values.allSatisfy(\.holdsOnlyNil)
        default: false
        }
    }

    /// This value with every array element that writes no field removed, at every depth.
    var withoutFieldlessElements: EncodedValue {
        switch self {
        case let .array(values): .array(values.filter { !$0.writesNoField }.map(\.withoutFieldlessElements))
        case let .keyed(values): .keyed(values.mapValues(\.withoutFieldlessElements))
        default: self
        }
    }
}
