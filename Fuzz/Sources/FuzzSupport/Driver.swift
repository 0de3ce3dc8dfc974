/// The libFuzzer entry every target shares.
///
/// SwiftPM links an executable target's entry point as `<Target>_main` and calls it from its own
/// `main`, so libFuzzer's `main` never runs. Each target therefore defines
/// `@_cdecl("<Target>_main")` calling ``runLibFuzzer(_:_:_:)`` with its
/// `@_cdecl("LLVMFuzzerTestOneInput")` function, and libFuzzer's `LLVMFuzzerRunDriver` does the
/// rest (flags, corpus, minimizing, crash files).

import CFuzzerDriver
public import Foundation

/// libFuzzer's callback: the input's bytes and count; returns 0 (or -1: do not add to the corpus).
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer with the process's arguments and `callback` as the fuzz target.
public func runLibFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ callback: FuzzCallback
) -> Int32 {
    var argc = argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}

/// The input as `Data` (a copy: libFuzzer's buffer is only valid during the call).
public func fuzzInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let bytes, count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
}

/// Stops the process so libFuzzer records the input: a differential target's finding.
///
/// `message` goes to standard error first, so the crash log says what disagreed.
public func mismatch(_ message: @autoclosure () -> String) -> Never {
    FileHandle.standardError.write(Data("\n== MISMATCH: \(message())\n".utf8))
    abort()
}
