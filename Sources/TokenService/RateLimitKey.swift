#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bucket a client address is limited under: an IPv4 address as it is, an IPv6 address by
/// its /64. One IPv6 host is routinely given a whole /64, so limiting single addresses would let
/// it pick a fresh one for every request.
enum RateLimitKey {
    static func of(_ address: String) -> String {
        guard address.contains(":") else { return address }
        var bytes = in6_addr()
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        let octets = withUnsafeBytes(of: &bytes) { Array($0) }
        // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
        if octets[0..<10].allSatisfy({ $0 == 0 }) && octets[10] == 0xff && octets[11] == 0xff {
            return octets[12...].map { String($0) }.joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(octets[$0]) << 8 | UInt16(octets[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
