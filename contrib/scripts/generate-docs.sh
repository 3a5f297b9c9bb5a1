#!/bin/sh
# Regenerates what is generated from the command definitions: the man pages in man/ (all but the
# hand-written nudge.5), the help dump they come from, and the completion scripts. A test fails
# when the committed files drift from what this makes now.
set -eu
cd "$(dirname "$0")/../.."
# Pinned, so that regenerating changes nothing but what changed.
date=2026-11-21
rm -f man/nudge.*.1 man/nudge-*.1
swift package --allow-writing-to-package-directory generate-manual --multi-page --date "$date" --output-directory man
# groff warns about empty lines in mdoc; a paragraph break there is .Pp.
for page in man/nudge*.1; do sed -i 's/^$/.Pp/' "$page"; done
# There is no `nudge help` (it is refused: --help is the help), so no page for it.
rm -f man/nudge.help.1
sed -i '/^\.Xr nudge\.help 1 ,$/d' man/nudge.1
# A subcommand's page is named as `man nudge-call-log` finds it (as git-log's): with dashes, in
# its file name, its NAME (whatis cannot read a name with a space in it), its title and every
# SEE ALSO. Its synopsis still says the command as it is typed (nudge call log).
for page in man/nudge.*.1; do
    name=$(basename "$page" .1 | tr . -)
    command=$(basename "$page" .1 | tr . ' ')
    sed -i "s|^\.Nm \"$command\"\$|.Nm $name|; /^\.Sh SYNOPSIS/,\$ s|^\.Nm\$|.Nm \"$command\"|" "$page"
    mv "$page" "man/$name.1"
done
for page in man/nudge*.1; do sed -i ':dot; s/^\(\.\(Dt\|Xr\) [^ .]*\)\./\1-/; t dot' "$page"; done
# ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES, which generate-manual does not write.
python3 contrib/man/add-sections.py
swift build --product nudge
binary=$(swift build --product nudge --show-bin-path)/nudge
"$binary" --experimental-dump-help > man/dump-help.json
"$binary" --generate-completion-script bash > contrib/completions/nudge.bash
"$binary" --generate-completion-script zsh > contrib/completions/_nudge
"$binary" --generate-completion-script fish > contrib/completions/nudge.fish
echo "regenerated man/ and contrib/completions/"
