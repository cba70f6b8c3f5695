extension MarginCommand.NoteCommand {
    /// The value of `option` as typed (`2h` for `--ago 2h` or `--ago=2h`), so that a message
    /// about it quotes the user's words rather than their normal form.
    static func typed(_ option: String, in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == option, index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
        }
        return nil
    }
}
