import Foundation

extension Settings {
    /// The config file's value of `fileName` checked against the key table, or the key's
    /// default when it is unset or empty. A value the table refuses (written by hand) throws
    /// ``SettingError/invalidSetting(name:value:example:)`` with the `config set` that fixes it.
    public func checked(_ fileName: String) throws(SettingError) -> String? {
        guard let key = ConfigKey.all.first(where: { $0.fileName == fileName }) else { return nil }
        guard let raw = config[fileName], !raw.trimmingCharacters(in: .whitespaces).isEmpty else { return key.defaultValue }
        do {
            return try key.normalized(raw)
        } catch {
            throw .invalidSetting(name: fileName, value: raw, example: "margin config set \(key.name) \(key.example)")
        }
    }

    /// A seconds key's value (its default when unset).
    func seconds(_ fileName: String) throws(SettingError) -> Double {
        try checked(fileName).flatMap(ConfigValueKind.number) ?? 0
    }

    /// A boolean key's value (its default when unset).
    func flag(_ fileName: String) throws(SettingError) -> Bool {
        try checked(fileName).flatMap(ConfigValueKind.flag) ?? false
    }
}
