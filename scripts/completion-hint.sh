#!/usr/bin/env bash
# After `make install`: for each shell on this machine that does not look where the completions
# went (zsh's fpath lacks ~/.local/share/zsh/site-functions, for one), the line that makes it look.
#
#   scripts/completion-hint.sh BASHCOMPDIR ZSHCOMPDIR FISHCOMPDIR
#
# Prints nothing when every shell finds its file. The zsh check reads zsh's own fpath (without
# the user's ~/.zshrc), the fish one fish's completion path, the bash one the folders
# bash-completion searches.
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 BASHCOMPDIR ZSHCOMPDIR FISHCOMPDIR" >&2; exit 64; }
bash_dir=$1 zsh_dir=$2 fish_dir=$3

if command -v zsh >/dev/null 2>&1 && ! zsh -fc '(( ${fpath[(Ie)$1]} ))' zsh "$zsh_dir"; then
    echo "zsh does not look in $zsh_dir: add this line to ~/.zshrc, before compinit runs:"
    echo "  fpath=($zsh_dir \$fpath)"
fi

# shellcheck disable=SC2016 # fish's variables, for fish to expand
if command -v fish >/dev/null 2>&1 && ! fish -c 'contains -- $argv[1] $fish_complete_path' "$fish_dir" </dev/null 2>/dev/null; then
    echo "fish does not look in $fish_dir: add this line to ~/.config/fish/config.fish:"
    echo "  set -p fish_complete_path $fish_dir"
fi

# bash-completion loads a command's file on first use from the user's folder and from
# bash-completion/completions under each of XDG_DATA_DIRS.
if [ -f /usr/share/bash-completion/bash_completion ]; then
    searched=("${BASH_COMPLETION_USER_DIR:-${XDG_DATA_HOME:-${HOME:-}/.local/share}/bash-completion}/completions")
    IFS=: read -ra data_dirs <<<"${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
    for dir in "${data_dirs[@]}"; do searched+=("$dir/bash-completion/completions"); done
    found=false
    for dir in "${searched[@]}"; do [ "${dir%/}" = "${bash_dir%/}" ] && found=true; done
    if ! $found; then
        echo "bash-completion does not look in $bash_dir: add this line to ~/.bashrc:"
        echo "  source $bash_dir/margin"
    fi
fi
