import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A throwaway certificate authority, made in memory, that signs the emulator's server
/// certificates: margin trusts it through `SSL_CERT_FILE`, exactly as a user trusts a
/// corporate proxy's CA, and never through a switch that turns verification off.
public struct TestAuthority: Sendable {
    /// The CA's certificate.
    public let certificate: Certificate
    private let key: P256.Signing.PrivateKey

    /// A new CA named `name`, valid from an hour ago for thirty days.
    public init(name: String = "spotify-emulator test CA", now: Date = Date()) throws {
        let key = P256.Signing.PrivateKey()
        self.key = key
        let subject = try DistinguishedName { CommonName(name) }
        certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(30 * 86_400),
            issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: .init(key.publicKey))
            },
            issuerPrivateKey: .init(key))
    }

    /// The CA certificate as PEM, for `SSL_CERT_FILE` or `curl --cacert`.
    public func pem() throws -> String {
        try certificate.serializeAsPEM().pemString
    }

    /// A server certificate for `hosts` (DNS names and IPv4 or IPv6 literals) signed by this CA,
    /// valid from `notBefore` to `notAfter` (by default from an hour ago for thirty days).
    public func issue(hosts: [String] = ["127.0.0.1", "localhost"], notBefore: Date? = nil,
                      notAfter: Date? = nil) throws -> ServerIdentity {
        let now = Date()
        let serverKey = P256.Signing.PrivateKey()
        let names = hosts.map(Self.generalName)
        let authorityKeyID = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(serverKey.publicKey),
            notValidBefore: notBefore ?? now.addingTimeInterval(-3600),
            notValidAfter: notAfter ?? now.addingTimeInterval(30 * 86_400),
            issuer: certificate.subject, subject: try DistinguishedName { CommonName(hosts.first ?? "localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
                AuthorityKeyIdentifier(keyIdentifier: authorityKeyID)
            },
            issuerPrivateKey: .init(key))
        return ServerIdentity(certificatePEM: try leaf.serializeAsPEM().pemString, keyPEM: serverKey.pemRepresentation)
    }

    /// An IP address literal as an IP name, anything else as a DNS name.
    private static func generalName(_ host: String) -> GeneralName {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) }))
        }
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) }))
        }
        return .dnsName(host)
    }
}

/// A server's certificate and private key, as PEM.
public struct ServerIdentity: Sendable {
    public let certificatePEM: String
    public let keyPEM: String
}

extension ServerIdentity {
    /// A server configuration presenting this certificate.
    func tlsConfiguration() throws -> TLSConfiguration {
        let certificate = try NIOSSLCertificate(bytes: Array(certificatePEM.utf8), format: .pem)
        let key = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))
    }
}
