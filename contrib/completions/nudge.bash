#!/bin/bash

__nudge_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__nudge_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__nudge_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__nudge_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_nudge() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    daemon|settings|dose|call|contacts|log|symptoms|meditate|meditations|journal|meds|remind|upcoming|history|ack|backup|backups|restore|doctor|help)
        # Offer subcommand argument completions
        "_nudge_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'daemon settings dose call contacts log symptoms meditate meditations journal meds remind upcoming history ack backup backups restore doctor help' -- "${cur}"))
        ;;
    esac
}

_nudge_daemon() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --log-level)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--log-level')
        __nudge_add_completions -W 'trace'$'\n''debug'$'\n''info'$'\n''notice'$'\n''warning'$'\n''error'$'\n''critical'
        return
        ;;
    esac
}

_nudge_settings() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|get|set|reset)
        # Offer subcommand argument completions
        "_nudge_settings_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list get set reset' -- "${cur}"))
        ;;
    esac
}

_nudge_settings_list() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_settings_get() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_settings_set() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_settings_reset() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_dose() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    1|2|snooze|skip|status|test-alarm)
        # Offer subcommand argument completions
        "_nudge_dose_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W '1 2 snooze skip status test-alarm' -- "${cur}"))
        ;;
    esac
}

_nudge_dose_1() {
    repeating_flags=()
    non_repeating_flags=(--new-session --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --at)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--at')
        return
        ;;
    esac
}

_nudge_dose_2() {
    repeating_flags=()
    non_repeating_flags=(--early --extra --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --at)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--at')
        return
        ;;
    esac
}

_nudge_dose_snooze() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_dose_skip() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --reason)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--reason')
        return
        ;;
    esac
}

_nudge_dose_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_dose_test-alarm() {
    repeating_flags=()
    non_repeating_flags=(--cancel --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --in)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--in')
        return
        ;;
    esac
}

_nudge_call() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    log|remind|reminders|history|edit|delete)
        # Offer subcommand argument completions
        "_nudge_call_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'log remind reminders history edit delete' -- "${cur}"))
        ;;
    esac
}

_nudge_call_log() {
    repeating_flags=()
    non_repeating_flags=(--confirm-duplicate --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --at --duration --mood --notes)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--at')
        return
        ;;
    '--duration')
        return
        ;;
    '--mood')
        __nudge_add_completions -W 'happy'$'\n''neutral'$'\n''sad'$'\n''frustrated'$'\n''excited'
        return
        ;;
    '--notes')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __nudge_add_completions -W "$(__nudge_custom_complete ---completion call log -- positional@0 "${COMP_CWORD}" "$(__nudge_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_nudge_call_remind() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --in --on --at --note)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--in')
        return
        ;;
    '--on')
        return
        ;;
    '--at')
        return
        ;;
    '--note')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __nudge_add_completions -W "$(__nudge_custom_complete ---completion call remind -- positional@0 "${COMP_CWORD}" "$(__nudge_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_nudge_call_reminders() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|edit|cancel)
        # Offer subcommand argument completions
        "_nudge_call_reminders_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list edit cancel' -- "${cur}"))
        ;;
    esac
}

_nudge_call_reminders_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_call_reminders_edit() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --in --on --at --note)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--in')
        return
        ;;
    '--on')
        return
        ;;
    '--at')
        return
        ;;
    '--note')
        return
        ;;
    esac
}

_nudge_call_reminders_cancel() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_call_history() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __nudge_add_completions -W "$(__nudge_custom_complete ---completion call history -- positional@0 "${COMP_CWORD}" "$(__nudge_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_nudge_call_edit() {
    repeating_flags=()
    non_repeating_flags=(--confirm-duplicate --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --at --duration --mood --notes)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--at')
        return
        ;;
    '--duration')
        return
        ;;
    '--mood')
        return
        ;;
    '--notes')
        return
        ;;
    esac
}

