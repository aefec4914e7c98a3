#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of the current thread's stack is left, for the readers, which recurse once per
/// level of nesting.
///
/// A depth limit alone (512 levels) cannot keep a hostile document from overflowing the
/// stack: how deep a reader can go depends on the stack it runs on (8 MB on Linux's main
/// thread, 512 KB on macOS's secondary threads and Swift concurrency's cooperative threads,
/// whatever a `Thread` was given) and on the frames of the code that drives it. So past
/// ``shallowDepth`` every new level asks ``hasRoomForAnotherLevel()``, and the reader throws
/// instead of entering a level whose frames could reach the end of the stack.
///
/// The lowest usable address of each thread's stack is looked up the first time one of its
/// readers goes past the shallow depth, and kept in thread-specific storage: not in the reader,
/// whose copies (a variant read again, a lookahead for a discriminator) would look it up again,
/// and which could be carried to another thread between two reads. Where the bounds cannot be
/// found, or the reader runs on a stack that is not its thread's (a coroutine's, a signal
/// handler's), only the depth limit applies.
@usableFromInline
enum ThreadStack {
    /// Up to this depth a reader enters a level without a look at the stack, so that ordinary
    /// documents pay nothing for the check. A level of generated ADT values takes about 1.6 KB
    /// of stack in an optimized build, 7 KB in a debug build, and up to 16 KB for hand-written
    /// readers with closures in closures (the tests' `Shape`, measured at the end of issue
    /// 38's session; 16 unchecked levels of it overflowed a 256 KB stack): 8 of those fit on a
    /// 256 KB stack with the ``reserve`` left.
    @inlinable
    static var shallowDepth: Int { 8 }

    /// The stack a reader keeps free below a level it enters: more than one level of
    /// nesting takes in the deepest of the readers' paths (an ADT value read again in two
    /// passes, in a debug build), plus what is called below the innermost level (a string
    /// unescaped, a number handed to the standard library's parser, an error thrown out).
    static let reserve: UInt = 64 * 1024

    /// Why a reader may not enter nesting level `level` (past ``shallowDepth``), or nil when it
    /// may: the level is deeper than `maximumDepth`, or the thread's stack has too little room
    /// left for it. The messages are the same for JSON and binary data.
    static func refusal(ofLevel level: Int, maximumDepth: Int) -> String? {
        if level > maximumDepth {
            return "nesting deeper than \(maximumDepth) levels"
        }
        if !hasRoomForAnotherLevel() {
            return "nesting too deep for this thread's stack (\(level) levels; read deeply nested data on a thread with a larger stack)"
        }
        return nil
    }

    /// Whether at least ``reserve`` bytes of the current thread's stack are left below the
    /// caller's frame. True when the stack's bounds are unknown.
    @inline(never)
    static func hasRoomForAnotherLevel() -> Bool {
        // A local's address: where the stack is now, give or take this small frame.
        var marker: UInt8 = 0
        let position = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let floor = currentThreadFloor()
        // Below the floor is not this thread's stack: the depth limit alone applies.
        return position < floor || position - floor >= reserve
    }

    /// How many bytes of the current thread's stack are left below the caller's frame; nil
    /// when its bounds are unknown or the caller runs on another stack. Persistence asks it
    /// before it encodes or decodes (PersistableModel+Limits.swift).
    @inline(never)
    static func bytesLeft() -> UInt? {
        var marker: UInt8 = 0
        let position = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let floor = currentThreadFloor()
        guard floor > 1, position > floor else { return nil }
        return position - floor
    }

    /// The lowest address of the current thread's stack that may be used, from the
    /// thread-specific cache or looked up once; 1 when it is unknown (so that every position
    /// is far above it).
    private static func currentThreadFloor() -> UInt {
        guard let key = floorKey else { return 1 }
        if let cached = pthread_getspecific(key) {
            return UInt(bitPattern: cached)
        }
        let floor = max(lowestUsableAddress() ?? 1, 1)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: floor))
        return floor
    }

    /// The thread-specific slot of each thread's floor; nil when none could be had. Values
    /// need no destructor: they are addresses, not allocations.
    private static let floorKey: pthread_key_t? = {
        #if canImport(Glibc) || canImport(Darwin)
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
        #else
        return nil
        #endif
    }()

    /// The current thread's lowest usable stack address, above its guard pages; nil when the
    /// system does not say.
    private static func lowestUsableAddress() -> UInt? {
        #if canImport(Darwin)
        // The top of the stack (it grows down) and its size, guard excluded.
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size ? top - size : nil
        #elseif canImport(Glibc)
        // pthread_getattr_np is a GNU extension the Glibc module does not import. For the main
        // thread glibc reads /proc/self/maps and the stack's rlimit: slow, but once a thread,
        // and only for deep documents.
        guard let getAttributes else { return nil }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var low: UnsafeMutableRawPointer?
        var size = 0
        var guardSize = 0
        guard pthread_attr_getstack(&attributes, &low, &size) == 0, let low else { return nil }
        // glibc 2.27 and later report the stack above its guard pages; earlier versions
        // included them. Skipping them costs a page where they are not part of it.
        if pthread_attr_getguardsize(&attributes, &guardSize) != 0 { guardSize = 0 }
        return UInt(bitPattern: low) + UInt(guardSize)
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    /// glibc's `pthread_getattr_np`, found at run time (RTLD_DEFAULT is the null handle).
    private static let getAttributes: GetAttributes? = dlsym(nil, "pthread_getattr_np").map {
        unsafeBitCast($0, to: GetAttributes.self)
    }
    #endif
}
