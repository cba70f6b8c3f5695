import Foundation

/// The certificate authorities HTTPS connections trust: the system's, or the ones OpenSSL's
/// `SSL_CERT_FILE` and `SSL_CERT_DIR` name instead (a network whose proxy re-signs HTTPS with
/// a CA of its own needs that CA here). Certificates are always verified against them.
public struct TrustRoots: Sendable, Hashable {
    /// A PEM bundle that replaces the system's roots (`SSL_CERT_FILE`).
    public var file: String?
    /// A directory of hashed PEM certificates (`SSL_CERT_DIR`), as `c_rehash` leaves it.
    public var directory: String?

    /// The system's roots.
    public static let system = TrustRoots()

    public init(file: String? = nil, directory: String? = nil) {
        self.file = file
        self.directory = directory
    }

    /// OpenSSL's convention: `SSL_CERT_FILE` and `SSL_CERT_DIR`; empty means unset.
    public init(environment: [String: String]) {
        self.init(file: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 },
                  directory: environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The setting that names something unreadable (`SSL_CERT_FILE='/etc/proxy.pem'`), checked
    /// before connecting so that the message names it rather than a handshake that never started.
    var unreadableSetting: String? {
        if let file, !FileManager.default.isReadableFile(atPath: file) { return "SSL_CERT_FILE='\(file)'" }
        if let directory, !FileManager.default.isReadableFile(atPath: directory) { return "SSL_CERT_DIR='\(directory)'" }
        return nil
    }

    /// What these roots are, for the messages that name a setting: the first one set.
    var setting: String? {
        file.map { "SSL_CERT_FILE='\($0)'" } ?? directory.map { "SSL_CERT_DIR='\($0)'" }
    }
}
