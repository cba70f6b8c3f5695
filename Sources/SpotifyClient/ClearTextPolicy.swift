import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where margin may send refresh tokens and login codes: over HTTPS anywhere, and over plain
/// HTTP only to this machine (a service on loopback, or behind a local TLS proxy). Anything
/// else needs the user's explicit `--insecure-token-service`.
public enum ClearTextPolicy {
    /// True for an `http://` URL whose host is not this machine: `localhost`, 127.0.0.0/8 or
    /// `::1` (also IPv4-mapped). Other names count as elsewhere, whatever they resolve to now.
    public static func exposes(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "http" else { return false }
        return !isLoopback(host: url.host ?? "")
    }

    /// True for `localhost` and loopback addresses, with or without IPv6 brackets.
    public static func isLoopback(host raw: String) -> Bool {
        var host = raw.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        return mapped && bytes[12] == 127
    }
}
