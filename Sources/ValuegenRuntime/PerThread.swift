#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An object of each thread's own, made the first time the thread asks for it and released
/// when the thread ends: state that one thread uses alone needs no lock.
final class PerThread<Value: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { stored in
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(stored).release()
            #else
            if let stored {
                Unmanaged<AnyObject>.fromOpaque(stored).release()
            }
            #endif
        }
        precondition(created == 0, "no thread-specific key left")
        self.key = key
        self.make = make
    }

    /// This thread's object.
    var value: Value {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(stored).takeUnretainedValue()
        }
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return value
    }
}
