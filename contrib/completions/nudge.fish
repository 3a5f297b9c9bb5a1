function __nudge_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __nudge_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __nudge_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __nudge_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __nudge_parse_tokens -S
    set -l unparsed_tokens (__nudge_tokens -pc)
    switch $unparsed_tokens[1]
    case 'nudge'
        __nudge_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'daemon'
            __nudge_parse_subcommand 0 'store=' 'log-level=' 'version' 'h/help'
        case 'settings'
            __nudge_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __nudge_parse_subcommand 0 'store=' 'version' 'h/help'
            case 'get'
                __nudge_parse_subcommand 1 'store=' 'version' 'h/help'
            case 'set'
                __nudge_parse_subcommand -r 2 'store=' 'version' 'h/help'
            case 'reset'
                __nudge_parse_subcommand 1 'store=' 'version' 'h/help'
            end
        case 'dose'
            __nudge_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case '1'
                __nudge_parse_subcommand 0 'store=' 'at=' 'new-session' 'version' 'h/help'
            case '2'
                __nudge_parse_subcommand 0 'store=' 'at=' 'early' 'extra' 'version' 'h/help'
            case 'snooze'
                __nudge_parse_subcommand 0 'store=' 'version' 'h/help'
            case 'skip'
                __nudge_parse_subcommand 0 'store=' 'reason=' 'version' 'h/help'
            case 'status'
                __nudge_parse_subcommand 0 'store=' 'json' 'version' 'h/help'
            case 'test-alarm'
                __nudge_parse_subcommand 0 'store=' 'in=' 'version' 'h/help'
            end
        case 'call'
            __nudge_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'log'
                __nudge_parse_subcommand 1 'store=' 'at=' 'duration=' 'mood=' 'notes=' 'version' 'h/help'
            case 'remind'
                __nudge_parse_subcommand 1 'store=' 'in=' 'on=' 'at=' 'note=' 'version' 'h/help'
            case 'reminders'
                __nudge_parse_subcommand 0 'store=' 'json' 'version' 'h/help'
            case 'history'
                __nudge_parse_subcommand 1 'store=' 'json' 'version' 'h/help'
            case 'delete'
                __nudge_parse_subcommand 1 'store=' 'yes' 'version' 'h/help'
            end
        case 'contacts'
            __nudge_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'add'
                __nudge_parse_subcommand 1 'store=' 'every=' 'version' 'h/help'
            case 'list'
                __nudge_parse_subcommand 0 'store=' 'json' 'version' 'h/help'
            case 'edit'
                __nudge_parse_subcommand 1 'store=' 'name=' 'every=' 'no-cadence' 'version' 'h/help'
            case 'remove'
                __nudge_parse_subcommand 1 'store=' 'delete-calls' 'version' 'h/help'
            end
        case 'log'
            __nudge_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'symptom'
                __nudge_parse_subcommand 1 'store=' 'severity=' 'notes=' 'at=' 'version' 'h/help'
            end
        case 'symptoms'
            __nudge_parse_subcommand 0 'store=' 'date=' 'json' 'version' 'h/help'
        case 'meditate'
            __nudge_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'start'
                __nudge_parse_subcommand 1 'store=' 'delay=' 'interval=' 'detach' 'version' 'h/help'
            case 'stop'
                __nudge_parse_subcommand 0 'store=' 'version' 'h/help'
            case 'status'
                __nudge_parse_subcommand 0 'store=' 'json' 'version' 'h/help'
            end
        case 'meditations'
            __nudge_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __nudge_parse_subcommand 0 'store=' 'json' 'since=' 'version' 'h/help'
            case 'add'
                __nudge_parse_subcommand 0 'store=' 'at=' 'minutes=' 'version' 'h/help'
            case 'delete'
                __nudge_parse_subcommand 1 'store=' 'version' 'h/help'
            end
        case 'journal'
            __nudge_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'add'
                __nudge_parse_subcommand 0 'store=' 'type=' 'at=' 'dose=' 'intentions=' 'environment=' 'music=' 'mood-before=' 'mood-after=' 'version' 'h/help'
            case 'list'
                __nudge_parse_subcommand 0 'store=' 'json' 'version' 'h/help'
            case 'show'
                __nudge_parse_subcommand 1 'store=' 'json' 'version' 'h/help'
            case 'edit'
                __nudge_parse_subcommand 1 'store=' 'type=' 'at=' 'dose=' 'intentions=' 'environment=' 'music=' 'mood-before=' 'mood-after=' 'version' 'h/help'
            case 'reflect'
                __nudge_parse_subcommand 1 'store=' 'text=' 'version' 'h/help'
            case 'delete'
                __nudge_parse_subcommand 1 'store=' 'yes' 'version' 'h/help'
            case 'export'
                __nudge_parse_subcommand 0 'store=' 'format=' 'output=' 'version' 'h/help'
            end
        case 'upcoming'
            __nudge_parse_subcommand 0 'store=' 'json' 'limit=' 'from=' 'version' 'h/help'
        case 'history'
            __nudge_parse_subcommand 0 'store=' 'json' 'since=' 'version' 'h/help'
        case 'ack'
            __nudge_parse_subcommand 2 'store=' 'version' 'h/help'
        case 'doctor'
            __nudge_parse_subcommand 0 'store=' 'version' 'h/help'
        case 'help'
            __nudge_parse_subcommand -r 1 'version'
        end
    end
