import AllinCore

/// Shell completion scripts for bash, zsh and fish, made from the program's spec. Each script walks
/// the words typed so far to find the command (`journal show`), skipping options and their values,
/// then offers that command's subcommands, its options, or an option's values (a fixed set, files
/// or directories).
public enum Completions {
    public static let shells = ["bash", "zsh", "fish"]

    public static func script(for shell: String, program: ProgramSpec) -> String? {
        switch shell {
        case "bash": return bash(program)
        case "zsh": return zsh(program)
        case "fish": return fish(program)
        default: return nil
        }
    }

    // MARK: what every shell needs to know

    /// Every command path the walk can reach ("" is the program itself), in spec order.
    static func nodes(_ program: ProgramSpec) -> [(key: String, subcommands: [CommandSpec], options: [OptionSpec])] {
        let root = (key: "", subcommands: program.commands.filter { !$0.hidden },
                    options: (program.front?.options ?? []) + [OptionSpec("--version", help: "Show the version")])
        return [root] + program.all.map { spec in
            (key: spec.name, subcommands: spec.subcommands.filter { !$0.hidden }, options: spec.options)
        }
    }

    /// The values a shell offers after an option: words, or a marker for files or directories.
    static func values(_ option: OptionSpec) -> String {
        switch option.completion {
        case .none: return ""
        case .file: return "@file"
        case .directory: return "@dir"
        case let .choices(words): return words.joined(separator: " ")
        }
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The shared walk, in POSIX-ish shell used by bash and zsh: `_<p>_sub KEY` lists subcommands,
    /// `_<p>_opts KEY` the options, `_<p>_vals KEY OPTION` an option's values ("" for a flag).
    static func tables(_ program: ProgramSpec, prefix p: String) -> String {
        var out = "_\(p)_sub() {\n    case \"$1\" in\n"
        for node in nodes(program) where !node.subcommands.isEmpty {
            out += "        \(quoted(node.key))) echo \(quoted(node.subcommands.compactMap(\.path.last).joined(separator: " "))) ;;\n"
        }
        out += "    esac\n}\n\n_\(p)_opts() {\n    case \"$1\" in\n"
        for node in nodes(program) {
            out += "        \(quoted(node.key))) echo \(quoted(node.options.flatMap(\.spellings).joined(separator: " "))) ;;\n"
        }
        out += "    esac\n}\n\n"
        out += "# Prints '-' for a flag, the values for an option that takes one ('' when free text).\n"
        out += "_\(p)_vals() {\n    case \"$1|$2\" in\n"
        for node in nodes(program) {
            for option in node.options where !option.isFlag {
                let patterns = option.spellings.map { quoted("\(node.key)|\($0)") }.joined(separator: "|")
                out += "        \(patterns)) echo \(quoted(values(option))) ;;\n"
            }
        }
        out += "        *) echo - ;;\n    esac\n}\n\n"
        // The walk: the command named so far, from the words before the cursor.
        out += """
        _\(p)_path() {
            local key="" skip="" w sub
            for w in "$@"; do
                if [ -n "$skip" ]; then skip=""; continue; fi
                case "$w" in
                    --*=*) continue ;;
                    -*) [ "$(_\(p)_vals "$key" "$w")" = "-" ] || skip=1; continue ;;
                esac
                for sub in $(_\(p)_sub "$key"); do
                    if [ "$sub" = "$w" ]; then key="${key:+$key }$w"; break; fi
                done
            done
            printf '%s' "$key"
        }

        """
        return out
    }

    // MARK: bash

    static func bash(_ program: ProgramSpec) -> String {
        let p = program.name.replacingOccurrences(of: "-", with: "_")
        return """
        # bash completion for \(program.name), made by '\(program.name) completions bash'.
        # Save as ~/.local/share/bash-completion/completions/\(program.name), or source it from ~/.bashrc.

        \(tables(program, prefix: p))
        _\(p)() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev=""
            [ "$COMP_CWORD" -gt 1 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
            local key vals
            key="$(_\(p)_path "${COMP_WORDS[@]:1:COMP_CWORD-1}")"
            if [ "$COMP_CWORD" -gt 1 ] && [[ "$prev" == -* ]] && [[ "$prev" != *=* ]]; then
                vals="$(_\(p)_vals "$key" "$prev")"
                case "$vals" in
                    -) ;;
                    @file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                    @dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                    *) COMPREPLY=($(compgen -W "$vals" -- "$cur")); return ;;
                esac
            fi
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "$(_\(p)_opts "$key")" -- "$cur"))
            else
                COMPREPLY=($(compgen -W "$(_\(p)_sub "$key")" -- "$cur"))
            fi
        }
        complete -o default -F _\(p) \(program.name)

        """
    }

    // MARK: zsh

    static func zsh(_ program: ProgramSpec) -> String {
        let p = program.name.replacingOccurrences(of: "-", with: "_")
        var described = "_\(p)_described() {\n    case \"$1\" in\n"
        for node in nodes(program) {
            var rows: [String] = []
            if !node.subcommands.isEmpty {
                rows += node.subcommands.map { "\($0.path.last ?? ""):\(zshSafe($0.abstract))" }
            }
            described += "        \(quoted(node.key))) reply=(\(rows.map(quoted).joined(separator: " "))) ;;\n"
        }
        described += "        *) reply=() ;;\n    esac\n}\n\n"
        var optionText = "_\(p)_optdesc() {\n    case \"$1\" in\n"
        for node in nodes(program) {
            let rows = node.options.flatMap { option in option.spellings.map { "\($0):\(zshSafe(option.help))" } }
            optionText += "        \(quoted(node.key))) reply=(\(rows.map(quoted).joined(separator: " "))) ;;\n"
        }
        optionText += "        *) reply=() ;;\n    esac\n}\n\n"
        return """
        #compdef \(program.name)
        # zsh completion for \(program.name), made by '\(program.name) completions zsh'.
        # Save as _\(program.name) in a directory on $fpath (before compinit runs).

        \(tables(program, prefix: p))\(described)\(optionText)_\(p)() {
            local key vals prev="${words[CURRENT-1]}"
            local -a reply
            key="$(_\(p)_path "${(@)words[2,CURRENT-1]}")"
            if (( CURRENT > 2 )) && [[ "$prev" == -* && "$prev" != *=* ]]; then
                vals="$(_\(p)_vals "$key" "$prev")"
                case "$vals" in
                    -) ;;
                    @file) _files; return ;;
                    @dir) _files -/; return ;;
                    *) compadd -- ${=vals}; return ;;
                esac
            fi
            if [[ "$PREFIX" == -* ]]; then
                _\(p)_optdesc "$key"
                _describe -t options 'option' reply
            else
                _\(p)_described "$key"
                (( ${#reply} )) && _describe -t commands 'command' reply || _files
            fi
        }

        if [[ "$funcstack[1]" == "_\(p)" ]]; then _\(p) "$@"; else compdef _\(p) \(program.name); fi

        """
    }

    private static func zshSafe(_ text: String) -> String {
        text.replacingOccurrences(of: ":", with: "\\:").replacingOccurrences(of: "\n", with: " ")
    }

    // MARK: fish

    static func fish(_ program: ProgramSpec) -> String {
        let name = program.name
        let p = name.replacingOccurrences(of: "-", with: "_")
        var out = """
        # fish completion for \(name), made by '\(name) completions fish'.
        # Save as ~/.config/fish/completions/\(name).fish

        function __\(p)_takes_value
            switch "$argv[1]|$argv[2]"

        """
        for node in nodes(program) {
            for option in node.options where !option.isFlag {
                for spelling in option.spellings { out += "        case \(quoted("\(node.key)|\(spelling)"))\n            return 0\n" }
            }
        }
        out += """
            end
            return 1
        end

        function __\(p)_subs
            switch "$argv[1]"

        """
        for node in nodes(program) where !node.subcommands.isEmpty {
            out += "        case \(quoted(node.key))\n            echo \(node.subcommands.compactMap(\.path.last).joined(separator: " "))\n"
        }
        out += """
            end
        end

        # The command named so far ('' for none), from the words before the cursor.
        function __\(p)_path
            set -l key ''
            set -l skip 0
            for w in (commandline -opc)[2..-1]
                if test $skip = 1
                    set skip 0
                    continue
                end
                if string match -q -- '--*=*' $w
                    continue
                end
                if string match -q -- '-*' $w
                    __\(p)_takes_value "$key" $w; and set skip 1
                    continue
                end
                if contains -- $w (string split ' ' -- (__\(p)_subs "$key"))
                    set key (string trim -- "$key $w")
                end
            end
            echo $key
        end

        function __\(p)_at
            test (__\(p)_path) = "$argv[1]"
        end

        complete -c \(name) -f

        """
        for node in nodes(program) {
            let at = "__\(p)_at \(quoted(node.key))"
            for sub in node.subcommands {
                out += "complete -c \(name) -n \(quoted(at)) -a \(quoted(sub.path.last ?? "")) -d \(quoted(sub.abstract))\n"
            }
            for option in node.options {
                var line = "complete -c \(name) -n \(quoted(at))"
                for spelling in option.spellings {
                    line += spelling.hasPrefix("--") ? " -l \(spelling.dropFirst(2))" : " -s \(spelling.dropFirst())"
                }
                switch option.completion {
                case _ where option.isFlag: break
                case .none: line += " -x"
                case .file: line += " -r -F"
                case .directory: line += " -x -a '(__fish_complete_directories)'"
                case let .choices(words): line += " -x -a \(quoted(words.joined(separator: " ")))"
                }
                out += line + " -d \(quoted(option.help))\n"
            }
        }
        return out
    }

}
