/// The property list linter (`serialize lint`): XML and binary, with values kept.
import FuzzSupport
import PlistInspector

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let report = PlistLinter().lint(fuzzInput(bytes, count))
    _ = report.isValid
    return 0
}

@_cdecl("FuzzPlistLint_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
