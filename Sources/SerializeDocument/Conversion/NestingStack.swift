/// The stack that reading, writing and freeing a deeply nested document needs: the owner of
/// "how deep can `FormatOptions.maximumDepth` go on this thread".

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
public import SerializeCore

/// Runs work on a thread whose stack holds documents nested `maximumDepth` deep.
///
/// serialize's readers, writers and its document tree recurse once per level of nesting. The
/// default limit, 512 levels (``FormatOptions/maximumDepth``), takes about 1.6 MiB of stack in a
/// debug build: it fits a main thread's stack (8 MiB) and Linux's default thread stack, but not
/// the 512 KiB of a secondary thread or a task's thread on macOS. A higher limit for trusted
/// data needs a thread with a larger stack, or deep input overflows the stack and crashes the
/// process instead of being read or refused:
///
/// ```swift
/// let options = FormatOptions(pretty: false, maximumDepth: 20_000)
/// let json = try NestingStack.run(depth: options.maximumDepth) {
///     try Format.binaryPlist.convert(plist, to: .json, reading: options, writing: options)
/// }
/// ```
///
/// `serialize --max-depth` and ``BatchConversion`` run their work this way.
public enum NestingStack {
    /// The depth a main thread's stack holds: the synchronous ``run(depth:_:)`` runs work for
    /// this depth or less where it is called.
    public static let inlineDepth = FormatOptions().maximumDepth

    /// Stack bytes a level of nesting may use. The deepest recursion measured, in a debug build
    /// (`serialize` at 5,000 levels, every verb and every pair of formats), used 3.1 KiB a level:
    /// writing a binary property list and summarizing one (`inspect`). Release builds use less.
    static let bytesPerLevel = 8 * 1024

    /// Stack for everything that is not a level: the caller's frames, libxml2, Foundation.
    static let baseBytes = 8 * 1024 * 1024

    /// The stack size a thread needs to work on documents `depth` levels deep (at least one);
    /// `Int.max` when that does not fit an `Int`. It is address space reserved, touched only as
    /// deep as a document goes: 100,000 levels reserve 789 MiB.
    public static func size(forDepth depth: Int) -> Int {
        let (levels, overflow) = max(depth, 1).multipliedReportingOverflow(by: bytesPerLevel)
        return overflow || levels > Int.max - baseBytes ? Int.max : baseBytes + levels
    }

    /// Runs `body` where it is called when `depth` is at most ``inlineDepth``, else on a new
    /// thread with a stack of ``size(forDepth:)``, waiting for it to end.
    ///
    /// - Throws: what `body` throws, or ``ThreadUnavailable`` when the system cannot start such
    ///   a thread.
    public static func run<T>(depth: Int, _ body: () throws -> T) throws -> T {
        guard depth > inlineDepth else { return try body() }
        return try withoutActuallyEscaping(body) { body in
            // The thread is joined before this closure returns, so it never outlives `body`.
            let box = ResultBox<T>()
            let thread = try spawn(depth: depth) { box.result = Result { try body() } }
            join(thread)
            return try box.result.get()
        }
    }

    /// As the synchronous `run(depth:_:)`, without blocking a task's thread while it waits.
    ///
    /// The work always runs on a thread of its own, with a stack of ``size(forDepth:)`` for at
    /// least ``inlineDepth`` levels: a task's thread may have less stack than the default depth
    /// needs (512 KiB on macOS).
    public static func run<T: Sendable>(depth: Int, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            do {
                detach(try spawn(depth: max(depth, inlineDepth)) { continuation.resume(with: Result { try body() }) })
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// The system refused a thread with the stack a depth needs (too little memory or address
    /// space for it): a lower depth may fit.
    public struct ThreadUnavailable: Error, CustomStringConvertible, Sendable {
        /// The depth the stack was for.
        public var depth: Int
        /// The stack size asked for.
        public var stackSize: Int
        /// The error number of the refusal: `pthread_attr_init`'s, `pthread_attr_setstacksize`'s
        /// (a size the system does not take) or `pthread_create`'s (no memory for it).
        public var errorNumber: Int32

        /// The refusal as serialize reports it: ``Diagnostic/Code/io``, with ``FormatOptions/maximumDepth``
        /// as the remedy.
        public var diagnostic: Diagnostic {
            Diagnostic(
                .io,
                "cannot start a thread with the \(stackSize >> 20) MiB stack that \(depth) levels of nesting need (\(String(cString: strerror(errorNumber))))",
                remedy: Remedy(option: "maximumDepth", effect: "set a limit below \(depth), which needs less stack"))
        }

        public var description: String { diagnostic.description }
    }

    /// Starts `body` on a new thread whose stack holds `depth` levels, ``size(forDepth:)``
    /// rounded up to whole pages.
    private static func spawn(depth: Int, _ body: @escaping () -> Void) throws(ThreadUnavailable) -> pthread_t {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let wanted = size(forDepth: depth)
        let stackSize = wanted > Int.max - page ? Int.max : (wanted + page - 1) / page * page
        // Allocated rather than `pthread_attr_t()`, whose zero initializer Linux attributes to
        // Dispatch's C module.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        let initialized = pthread_attr_init(attributes)
        guard initialized == 0 else { throw ThreadUnavailable(depth: depth, stackSize: stackSize, errorNumber: initialized) }
        defer { pthread_attr_destroy(attributes) }
        // A size the system refuses here would leave the default stack: refuse it by name.
        let sized = pthread_attr_setstacksize(attributes, stackSize)
        guard sized == 0 else { throw ThreadUnavailable(depth: depth, stackSize: stackSize, errorNumber: sized) }
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var created: pthread_t?
        let status = pthread_create(&created, attributes, { context in
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        #else
        var thread = pthread_t()
        let status = pthread_create(&thread, attributes, { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        #endif
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            throw ThreadUnavailable(depth: depth, stackSize: stackSize, errorNumber: status)
        }
        #if canImport(Darwin)
        // pthread_create sets the thread when it returns 0.
        guard let thread = created else { throw ThreadUnavailable(depth: depth, stackSize: stackSize, errorNumber: EAGAIN) }
        #endif
        return thread
    }

    private static func join(_ thread: pthread_t) { pthread_join(thread, nil) }

    private static func detach(_ thread: pthread_t) { pthread_detach(thread) }
}

/// The work a new thread runs, handed to it through `pthread_create`'s context pointer.
private final class ThreadBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// The result a thread hands back to the caller that joins it.
private final class ResultBox<T>: @unchecked Sendable {
    /// The thread's result; a failure until the thread sets it.
    var result: Result<T, any Error> = .failure(CancellationError())
}
