/// Shell completion scripts for bash, zsh and fish, made from the declarations: the listed
/// commands, each command's options (choices, folders, files, `*.json` as declared) and its
/// positionals. A command line that starts with a flag is `run`'s (the program's default).
public enum Completion {
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish

        /// The file name each shell looks for: `overscroll`, `_overscroll`, `overscroll.fish`.
        public func fileName(_ program: String) -> String {
            switch self {
            case .bash: program
            case .zsh: "_" + program
            case .fish: program + ".fish"
            }
        }
    }

    public static func script(_ shell: Shell, _ list: CommandList, defaultCommand: String? = nil) -> String {
        switch shell {
        case .bash: bash(list, defaultCommand: defaultCommand)
        case .zsh: zsh(list, defaultCommand: defaultCommand)
        case .fish: fish(list, defaultCommand: defaultCommand)
        }
    }

    static func note(_ shell: Shell, _ program: String) -> String {
        "# \(shell.rawValue) completion for \(program). Made by `\(program) __generate` from the command declarations; do not edit.\n"
    }

    static func commands(_ list: CommandList) -> [(entry: CommandList.Entry, spec: CommandSpec)] {
        list.shown.compactMap { e in e.spec.map { (e, $0) } }
    }

    static func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }

    // MARK: bash

    static func bash(_ list: CommandList, defaultCommand: String?) -> String {
        let p = list.program, fn = "_" + identifier(p)
        var out = note(.bash, p)
        out += """
            \(fn)_files() {
                compopt -o filenames 2>/dev/null
                if [ -n "$1" ]; then
                    COMPREPLY=($(compgen -f -X "!*.$1" -- "$cur") $(compgen -d -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            \(fn)() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]} start=2
                local flags="" vflags="" i n=0
                COMPREPLY=()
                # `--flag=value`: bash splits at `=`, so the word is `=` or the value after it.
                if [ "$cur" = "=" ] && [ "$COMP_CWORD" -ge 2 ]; then
                    cur=""
                elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 3 ]; then
                    prev=${COMP_WORDS[COMP_CWORD-2]}
                fi
                if [ "$COMP_CWORD" -eq 1 ] && [[ $cur != -* ]]; then
                    COMPREPLY=($(compgen -W '\(list.names.joined(separator: " "))' -- "$cur"))
                    return 0
                fi
                if [[ $cmd == -* ]] || [ "$COMP_CWORD" -eq 1 ]; then
                    cmd=\(defaultCommand ?? "''") start=1
                fi
                case $cmd in

            """
        for (entry, spec) in commands(list) {
            let options = spec.allOptions.filter { !$0.hidden }
            var flags = options.map(\.flag)
            if entry.name == defaultCommand { flags += CommandList.programOptions.map(\.flag).filter { !flags.contains($0) } }
            out += "    \(entry.name))\n"
            out += "        flags='\(flags.joined(separator: " "))'\n"
            out += "        vflags='\(options.filter(\.takesValue).map(\.flag).joined(separator: " "))'\n"
            out += "        case $prev in\n"
            for o in options where o.takesValue {
                out += "        \(o.flag)) \(bashValue(o.valueKind, fn)); return 0 ;;\n"
            }
            out += "        esac\n"
            out += "        if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\")); return 0; fi\n"
            out += "        for ((i = start; i < COMP_CWORD; i++)); do\n"
            out +=
                "            case ${COMP_WORDS[i]} in -*) [[ \" $vflags \" == *\" ${COMP_WORDS[i]} \"* ]] && ((i++)) ;; *) ((n++)) ;;"
                + " esac\n"
            out += "        done\n"
            out += "        case $n in\n"
            for (i, pos) in spec.positionals.enumerated() {
                let last = i == spec.positionals.count - 1
                out += "        \(last && pos.repeats ? "*" : String(i))) \(bashValue(pos.valueKind, fn)) ;;\n"
            }
            out += "        esac\n"
            out += "        ;;\n"
        }
        out += "    esac\n    return 0\n}\ncomplete -F \(fn) \(p)\n"
        return out
    }

    static func bashValue(_ kind: ValueKind, _ fn: String) -> String {
        switch kind {
        case .choices(let c): "COMPREPLY=($(compgen -W '\(c.joined(separator: " "))' -- \"$cur\"))"
        case .directory: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .file(let ext): "\(fn)_files '\(ext ?? "")'"
        case .path: "\(fn)_files ''"
        case .text, .none: ":"
        }
    }

    // MARK: zsh

    static func zsh(_ list: CommandList, defaultCommand: String?) -> String {
        let p = list.program, fn = "_" + identifier(p)
        var out = "#compdef \(p)\n" + note(.zsh, p)
        out += "\(fn)() {\n    local -a commands\n    commands=(\n"
        for e in list.shown { out += "        \(zshQuote(e.name + ":" + e.summary))\n" }
        out += "    )\n"
        out += "    if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then\n"
        out += "        _describe -t commands \(zshQuote(p + " command")) commands\n        return\n    fi\n"
        out += "    local cmd=$words[2]\n"
        out +=
            "    if [[ $cmd == -* ]]; then\n        cmd=\(defaultCommand ?? "''")\n    else\n        shift words\n        (("
            + " CURRENT-- ))\n    fi\n"
        out += "    case $cmd in\n"
        for (entry, spec) in commands(list) {
            out += "    (\(entry.name))\n        _arguments -s \\\n"
            var options = spec.allOptions.filter { !$0.hidden }
            if entry.name == defaultCommand {
                options += CommandList.programOptions.filter { o in !options.contains { $0.name == o.name } }
            }
            for o in options {
                var arg = o.flag + "[" + zshBracket(firstLine(o.help)) + "]"
                if let v = o.valueName { arg += ":" + zshColon(v) + ":" + zshAction(o.valueKind) }
                out += "            \(zshQuote(arg)) \\\n"
            }
            for (i, pos) in spec.positionals.enumerated() {
                let last = i == spec.positionals.count - 1
                let head = last && pos.repeats ? "*" : String(i + 1) + (pos.optional ? ":" : "")
                out += "            \(zshQuote(head + ":" + zshColon(pos.name) + ":" + zshAction(pos.valueKind))) \\\n"
            }
            out += "            && return 0\n        ;;\n"
        }
        out += "    esac\n    return 1\n}\n\(fn) \"$@\"\n"
        return out
    }

    static func zshAction(_ kind: ValueKind) -> String {
        switch kind {
        case .choices(let c): "(" + c.joined(separator: " ") + ")"
        case .directory: "_files -/"
        case .file(let ext?): "_files -g \"*.\(ext)\""
        case .file(nil), .path: "_files"
        case .text, .none: " "
        }
    }

    static func zshQuote(_ s: String) -> String { "'" + s.replacingAll("'", with: "'\\''") + "'" }
    static func zshBracket(_ s: String) -> String {
        s.replacingAll("\\", with: "\\\\").replacingAll("]", with: "\\]").replacingAll("[", with: "\\[")
    }
    static func zshColon(_ s: String) -> String { s.replacingAll(":", with: "\\:") }

    // MARK: fish

    static func fish(_ list: CommandList, defaultCommand: String?) -> String {
        let p = list.program
        let names = list.names.joined(separator: " ")
        var out = note(.fish, p)
        out += "complete -c \(p) -f\n"
        for e in list.shown {
            out += "complete -c \(p) -n __fish_use_subcommand -a \(e.name) -d \(fishQuote(e.summary))\n"
        }
        for o in CommandList.programOptions {
            out += "complete -c \(p) -n __fish_use_subcommand -l \(o.name) -d \(fishQuote(firstLine(o.help)))\n"
        }
        for (entry, spec) in commands(list) {
            var condition = "__fish_seen_subcommand_from \(entry.name)"
            if entry.name == defaultCommand { condition = "not __fish_seen_subcommand_from \(names); or " + condition }
            let n = "-n " + fishQuote(condition)
            for o in spec.allOptions where !o.hidden {
                out += "complete -c \(p) \(n) -l \(o.name)\(fishValue(o.valueKind)) -d \(fishQuote(firstLine(o.help)))\n"
            }
            if entry.name == defaultCommand { continue }
            for kind in spec.positionals.map(\.valueKind) {
                out += "complete -c \(p) \(n)\(fishValue(kind, positional: true))\n"
            }
        }
        return out
    }

    static func fishValue(_ kind: ValueKind, positional: Bool = false) -> String {
        let takes = positional ? "" : " -x"
        switch kind {
        case .none: return ""
        case .choices(let c): return "\(takes) -a \(fishQuote(c.joined(separator: " ")))"
        case .directory: return "\(takes) -a '(__fish_complete_directories)'"
        case .file(let ext?): return "\(takes) -a '(__fish_complete_suffix .\(ext))'"
        case .file(nil), .path: return positional ? " -F" : " -r -F"
        case .text: return takes
        }
    }

    static func fishQuote(_ s: String) -> String { "'" + s.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'" }

    static func identifier(_ s: String) -> String { String(s.map { $0.isLetter || $0.isNumber ? $0 : "_" }) }
}
