import Foundation

/// The folder under the temporary directory that holds every folder this test process makes,
/// removed with all it holds when the process exits. Its name and theirs are short: a socket in
/// one (tmux's, PostgreSQL's) must fit in the 107 bytes of a socket address.
private let processFolderPath = NSTemporaryDirectory() + "margin-\(getpid())"
private let processFolder: String = {
    atexit { try? FileManager.default.removeItem(atPath: processFolderPath) }
    try? FileManager.default.createDirectory(atPath: processFolderPath, withIntermediateDirectories: true)
    return processFolderPath
}()

/// A new, empty folder of the caller's own (`prefix` and six random characters), under the
/// process's folder: gone once the tests end, however they end but a crash. The one way the
/// tests make a temporary folder; a path inside it is a temporary file.
public func temporaryDirectory(_ prefix: String = "t") throws -> String {
    var template = Array((processFolder + "/" + prefix + "-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let path = made else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: processFolder + "/" + prefix])
    }
    // mkdtemp makes it 0700: the servers some tests start as another user (PostgreSQL as
    // postgres, when the tests run as root) must reach inside.
    chmod(path, 0o755)
    return path
}
