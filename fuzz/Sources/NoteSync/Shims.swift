// Not product code: stands in for a declaration whose file needs libraries the fuzz package
// does not build. Everything else in this folder links to ../../../Sources.
//
// HubError (HubError.swift, which imports NIO, NIOSSL and PostgresNIO to classify connection
// failures): HubAddress.swift throws its `invalidAddress` case, the only one declared here.
public enum HubError: Error, Equatable {
    case invalidAddress(String, reason: String)
}
