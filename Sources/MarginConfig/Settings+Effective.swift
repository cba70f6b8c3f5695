extension Settings {
    /// The value margin uses for `key`, and where it comes from: the key's environment
    /// variable when it is set and not empty, else the config file's value when it is not
    /// blank, else the key's default; nil when none of them gives one. The value is as written,
    /// secrets included: whoever prints it redacts them.
    public func effective(_ key: ConfigKey) -> ConfigValue? {
        let written = config[key.fileName].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        if let variable = key.variable, let value = environment[variable], !value.isEmpty {
            return ConfigValue(value, from: .environment(variable), overridesFile: written != nil)
        }
        if let written { return ConfigValue(written, from: .file(paths.configFile)) }
        return key.defaultValue.map { ConfigValue($0, from: .defaultValue) }
    }
}
