import SpotifyClient

extension ServiceConfiguration {
    /// What `--check-config` adds to reading the configuration: the libraries are loaded, the
    /// TLS files loaded and matched, and each address is bound and let go (never listened on).
    /// Throws the first ``ServiceSetupError`` found.
    public static func check(_ configuration: ServiceConfiguration) throws(ServiceSetupError) {
        try checkLibraries()
        if let tls = configuration.tls { _ = try serverTLS(tls) }
        if configuration.port != 0, let failure = ListenFailure.probe(flag: "--listen", host: configuration.host, port: configuration.port) {
            throw failure
        }
        if case let (host, port)? = configuration.metricsListen, port != 0,
           let failure = ListenFailure.probe(flag: "--metrics-listen", host: host, port: port) {
            throw failure
        }
    }

    /// The libraries the service opens as it runs, loaded now: libcurl (Spotify's accounts
    /// service) and libcrypto (sealing), so that a machine without them is told at the start,
    /// not at the first client's request.
    public static func checkLibraries() throws(ServiceSetupError) {
        if let reason = CurlTransport.unavailable ?? TokenSealer.unavailable { throw .libraryMissing(reason) }
    }
}
