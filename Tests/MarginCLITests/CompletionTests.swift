import Foundation
import TestSupport
import Testing

@Suite("completions and help")
struct CompletionTests {
    static let commands = ["login", "logout", "whoami", "config", "note", "list", "show", "edit", "delete", "tag", "pin",
                           "search", "jump", "export", "import", "now", "devices", "pause", "resume", "seek", "back", "forward", "watch"]

    /// What each line typed before a Tab must offer, in a folder holding `files`, and what it
    /// must not.
    static let queries: [CompletionQuery] = [
        CompletionQuery("margin import back", offers: ["backup.json", "backup.jsonl"], withholds: ["backlog.txt"]),
        CompletionQuery("margin export -o vau", offers: ["vault", "vault-notes.md"]),
        CompletionQuery("margin export --format obsidian --dir vau", offers: ["vault"], withholds: ["vault-notes.md"]),
        CompletionQuery("margin export --format ", offers: ["json", "jsonl", "csv", "markdown", "readwise", "obsidian"]),
        CompletionQuery("margin note --voice --audio voi", offers: ["voice.wav"], withholds: ["voice.txt"]),
        CompletionQuery("margin list --db no", offers: ["notes.sqlite"]),
        CompletionQuery("margin config set ", offers: ["client-id", "market", "note.lead", "transcribe.engine", "sync.auto"]),
        CompletionQuery("margin config set transcribe.engine ", offers: ["auto", "whisper", "pocketsphinx", "command"]),
        CompletionQuery("margin config set watch.pause-on-note ", offers: ["true", "false"]),
        CompletionQuery("margin config set market D", offers: ["DE", "DK"], withholds: ["US"]),
        CompletionQuery("margin config unset note.", offers: ["note.pin-timeout", "note.lead"], withholds: ["sync.auto"]),
    ]
    static let files = ["backup.json", "backup.jsonl", "backlog.txt", "vault/", "vault-notes.md", "voice.wav", "voice.txt", "notes.sqlite"]

