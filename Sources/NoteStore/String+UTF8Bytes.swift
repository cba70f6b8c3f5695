/// Reading a string's UTF-8 in place.
extension String {
    /// Calls `body` with the string's UTF-8 in place (native strings are contiguous), or with
    /// a copy for the rare string that is not.
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) {
            return result
        }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
