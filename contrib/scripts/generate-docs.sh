#!/bin/sh
# Regenerates what is generated from the command definitions: the man pages in man/ (all but the
# hand-written nudge.5), the help dump they come from, and the completion scripts. A test fails
# when the committed files drift from what this makes now.
set -eu
cd "$(dirname "$0")/../.."
# Pinned, so that regenerating changes nothing but what changed.
date=2026-11-21
# The links to the pages (made below) go first: what follows edits every nudge*.1 in place.
rm -f man/nudge-*.1
swift package --allow-writing-to-package-directory generate-manual --multi-page --date "$date" --output-directory man
# groff warns about empty lines in mdoc; a paragraph break there is .Pp.
for page in man/nudge*.1; do sed -i 's/^$/.Pp/' "$page"; done
# A subcommand's NAME is its page's name (nudge.call.log): whatis cannot read a name with a
# space in it. The synopsis still says the command as it is typed (nudge call log).
for page in man/nudge.*.1; do
    name=$(basename "$page" .1)
    command=$(echo "$name" | tr . ' ')
    sed -i "s|^\.Nm \"$command\"\$|.Nm $name|; /^\.Sh SYNOPSIS/,\$ s|^\.Nm\$|.Nm \"$command\"|" "$page"
done
# There is no `nudge help` (it is refused: --help is the help), so no page for it.
rm -f man/nudge.help.1
sed -i '/^\.Xr nudge\.help 1 ,$/d' man/nudge.1
# ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES, which generate-manual does not write.
python3 contrib/man/add-sections.py
# `man nudge-daemon`, as `man git-log`: each subcommand's page under its name with dashes.
for page in man/nudge.*.1; do ln -s "$(basename "$page")" "man/$(basename "$page" .1 | tr . -).1"; done
swift build --product nudge
binary=$(swift build --product nudge --show-bin-path)/nudge
"$binary" --experimental-dump-help > man/dump-help.json
"$binary" --generate-completion-script bash > contrib/completions/nudge.bash
"$binary" --generate-completion-script zsh > contrib/completions/_nudge
"$binary" --generate-completion-script fish > contrib/completions/nudge.fish
echo "regenerated man/ and contrib/completions/"
