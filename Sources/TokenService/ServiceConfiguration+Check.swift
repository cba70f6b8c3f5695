extension ServiceConfiguration {
    /// What `--check-config` adds to reading the configuration: the TLS files are loaded and
    /// matched, and each address is bound and let go (never listened on). Throws the first
    /// ``ServiceSetupError`` found.
    public static func check(_ configuration: ServiceConfiguration) throws(ServiceSetupError) {
        if let tls = configuration.tls { _ = try serverTLS(tls) }
        if configuration.port != 0, let failure = ListenFailure.probe(flag: "--listen", host: configuration.host, port: configuration.port) {
            throw failure
        }
        if case let (host, port)? = configuration.metricsListen, port != 0,
           let failure = ListenFailure.probe(flag: "--metrics-listen", host: host, port: port) {
            throw failure
        }
    }
}
