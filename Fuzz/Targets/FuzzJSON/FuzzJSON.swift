/// The JSON reader; a document it reads is written to every format. The JSON linter
/// (`serialize lint`) reads the same bytes with a builder of its own and must agree: the reader's
/// error exactly, or, for input that reads, a located warning for each repeated key and nothing
/// else.
import FuzzSupport
import SerializeCore
import SerializeDocument

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    let findings = JSONLinter().lint(data)
    do {
        let document = try Format.json.read(data)
        for finding in findings where finding.severity != .warning || finding.code != .duplicateKey || finding.location == nil {
            mismatch("the linter found \(finding) in JSON that reads")
        }
        exerciseWriters(document)
    } catch {
        if findings != [error] { mismatch("the reader failed with \(error), the linter found \(findings)") }
    }
    return 0
}

@_cdecl("FuzzJSON_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
