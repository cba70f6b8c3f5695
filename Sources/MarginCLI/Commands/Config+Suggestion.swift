import MarginConfig
import MarginViews

/// A refused config key or value with "did you mean" added when the typed word is close to a
/// real one: `margin config set note.laed 5`, `margin config set sync.wait ture`.
struct SuggestedSettingError: MarginError {
    let base: SettingError
    let suggestion: String

    var errorDescription: String? { "\(base.errorDescription ?? "not valid"); did you mean '\(suggestion)'?" }
    var exitStatus: ExitStatus { base.exitStatus }

    /// `error` with the nearest key or boolean, when one is near; else `error` itself.
    static func improving(_ error: SettingError, kind: ConfigValueKind? = nil) -> any Error {
        switch error {
        case .unknownConfigKey(let typed):
            guard let near = ChoiceArgument.nearest(to: typed.lowercased(), among: ConfigKey.names) else { return error }
            return SuggestedSettingError(base: error, suggestion: near)
        case .invalidConfigValue(_, let value, _, _) where kind == .flag:
            guard let near = ChoiceArgument.nearest(to: value.lowercased(), among: ["true", "false"]) else { return error }
            return SuggestedSettingError(base: error, suggestion: near)
        default:
            return error
        }
    }
}
