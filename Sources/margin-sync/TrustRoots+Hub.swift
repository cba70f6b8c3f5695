import Foundation
import SpotifyClient

/// The CAs the hub's certificate is checked against, as libpq takes them: one PEM file.
extension TrustRoots {
    /// `SSL_CERT_FILE`; with `SSL_CERT_DIR`, its certificates (and the file's) gathered into a
    /// file only this process can reach (made anew at each call: asked once); nil for the
    /// system's bundle.
    var hubRoots: String? {
        guard let directory else { return file }
        return Self.gathered(directory, with: file) ?? file
    }

    /// The certificates of `directory` and `file` in one PEM file, removed as soon as it is made
    /// and read through this process's open descriptor (`/proc/self/fd/N`); nil when there are none.
    private static func gathered(_ directory: String, with file: String?) -> String? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var bundle = Data()
        for path in names.map({ directory + "/" + $0 }) + (file.map { [$0] } ?? []) {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size < 1 << 20,
                  let contents = FileManager.default.contents(atPath: path),
                  contents.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil
            else { continue }
            bundle.append(contents)
            bundle.append(UInt8(ascii: "\n"))
        }
        guard !bundle.isEmpty else { return nil }
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/margin-hub-roots-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        let written = bundle.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bundle.count else {
            close(descriptor)
            return nil
        }
        return "/proc/self/fd/\(descriptor)"
    }
}