    @Test("completion scripts for bash, zsh and fish know every command", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) async throws {
        let result = try await MarginProcess.run(["--generate-completion-script", shell], environment: [:])
        #expect(result.status == 0)
        for command in Self.commands { #expect(result.stdout.contains(command), "\(shell) lacks \(command)") }
        #expect(result.stdout.contains("format"))
    }

    @Test("a real bash, zsh and fish offer file and folder names, export formats, config keys and their values",
          arguments: ["bash", "zsh", "fish"])
    func offers(shell: String) async throws {
        let folder = try CompletionFolder(files: Self.files)
        defer { folder.remove() }
        let offered = try await folder.complete(Self.queries.map(\.line), in: shell)
        for query in Self.queries {
            let words = offered[query.line] ?? []
            #expect(query.offered.isSubset(of: words), "\(shell) offers \(words.sorted()) for '\(query.line)'")
            #expect(query.withheld.isDisjoint(with: words), "\(shell) offers \(words.sorted()) for '\(query.line)'")
        }
    }

    @Test("the command definitions the man page is generated from cover every command")
    func manualSource() async throws {
        let result = try await MarginProcess.run(["--experimental-dump-help"], environment: [:])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let command = try #require(info["command"] as? [String: Any])
        let names = (command["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
        #expect(Set(Self.commands).isSubset(of: Set(names)))
    }
}

/// A line typed before Tab, with the words its completion must and must not offer.
struct CompletionQuery: Sendable {
    var line: String
    var offered: Set<String>
    var withheld: Set<String>

    init(_ line: String, offers offered: Set<String>, withholds withheld: Set<String> = []) {
        self.line = line
        self.offered = offered
        self.withheld = withheld
    }
}

/// A throwaway folder with files to complete (`work`), and margin's completion scripts where
/// each shell finds them once installed (`share`): zsh through its fpath, fish its completion
/// path, bash by sourcing. Each shell runs with HOME here, so no one's own settings take part.
struct CompletionFolder {
    let root: String
    var work: String { root + "/work" }
    var share: String { root + "/share" }

    init(files: [String]) throws {
        root = try temporaryDirectory("margin-completion")
        for file in files {
            let path = root + "/work/" + file
            if file.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } else {
                try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
                try Data().write(to: URL(fileURLWithPath: path))
            }
        }
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// The words `shell` offers for each of `lines`, typed in `work` followed by Tab; a folder's
    /// name without its trailing slash, a word without fish's description.
    func complete(_ lines: [String], in shell: String) async throws -> [String: Set<String>] {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/" + shell), "/usr/bin/\(shell) is missing: install \(shell)")
        let generated = try await MarginProcess.run(["--generate-completion-script", shell], environment: [:])
        try #require(generated.status == 0, "\(generated.stderr)")
        let installed = share + "/" + ["bash": "margin", "zsh": "_margin", "fish": "margin.fish"][shell, default: shell]
        try generated.stdout.write(toFile: installed, atomically: true, encoding: .utf8)
        let driver = root + "/driver." + shell
        try Self.drivers[shell, default: ""].write(toFile: driver, atomically: true, encoding: .utf8)
        let environment = [
            "PATH": MarginProcess.productsDirectory.path + ":/usr/bin:/bin", "HOME": root, "XDG_CONFIG_HOME": root + "/config",
            "XDG_DATA_HOME": root + "/data", "TERM": "dumb", "COMPLETION_SHARE": share, "COMPLETION_WORK": work,
        ]
        let result: ProcessResult
        switch shell {
        case "fish":
            // fish's reader on a terminal (script's), the keys typed ahead: each line, then Ctrl-X.
            let keys = lines.map { $0 + "\u{18}" }.joined() + "exit\n"
            result = try await MarginProcess.run(["-qec", "fish -i -C 'source \(driver)'", "/dev/null"], environment: environment,
                                                 stdin: keys, executable: "/usr/bin/script", timeout: .seconds(120))
        default:
            result = try await MarginProcess.run((shell == "zsh" ? ["-f", driver] : [driver]) + lines, environment: environment,
                                                 executable: "/usr/bin/" + shell, timeout: .seconds(120))
        }
        try #require(result.status == 0, "\(shell) exited \(result.status): \(result.output)")
        return Self.offers(in: result.stdout)
    }

    /// The words between each `<<<LINE` and the next `>>>`, by LINE.
    static func offers(in output: String) -> [String: Set<String>] {
        var offered: [String: Set<String>] = [:]
        var line: String?
        for said in output.replacingOccurrences(of: "\r", with: "").split(separator: "\n", omittingEmptySubsequences: false) {
            if said.hasPrefix("<<<") {
                line = String(said.dropFirst(3))
                offered[String(said.dropFirst(3))] = []
            } else if said == ">>>" {
                line = nil
            } else if let line, !said.isEmpty {
                let word = String(said.prefix { $0 != "\t" })
                offered[line, default: []].insert(word.hasSuffix("/") ? String(word.dropLast()) : word)
            }
        }
        return offered
    }

    /// For each shell, what prints `<<<LINE`, the words offered for LINE one a line, and `>>>`.
    static let drivers = [
        // What bash does on Tab: the function `complete -p margin` names, called with the words
        // of the line in COMP_WORDS; its answer in COMPREPLY.
        "bash": #"""
            source "$COMPLETION_SHARE/margin"
            function=$(complete -p margin | sed -E 's/.* -F ([^ ]+) .*/\1/')
            cd -- "$COMPLETION_WORK"
            for line in "$@"; do
                read -ra words <<<"$line"
                [[ $line == *' ' ]] && words+=('')
                COMP_WORDS=("${words[@]}") COMP_CWORD=$((${#words[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line} COMPREPLY=()
                "$function" margin "${words[COMP_CWORD]}" "${words[COMP_CWORD - 1]}"
                printf '<<<%s\n' "$line"
                printf '%s\n' "${COMPREPLY[@]}"
                printf '>>>\n'
            done
            """#,
        // An interactive zsh on a pseudo-terminal (zpty) with compinit and _margin in its fpath,
        // for each line: every word the completion adds on Tab is recorded by a compadd in front
        // of the builtin, and printed once the completion is done.
        "zsh": #"""
            zmodload zsh/zpty || { print -u2 'zsh lacks its zpty module'; exit 3 }
            setup=${0:h}/setup.zsh
            print -r -- '
                PS1= RPS1=
                fpath=($COMPLETION_SHARE $fpath)
                autoload -Uz compinit && compinit -u -D
                cd -- $COMPLETION_WORK
                typeset -ga offered
                compadd() {
                    # -O, -A and -D only ask which words match: nothing is offered.
                    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
                    local -a matches
                    builtin compadd -A matches "$@"
                    offered+=("${matches[@]}")
                    builtin compadd "$@"
                }
                report() { print -r -- "<<<${(pj:\n:)offered}>>>" }
                comppostfuncs=(report)
                print -r -- completion-ready' > $setup
            for line in "$@"; do
                zpty shell zsh -f -i
                zpty -w shell "source ${(q)setup}"
                zpty -r shell said '*completion-ready*' || exit 4
                zpty -w -n shell "$line"$'\t'
                zpty -r shell said '*>>>*' || exit 5
                zpty -d shell
                print -r -- "<<<$line"
                print -r -- "${${said##*<<<}%%>>>*}"
                print -r -- '>>>'
            done
            """#,
        // Sourced by an interactive fish: margin.fish on its completion path, and Ctrl-X asking
        // fish's completion, as Tab does, for the line typed so far, which it then clears.
        // (`complete -C` outside the reader cannot tell margin's own completions where the cursor is.)
        "fish": #"""
            set -p fish_complete_path $COMPLETION_SHARE
            cd $COMPLETION_WORK
            function report
                echo
                echo "<<<"(commandline -b)
                complete -C (commandline -cp)
                echo '>>>'
                commandline -r ''
            end
            bind \cx report
            """#,
    ]
}