_nudge_call_delete() {
    repeating_flags=()
    non_repeating_flags=(--yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_contacts() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|edit|remove)
        # Offer subcommand argument completions
        "_nudge_contacts_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list edit remove' -- "${cur}"))
        ;;
    esac
}

_nudge_contacts_add() {
    repeating_flags=()
    non_repeating_flags=(--no-cadence --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --every)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--every')
        return
        ;;
    esac
}

_nudge_contacts_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_contacts_edit() {
    repeating_flags=()
    non_repeating_flags=(--no-cadence --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --name --every)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--name')
        return
        ;;
    '--every')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __nudge_add_completions -W "$(__nudge_custom_complete ---completion contacts edit -- positional@0 "${COMP_CWORD}" "$(__nudge_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_nudge_contacts_remove() {
    repeating_flags=()
    non_repeating_flags=(--delete-calls --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __nudge_add_completions -W "$(__nudge_custom_complete ---completion contacts remove -- positional@0 "${COMP_CWORD}" "$(__nudge_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_nudge_log() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    symptom)
        # Offer subcommand argument completions
        "_nudge_log_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'symptom' -- "${cur}"))
        ;;
    esac
}

_nudge_log_symptom() {
    repeating_flags=()
    non_repeating_flags=(--confirm-duplicate --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --severity --notes --at)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--severity')
        return
        ;;
    '--notes')
        return
        ;;
    '--at')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __nudge_add_completions -W "$(__nudge_custom_complete ---completion log symptom -- positional@0 "${COMP_CWORD}" "$(__nudge_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_nudge_symptoms() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|edit|delete|export)
        # Offer subcommand argument completions
        "_nudge_symptoms_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list edit delete export' -- "${cur}"))
        ;;
    esac
}

_nudge_symptoms_list() {
    repeating_flags=()
    non_repeating_flags=(--json --chart --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --date --from --to --days --search)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--date')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--days')
        return
        ;;
    '--search')
        return
        ;;
    esac
}

_nudge_symptoms_edit() {
    repeating_flags=()
    non_repeating_flags=(--confirm-duplicate --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --name --severity --notes --at)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--name')
        return
        ;;
    '--severity')
        return
        ;;
    '--notes')
        return
        ;;
    '--at')
        return
        ;;
    esac
}

_nudge_symptoms_delete() {
    repeating_flags=()
    non_repeating_flags=(--yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_symptoms_export() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --date --from --to --days --format --output)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--date')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--days')
        return
        ;;
    '--format')
        __nudge_add_completions -W 'csv'$'\n''markdown'$'\n''html'
        return
        ;;
    '--output')
        return
        ;;
    esac
}

_nudge_meditate() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    start|stop|status)
        # Offer subcommand argument completions
        "_nudge_meditate_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'start stop status' -- "${cur}"))
        ;;
    esac
}

_nudge_meditate_start() {
    repeating_flags=()
    non_repeating_flags=(--detach --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --delay --interval --ambient)
    __nudge_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--delay')
        return
        ;;
    '--interval')
        return
        ;;
    '--ambient')
        return
        ;;
    esac
}

_nudge_meditate_stop() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_meditate_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_meditations() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|delete)
        # Offer subcommand argument completions
        "_nudge_meditations_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add delete' -- "${cur}"))
        ;;
    esac
}

_nudge_meditations_list() {
    repeating_flags=()
    non_repeating_flags=(--json --calendar --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --since --year)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--since')
        return
        ;;
    '--year')
        return
        ;;
    esac
}

_nudge_meditations_add() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --at --minutes)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--at')
        return
        ;;
    '--minutes')
        return
        ;;
    esac
}

_nudge_meditations_delete() {
    repeating_flags=()
    non_repeating_flags=(--yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_journal() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|show|edit|reflect|delete|export)
        # Offer subcommand argument completions
        "_nudge_journal_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list show edit reflect delete export' -- "${cur}"))
        ;;
    esac
}

