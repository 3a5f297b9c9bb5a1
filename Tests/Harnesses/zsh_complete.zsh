# The candidates zsh's completion system offers when TAB is pressed at the end of a line, one
# per line, as zsh would insert them:
#   zsh -f zsh_complete.zsh DIRECTORY_WITH__nudge 'nudge log symptom He'
# An interactive zsh in a pseudo-terminal (zpty) loads compinit with the directory on its
# fpath. A compadd wrapper prints each candidate that passed zsh's own matching; completion's
# pre and post hooks print a NUL line around them, and the post hook exits the shell.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT=''; fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w z 'bindkey "^I" complete-word; zstyle ":completion:*" insert-tab false'
zpty -w z 'null-line() { print -n -- $'"'"'\0\n'"'"' }; compprefuncs=(null-line); comppostfuncs=(null-line exit)'
# -O, -A and -D only ask compadd for matches; the candidates come from the other calls.
zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a __hits; builtin compadd -A __hits "$@"; builtin compadd "$@"; (( $#__hits )) && print -rl -- "<candidate>"${^__hits}; }'
zpty -w z "$2"$'\t'
integer markers=0
while zpty -r z line; do
    if [[ $line == *$'\0'* ]]; then
        (( markers++ )) && break
        continue
    fi
    if (( markers )) && [[ $line == *'<candidate>'* ]]; then
        print -r -- ${${${line##*<candidate>}%$'\n'}%$'\r'}
    fi
done
zpty -d z
