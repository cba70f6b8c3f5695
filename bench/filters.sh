# shellcheck shell=bash
# Part 4 of run.sh (sourced by it): every list filter and their combinations, and search of
# one and two common words, at the largest size, on the even shape and on the skewed one
# (gen_notes.py --shape skewed: big episodes, tags on half of the notes, words in nearly all);
# then export jsonl against markdown on both. Uses run.sh's margin, hyper, q, say, generate,
# data, work_root, results, sizes, runs and warmup.
: "${margin:?}" "${data:?}" "${work_root:?}" "${results:?}" "${sizes:?}" "${runs:?}" "${warmup:?}" "${parts:?}"

largest=$(tr ' ' '\n' <<<"$sizes" | sort -n | tail -n 1)
for shape in even skewed; do
    say "4/4 every filter at $largest notes, $shape shape ($runs runs each)"
    if [ "$shape" = even ]; then
        notes=$data/notes-$largest.jsonl meta=$data/notes-$largest.meta.json
        db=$work_root/stores/notes-$largest.sqlite
    else
        notes=$data/notes-skewed-$largest.jsonl meta=$data/notes-skewed-$largest.meta.json
        db=$work_root/stores/notes-skewed-$largest.sqlite
    fi
    generate "$shape" "$largest" "$notes" "$meta"
    dir=$results/filters-$shape
    mkdir -p "$dir"
    cp "$meta" "$dir/meta.json"
    # Part 3 has just imported the even store; otherwise import it now, timed once.
    if [ "$shape" = skewed ] || [ "$parts" != all ] || [ ! -s "$db" ]; then
        rm -f "$db" "$db-wal" "$db-shm" "$db-journal"
        sync
        start=$(date +%s.%N)
        "$margin" import --db "$db" "$notes" >/dev/null
        echo "$start $(date +%s.%N)" | awk '{ printf "%.3f\n", $2 - $1 }' >"$dir/import-seconds.txt"
    fi

    m() { jq -r ".$1" "$meta"; }
    T=$(m tag) R=$(m rare_tag) S=$(m show) SS=$(m small_show) D=$(m since) B=$(m big_episode) E=$(m list_episode)
    # name, then margin's arguments after `--db DB`; names say what each value is, not the value.
    queries=(
        "list --limit 20" "list --limit 20"
        "list --tag COMMON --limit 20" "list --tag $(q "$T") --limit 20"
        "list --tag RARE --limit 20" "list --tag $(q "$R") --limit 20"
        "list --show BIG --limit 20" "list --show $S --limit 20"
        "list --show SMALL --limit 20" "list --show $SS --limit 20"
        "list --since TENTH --limit 20" "list --since $D --limit 20"
        "list --episode BIG --limit 20" "list --episode $B --limit 20"
        "list --tag COMMON --show BIG --limit 20" "list --tag $(q "$T") --show $S --limit 20"
        "list --tag COMMON --show SMALL --limit 20" "list --tag $(q "$T") --show $SS --limit 20"
        "list --tag RARE --show BIG --limit 20" "list --tag $(q "$R") --show $S --limit 20"
        "list --tag COMMON --since TENTH --limit 20" "list --tag $(q "$T") --since $D --limit 20"
        "list --show BIG --since TENTH --limit 20" "list --show $S --since $D --limit 20"
        "list --tag COMMON --show BIG --since TENTH --limit 20" "list --tag $(q "$T") --show $S --since $D --limit 20"
        "list --episode BIG --tag COMMON --limit 20" "list --episode $B --tag $(q "$T") --limit 20"
        "list --episode BIG --tag RARE --limit 20" "list --episode $B --tag $(q "$R") --limit 20"
        "list --episode BIG --since TENTH --limit 20" "list --episode $B --since $D --limit 20"
        "list --episode BIG --show BIG --limit 20" "list --episode $B --show $S --limit 20"
        "list --episode EPISODE (all its notes)" "list --episode $E"
        "search COMMONEST --limit 20" "search $(q "$(m common_word)") --limit 20"
        "search TWO COMMON WORDS --limit 20" "search $(m two_words) --limit 20"
        "search MID-FREQUENCY --limit 20" "search $(q "$(m search_word)") --limit 20"
    )
    args=(-n "margin --version" "$(q "$margin") --version")
    : >"$dir/returned.jsonl"
    for ((i = 0; i < ${#queries[@]}; i += 2)); do
        name=${queries[i]} rest=${queries[i + 1]}
        command="$(q "$margin") ${rest%% *} --db $(q "$db") ${rest#* } --json"
        args+=(-n "$name" "$command")
        # What it returned, from one more run (eval: the arguments are quoted for a shell).
        jq -nc --arg name "$name" --argjson notes "$(eval "$command" | jq length)" '{name: $name, notes: $notes}' \
            >>"$dir/returned.jsonl"
    done
    hyper "filters-$shape/queries" --warmup "$warmup" --runs "$runs" "${args[@]}"
    hyper "filters-$shape/export" --warmup 1 --runs 3 \
        -n "export jsonl" "$(q "$margin") export --db $(q "$db") --format jsonl" \
        -n "export markdown" "$(q "$margin") export --db $(q "$db") --format markdown"
done
