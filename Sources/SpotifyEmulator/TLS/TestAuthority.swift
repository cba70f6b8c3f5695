import CAuthority
import Foundation
import ServerTLS

/// A throwaway certificate authority, made in memory by OpenSSL's libcrypto, that signs the
/// emulator's server certificates: margin trusts it through `SSL_CERT_FILE`, exactly as a user
/// trusts a corporate proxy's CA, and never through a switch that turns verification off.
public struct TestAuthority: Sendable {
    /// The CA's certificate, as PEM.
    public let certificatePEM: String
    private let keyPEM: String

    /// A new CA named `name`, valid from an hour ago for thirty days.
    public init(name: String = "spotify-emulator test CA", now: Date = Date()) throws {
        keyPEM = try Self.newKey()
        certificatePEM = try Self.issue(key: keyPEM, signer: nil, name: name, from: now.addingTimeInterval(-3600),
                                        to: now.addingTimeInterval(30 * 86_400), extensions: [
                                            ("basicConstraints", "critical,CA:TRUE,pathlen:0"),
                                            ("keyUsage", "critical,keyCertSign,cRLSign"),
                                            ("subjectKeyIdentifier", "hash"),
                                        ])
    }

    /// The CA certificate as PEM, for `SSL_CERT_FILE` or `curl --cacert`.
    public func pem() throws -> String {
        certificatePEM
    }

    /// A server certificate for `hosts` (DNS names and IPv4 or IPv6 literals) signed by this CA,
    /// valid from `notBefore` to `notAfter` (by default from an hour ago for thirty days).
    public func issue(hosts: [String] = ["127.0.0.1", "localhost"], notBefore: Date? = nil,
                      notAfter: Date? = nil) throws -> ServerIdentity {
        let now = Date()
        let names = try hosts.map(Self.generalName).joined(separator: ",")
        let serverKey = try Self.newKey()
        let leaf = try Self.issue(key: serverKey, signer: (keyPEM, certificatePEM), name: hosts.first ?? "localhost",
                                  from: notBefore ?? now.addingTimeInterval(-3600), to: notAfter ?? now.addingTimeInterval(30 * 86_400),
                                  extensions: [
                                      ("basicConstraints", "critical,CA:FALSE"),
                                      ("keyUsage", "critical,digitalSignature"),
                                      ("extendedKeyUsage", "serverAuth"),
                                      ("subjectAltName", names),
                                      ("authorityKeyIdentifier", "keyid:always"),
                                  ])
        return ServerIdentity(certificatePEM: leaf, keyPEM: serverKey)
    }

    /// An IP address literal as an IP name, a DNS name as one; anything else is refused (the
    /// names are written in OpenSSL's configuration syntax, where a comma starts another).
    private static func generalName(_ host: String) throws -> String {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 { return "IP:" + host }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.*")
        guard !host.isEmpty, host.allSatisfy(allowed.contains) else { throw AuthorityError(reason: "'\(host)' is not a host name") }
        return "DNS:" + host
    }

    private static func newKey() throws -> String {
        var error = [CChar](repeating: 0, count: 256)
        guard let pem = margin_authority_new_key(&error, error.count) else { throw AuthorityError(error) }
        defer { margin_authority_free(pem) }
        return String(cString: pem)
    }

    private static func issue(key: String, signer: (key: String, certificate: String)?, name: String, from: Date, to: Date,
                              extensions: [(String, String)]) throws -> String {
        var error = [CChar](repeating: 0, count: 256)
        let pairs = extensions.flatMap { [$0.0, $0.1] }
        let copies = pairs.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } }
        let pem = pointers.withUnsafeBufferPointer { list in
            margin_authority_issue(key, signer?.key, signer?.certificate, name, Int64(from.timeIntervalSince1970),
                                   Int64(to.timeIntervalSince1970), list.baseAddress, Int32(extensions.count), &error, error.count)
        }
        guard let pem else { throw AuthorityError(error) }
        defer { margin_authority_free(pem) }
        return String(cString: pem)
    }
}

/// Why a key or certificate could not be made.
public struct AuthorityError: Error, CustomStringConvertible {
    public let reason: String

    init(reason: String) {
        self.reason = reason
    }

    init(_ error: [CChar]) {
        reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String { "the test CA: \(reason)" }
}

/// A server's certificate and private key, as PEM.
public struct ServerIdentity: Sendable {
    public let certificatePEM: String
    public let keyPEM: String
}

extension ServerIdentity {
    /// A server context presenting this certificate.
    func serverContext() throws -> TLSServerContext {
        try TLSServerContext(chainPEM: Array(certificatePEM.utf8), keyPEM: Array(keyPEM.utf8))
    }
}
