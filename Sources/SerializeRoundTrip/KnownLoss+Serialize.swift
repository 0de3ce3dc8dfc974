/// The named losses of serialize's own coder (SerializeCodable over serialize's writers).

import Foundation
import SerializeDocument

extension KnownLoss {
    /// The losses of ``RoundTripFormat/Coder/serialize``, in the order the fidelity matrix lists them.
    static var serializeLosses: [KnownLoss] {
        [.plistNullRefused, .xmlPlistControlCharacterRefused, .depthRefused, .csvRecordShapeRefused, .csvOneColumnNullRefused, .snakeCaseDataKeyConverted]
    }

    /// serialize's property-list writers refuse `nil` under the default ``FormatOptions/null``.
    public static let plistNullRefused = KnownLoss(
        name: "plistNullRefused",
        summary: "Property lists have no null: serialize's coder refuses nil (FormatOptions.null .error, the default) rather than write a string that could be mistaken for one.",
        remedy: "FormatOptions(null: .string(\"$null\")) with serialize's coder writes a marker no real string collides with (real strings starting with \"$\" get one more); .omit leaves the member out.",
        appliesTo: { $0.coder == .serialize && $0.format.isPropertyList && $0.options.null == .error },
        failure: { $0.stage == .encode && $0.kind == .invalidValue && $0.message.contains("null cannot be written") })

    /// XML 1.0 cannot carry U+0000 (nor most C0 controls): serialize's XML writer refuses them.
    public static let xmlPlistControlCharacterRefused = KnownLoss(
        name: "xmlPlistControlCharacterRefused",
        summary: "XML 1.0 cannot carry U+0000 and most C0 control characters; serialize's XML plist writer refuses such a string by name (Foundation writes bytes no XML parser accepts).",
        remedy: "Write a binary property list, which holds any string.",
        appliesTo: { $0.coder == .serialize && $0.format == .xmlPlist },
        failure: { $0.stage == .encode && $0.kind == .invalidValue && $0.message.contains("XML 1.0 cannot carry") })

    /// serialize's one depth rule: writers and readers refuse nesting deeper than the limit.
    public static let depthRefused = KnownLoss(
        name: "depthRefused",
        summary: "serialize follows one depth rule (FormatOptions.maximumDepth, 512 nested arrays and dictionaries, as Foundation and plutil): its writers refuse a deeper value by name and its readers refuse deeper input, so nothing it writes is refused by its own readers and no input can overflow the stack.",
        remedy: "Raise FormatOptions.maximumDepth on both sides for trusted data, running the work through NestingStack.run (serialize --max-depth does), or flatten the structure.",
        appliesTo: { $0.coder == .serialize },
        failure: { failure in
            (failure.stage == .encode && failure.kind == .invalidValue && failure.message.contains("nest deeper than"))
                || (failure.stage == .decode && failure.kind == .dataCorrupted && failure.message.contains("nest") && failure.message.contains("deeper than"))
        })

    /// A one-column CSV cannot hold `null`: its row would be a blank line.
    public static let csvOneColumnNullRefused = KnownLoss(
        name: "csvOneColumnNullRefused",
        summary: "A CSV with one column cannot hold nil: its row would be a blank line, which reads as no row; serialize's writer refuses it by name.",
        remedy: "Give the record a second column, or write JSON or a property list.",
        appliesTo: { $0.coder == .serialize && $0.format.csvDialect != nil },
        failure: { $0.stage == .encode && $0.kind == .invalidValue && $0.message.contains("one-column CSV cannot hold null") })

    /// CSV rows are records of named columns: serialize's CSV writer refuses any other shape.
    public static let csvRecordShapeRefused = KnownLoss(
        name: "csvRecordShapeRefused",
        summary: "A CSV row is a record of named columns: serialize's CSV writer refuses by name a top-level scalar, an array whose elements are not keyed values, and records that are all empty (no column at all), where a reader would find no row.",
        remedy: "Wrap the value in a struct (one row) or an array of structs (one row each) with at least one field.",
        appliesTo: { $0.coder == .serialize && $0.format.csvDialect != nil },
        failure: { $0.stage == .encode && $0.kind == .invalidValue && ($0.message.contains("must be dictionaries") || $0.message.contains("without any column")) })

    /// serialize's coder looks up a key the model asks for by converting it as it was written,
    /// so `myURLValue` finds `my_url_value` (unlike Foundation's, ``snakeCaseKeyNotRestored``).
    /// Keys that are data, read back through `allKeys` (dynamic keys, `LossyDictionary`), come
    /// back as their snake_case spelling read as camelCase: `EUR` is written `eur` and comes back
    /// as `eur`. The loss predicts the value with each such key renamed where the converted key
    /// came back in its place, so a key the model asked for and lost is still reported.
    public static let snakeCaseDataKeyConverted = KnownLoss(
        name: "snakeCaseDataKeyConverted",
        summary: "serialize's coder finds every key the model asks for (myURLValue is written my_url_value and read from there), but keys that are data, read back through allKeys (dynamic keys, LossyDictionary), come back converted: EUR is written eur and comes back as eur.",
        remedy: "Keep .useDefaultKeys for values whose keys are data (currency codes, identifiers): only lowercase and camelCase keys without acronyms or underscores (usd, usdRate) come back as they were.",
        appliesTo: { $0.coder == .serialize && $0.options.keys == .convertToSnakeCase },
        reshape: { before, after in SnakeCaseKeys.renamingSerializeCoderDataKeys(before, after: after) })
}