_nudge_journal_add() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --type --at --dose --intentions --environment --music --mood-before --mood-after)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--type')
        __nudge_add_completions -W 'iv'$'\n''im'$'\n''oral'$'\n''lozenge'$'\n''at-home'$'\n''clinic'
        return
        ;;
    '--at')
        return
        ;;
    '--dose')
        return
        ;;
    '--intentions')
        return
        ;;
    '--environment')
        return
        ;;
    '--music')
        return
        ;;
    '--mood-before')
        return
        ;;
    '--mood-after')
        return
        ;;
    esac
}

_nudge_journal_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_journal_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_journal_edit() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --type --at --dose --intentions --environment --music --mood-before --mood-after)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--type')
        __nudge_add_completions -W 'iv'$'\n''im'$'\n''oral'$'\n''lozenge'$'\n''at-home'$'\n''clinic'
        return
        ;;
    '--at')
        return
        ;;
    '--dose')
        return
        ;;
    '--intentions')
        return
        ;;
    '--environment')
        return
        ;;
    '--music')
        return
        ;;
    '--mood-before')
        return
        ;;
    '--mood-after')
        return
        ;;
    esac
}

_nudge_journal_reflect() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --text)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--text')
        return
        ;;
    esac
}

_nudge_journal_delete() {
    repeating_flags=()
    non_repeating_flags=(--yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_journal_export() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --format --output)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--format')
        __nudge_add_completions -W 'markdown'$'\n''json'
        return
        ;;
    '--output')
        return
        ;;
    esac
}

_nudge_meds() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|edit|remove|taken|history)
        # Offer subcommand argument completions
        "_nudge_meds_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list edit remove taken history' -- "${cur}"))
        ;;
    esac
}

_nudge_meds_add() {
    repeating_flags=()
    non_repeating_flags=(--custom --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --dose --formulation --at --days)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--dose')
        return
        ;;
    '--formulation')
        return
        ;;
    '--at')
        return
        ;;
    '--days')
        return
        ;;
    esac
}

_nudge_meds_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_meds_edit() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --dose --formulation --at --days)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--dose')
        return
        ;;
    '--formulation')
        return
        ;;
    '--at')
        return
        ;;
    '--days')
        return
        ;;
    esac
}

_nudge_meds_remove() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_meds_taken() {
    repeating_flags=()
    non_repeating_flags=(--custom --confirm-duplicate --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --dose --at)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--dose')
        return
        ;;
    '--at')
        return
        ;;
    esac
}

_nudge_meds_history() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --days)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--days')
        return
        ;;
    esac
}

_nudge_remind() {
    repeating_flags=()
    non_repeating_flags=(--daily --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --every --on --in --weekly --monthly --at --until --count --import)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--every')
        return
        ;;
    '--on')
        return
        ;;
    '--in')
        return
        ;;
    '--weekly')
        return
        ;;
    '--monthly')
        return
        ;;
    '--at')
        return
        ;;
    '--until')
        return
        ;;
    '--count')
        return
        ;;
    '--import')
        return
        ;;
    esac
}

_nudge_upcoming() {
    repeating_flags=()
    non_repeating_flags=(--json --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --limit --from --format --days --output)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--limit')
        return
        ;;
    '--from')
        return
        ;;
    '--format')
        __nudge_add_completions -W 'ics'
        return
        ;;
    '--days')
        return
        ;;
    '--output')
        return
        ;;
    esac
}

_nudge_history() {
    repeating_flags=()
    non_repeating_flags=(--json --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--store --since)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--since')
        return
        ;;
    esac
}

_nudge_ack() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_backup() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store --output)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    '--output')
        return
        ;;
    esac
}

_nudge_backups() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_restore() {
    repeating_flags=()
    non_repeating_flags=(--latest --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_doctor() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--store)
    __nudge_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store')
        return
        ;;
    esac
}

_nudge_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __nudge_offer_flags_options -1
}

complete -o filenames -o nosort -F _nudge nudge