end

function __nudge_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __nudge_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __nudge_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __nudge_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__nudge_tokens -p)
    if test -z "$(__nudge_tokens -t)"
        set -l index (count (__nudge_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'nudge' -f
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'daemon' -d 'Run the reminder daemon in the foreground.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'settings' -d 'Show or change reminder settings; a running daemon follows at once.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'dose' -d 'Record dose 1, dose 2, a snooze or a skip, exactly as the notification buttons and DoseTap do.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'call' -d 'Log calls and ask to be reminded of one.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'contacts' -d 'Add, list, edit and remove the people to stay in touch with.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'log' -d 'Record something in the store.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'symptoms' -d 'List one local day\'s symptom entries, newest first.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'meditate' -d 'Meditate: the daemon rings the start, interval and end bells at their instants and records the session.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'meditations' -d 'The meditation history: sessions newest first by day, with totals and streaks.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'journal' -d 'The therapy-session journal: sessions, the mood before and after, and reflections written later.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'upcoming' -d 'List what is due next, soonest first (the daemon decides with the same code).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'history' -d 'List what was due and shown, and how it was answered, newest first.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'ack' -d 'Answer a shown notification from the terminal, exactly as its button would.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'doctor' -d 'Check what a notification needs: the bus, the server, the store, the time zone, the daemon.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge daemon" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge daemon" log-level' -l 'log-level' -d 'What to log on stderr: trace, debug, info, notice, warning, error or critical.' -rfka 'trace debug info notice warning error critical'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge daemon" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge daemon" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge settings" -eq 1' -fa 'list' -d 'List every key with its value, default and what it accepts.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge settings" -eq 1' -fa 'get' -d 'Print one setting\'s value in force.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge settings" -eq 1' -fa 'set' -d 'Change a setting (stored in canonical form: 8pm is stored 20:00).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge settings" -eq 1' -fa 'reset' -d 'Return a setting to its default (deletes its row).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings list" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings list" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings get" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings get" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings set" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings set" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings reset" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings reset" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge settings reset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge dose" -eq 1' -fa '1' -d 'Record dose 1 and start a session.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge dose" -eq 1' -fa '2' -d 'Record dose 2 (the Take dose 2 button).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge dose" -eq 1' -fa 'snooze' -d 'Move the dose-2 alarm by dose.snooze_duration_minutes (the Snooze button).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge dose" -eq 1' -fa 'skip' -d 'Skip dose 2 tonight (the Skip dose 2 button).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge dose" -eq 1' -fa 'status' -d 'Show the dose-2 window: phase, times, alarm, snoozes, whether a snooze is possible, time left.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge dose" -eq 1' -fa 'test-alarm' -d 'Have the running daemon ring the dose-2 alarm once, exactly as a real one rings; nothing is recorded.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 1" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 1" at' -l 'at' -d 'When it was taken: 22:10 (the latest 22:10 that has passed: at 01:30, last night), 2026-11-21T22:10 (local), or ISO 8601 with an offset; at most 12 hours ago (default: now).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 1" new-session' -l 'new-session' -d 'Start a new session even though one is open.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 1" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 1" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 2" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 2" at' -l 'at' -d 'When it was taken: 00:55 (the latest 00:55 that has passed), 2026-11-22T00:55 (local), or ISO 8601 with an offset; at most 12 hours ago (default: now).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 2" early' -l 'early' -d 'Take it before the window opens (recorded with is_early).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 2" extra' -l 'extra' -d 'Record a dose after dose 2 (extra_dose).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 2" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose 2" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose snooze" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose snooze" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose snooze" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose skip" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose skip" reason' -l 'reason' -d 'Why, kept with the record (at most 500 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose skip" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose skip" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose status" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose status" json' -l 'json' -d 'Print one JSON object; every key in every phase, null when it does not apply (nudge(5)).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose status" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose test-alarm" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose test-alarm" in' -l 'in' -d 'When: 30s, 2m, 1h, or a number of minutes (5 s to 24 h).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose test-alarm" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge dose test-alarm" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge call" -eq 1' -fa 'log' -d 'Log a call (it restarts the contact\'s cadence).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge call" -eq 1' -fa 'remind' -d 'Be reminded to call someone in N days or on a day.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge call" -eq 1' -fa 'reminders' -d 'List the one-off call reminders still open.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge call" -eq 1' -fa 'history' -d 'List the calls, newest first, with duration, mood, notes and each call\'s id.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge call" -eq 1' -fa 'delete' -d 'Delete a call as the Monica client does: marked deleted and pending sync, never removed.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call log" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call log" at' -l 'at' -d 'When: 14:30 (the latest 14:30 that has passed), 2026-11-21T14:30 (local), or ISO 8601 with an offset; at most 366 days ago (default: now).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call log" duration' -l 'duration' -d 'How long, in minutes (0-1440).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call log" mood' -l 'mood' -d 'happy, neutral, sad, frustrated or excited.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call log" notes' -l 'notes' -d 'Anything worth remembering (at most 5000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call log" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call log" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call remind" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call remind" in' -l 'in' -d 'In this many days (0-3650).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call remind" on' -l 'on' -d 'On this day, YYYY-MM-DD (today or later).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call remind" at' -l 'at' -d 'At this local time (default: call.reminder_time); alone, the next time it comes.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call remind" note' -l 'note' -d 'What to show (at most 5000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call remind" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call remind" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call reminders" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call reminders" json' -l 'json' -d 'Print one JSON array.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call reminders" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call reminders" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call history" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call history" json' -l 'json' -d 'Print one JSON array.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call history" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call delete" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call delete" yes' -l 'yes' -d 'Delete without asking.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call delete" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge call delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge contacts" -eq 1' -fa 'add' -d 'Add a contact, optionally with a stay-in-touch cadence.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge contacts" -eq 1' -fa 'list' -d 'List contacts with their last call, cadence and next due reminder.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge contacts" -eq 1' -fa 'edit' -d 'Rename a contact or change its cadence.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge contacts" -eq 1' -fa 'remove' -d 'Remove a contact and its one-off reminders.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts add" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts add" every' -l 'every' -d 'Remind to call every this many days (1-3650).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts add" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts list" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts list" json' -l 'json' -d 'Print one JSON array.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts list" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts edit" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts edit" name' -l 'name' -d 'A new name.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts edit" every' -l 'every' -d 'Remind to call every this many days (1-3650).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts edit" no-cadence' -l 'no-cadence' -d 'No cadence: no reminders unless asked with \'nudge call remind\'.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts edit" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts edit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts remove" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts remove" delete-calls' -l 'delete-calls' -d 'Also delete the contact\'s logged calls.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts remove" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge contacts remove" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge log" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge log" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge log" -eq 1' -fa 'symptom' -d 'Add an entry to the symptom diary.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge log symptom" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge log symptom" severity' -l 'severity' -d 'How strong, from 1 (mild) to 5 (severe).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge log symptom" notes' -l 'notes' -d 'Anything else worth remembering (at most 5000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge log symptom" at' -l 'at' -d 'When it was felt: 19:05 (the latest 19:05 that has passed), 2026-11-21T19:05 (local), or ISO 8601 with an offset; at most 48 hours ago (default: now).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge log symptom" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge log symptom" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge symptoms" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge symptoms" date' -l 'date' -d 'The day: YYYY-MM-DD, today or yesterday.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge symptoms" json' -l 'json' -d 'Print one JSON array.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge symptoms" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge symptoms" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge meditate" -eq 1' -fa 'start' -d 'Start a session (the default: nudge meditate 20m).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge meditate" -eq 1' -fa 'stop' -d 'End the running session now: kept as ended early when it lasted a minute, dropped otherwise.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge meditate" -eq 1' -fa 'status' -d 'Show the running session: elapsed and left.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate start" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate start" delay' -l 'delay' -d 'Seconds of settling before the start bell, not counted: 0 to 120 (default: meditation.start_delay_seconds).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate start" interval' -l 'interval' -d 'Minutes between interval bells, shorter than the session; 0 for none (default: meditation.interval_minutes).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate start" detach' -l 'detach' -d 'Return at once; the daemon keeps the time.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate start" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate start" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate stop" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate stop" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate stop" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate status" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate status" json' -l 'json' -d 'Print one JSON object (null when nothing runs).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate status" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditate status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge meditations" -eq 1' -fa 'list' -d 'List the sessions (the default: nudge meditations).'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge meditations" -eq 1' -fa 'add' -d 'Record a session done elsewhere (source manual), completed.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge meditations" -eq 1' -fa 'delete' -d 'Delete one session from the history.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations list" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations list" json' -l 'json' -d 'Print one JSON object: {"sessions": [...], "totals": {...}}.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations list" since' -l 'since' -d 'From a local date on: YYYY-MM-DD.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations list" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations add" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations add" at' -l 'at' -d 'When it began: a local time such as 22:10 or 10pm, a local date and time such as 2026-11-21T22:10, or ISO 8601 with an offset such as 2026-11-21T22:10:00-05:00.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations add" minutes' -l 'minutes' -d 'How long, in minutes: 1 to 240.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations add" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations delete" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations delete" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge meditations delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge journal" -eq 1' -fa 'add' -d 'Add a session.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge journal" -eq 1' -fa 'list' -d 'List the sessions, newest first, with the mood before and after and how many reflections.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge journal" -eq 1' -fa 'show' -d 'Show one session: every field and its dated reflections.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge journal" -eq 1' -fa 'edit' -d 'Change fields of a session.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge journal" -eq 1' -fa 'reflect' -d 'Add a dated reflection to a session.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge journal" -eq 1' -fa 'delete' -d 'Delete a session with its reflections.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_positional "nudge journal" -eq 1' -fa 'export' -d 'Export every session and reflection, for the person or their therapist.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" type' -l 'type' -d 'The treatment: iv, im, oral, lozenge, at-home or clinic.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" at' -l 'at' -d 'When the session began: a local time such as 22:10 or 10pm, a local date and time such as 2026-11-21T22:10, or ISO 8601 with an offset such as 2026-11-21T22:10:00-05:00 (default now; a future time is accepted with a warning).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" dose' -l 'dose' -d 'The dose, as free text (at most 200 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" intentions' -l 'intentions' -d 'Intentions for the session (at most 5,000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" environment' -l 'environment' -d 'Set and setting: where, lighting, comfort (at most 5,000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" music' -l 'music' -d 'Music: playlist or pieces (at most 5,000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" mood-before' -l 'mood-before' -d 'Mood before the session, 1 to 10.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" mood-after' -l 'mood-after' -d 'Mood after the session, 1 to 10.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal list" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal list" json' -l 'json' -d 'Print one JSON array.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal list" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal show" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal show" json' -l 'json' -d 'Print one JSON object.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal show" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" type' -l 'type' -d 'The treatment: iv, im, oral, lozenge, at-home or clinic.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" at' -l 'at' -d 'When the session began: a local time such as 22:10 or 10pm, a local date and time such as 2026-11-21T22:10, or ISO 8601 with an offset such as 2026-11-21T22:10:00-05:00 (default now; a future time is accepted with a warning).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" dose' -l 'dose' -d 'The dose, as free text (at most 200 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" intentions' -l 'intentions' -d 'Intentions for the session (at most 5,000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" environment' -l 'environment' -d 'Set and setting: where, lighting, comfort (at most 5,000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" music' -l 'music' -d 'Music: playlist or pieces (at most 5,000 characters).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" mood-before' -l 'mood-before' -d 'Mood before the session, 1 to 10.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" mood-after' -l 'mood-after' -d 'Mood after the session, 1 to 10.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal edit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal reflect" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal reflect" text' -l 'text' -d 'The reflection (1 to 20,000 characters; newlines and tabs kept).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal reflect" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal reflect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal delete" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal delete" yes' -l 'yes' -d 'Delete without asking.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal delete" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal export" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal export" format' -l 'format' -d 'markdown or json.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal export" output' -l 'output' -d 'Write to this file instead of standard output.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal export" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge journal export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge upcoming" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge upcoming" json' -l 'json' -d 'Print one JSON array.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge upcoming" limit' -l 'limit' -d 'How many to list (1-10000).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge upcoming" from' -l 'from' -d 'List as of another instant: a local date and time (2026-11-21T19:05), or ISO 8601 with an offset.' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge upcoming" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge upcoming" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge history" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge history" json' -l 'json' -d 'Print one JSON array.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge history" since' -l 'since' -d 'From when: YYYY-MM-DD (local midnight), a local date and time, a time (the latest that has passed), or ISO 8601 with an offset (default: 7 days ago).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge history" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge ack" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge ack" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge ack" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge doctor" store' -l 'store' -d 'The store to use (default: $NUDGE_STORE, else $XDG_DATA_HOME/nudge/nudge.sqlite).' -rfka ''
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge doctor" version' -l 'version' -d 'Show the version.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'nudge' -n '__nudge_should_offer_completions_for_flags_or_options "nudge help" version' -l 'version' -d 'Show the version.'
