import Foundation

/// The folder under the temporary directory that holds every folder this test process makes,
/// removed with all it holds when the process exits.
private let processFolderPath = NSTemporaryDirectory() + "margin-tests-\(getpid())"
private let processFolder: String = {
    atexit { try? FileManager.default.removeItem(atPath: processFolderPath) }
    return processFolderPath
}()

/// A new, empty folder of the caller's own (`prefix` and a random suffix), under the process's
/// folder: gone once the tests end, however they end but a crash. The one way the tests make a
/// temporary folder; a path inside it is a temporary file.
public func temporaryDirectory(_ prefix: String = "t") throws -> String {
    let path = processFolder + "/" + prefix + "-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
