/// Byte-level checks on strings, for validating a million import records quickly.
extension String {
    /// Calls `body` with the string's UTF-8 in place (native strings are contiguous), or with
    /// a copy for the rare string that is not.
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) {
            return result
        }
        return Array(utf8).withUnsafeBufferPointer(body)
    }

    /// True when every UTF-8 byte satisfies `predicate`.
    func allUTF8Bytes(_ predicate: (UInt8) -> Bool) -> Bool {
        withUTF8Bytes { bytes in
            for byte in bytes where !predicate(byte) { return false }
            return true
        }
    }

    /// True when some UTF-8 byte satisfies `predicate`.
    func anyUTF8Byte(_ predicate: (UInt8) -> Bool) -> Bool {
        !allUTF8Bytes { !predicate($0) }
    }
}
