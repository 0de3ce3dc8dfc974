# Sourced by the comparison scripts (after they set $work, a scratch folder).
#
# measure NAME RUNS COMMAND...: the fastest of RUNS runs (the machine is shared; the fastest is
# the least disturbed) with the CPU time (user + system) of that run, and the largest peak
# resident memory seen (GNU time), as a Markdown table row.
measure() {
    local name=$1 runs=$2; shift 2
    local best="" cpu="" peak=0
    for _ in $(seq "$runs"); do
        if ! /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>"$work/err"; then
            printf '| %-44s | failed: %s |\n' "$name" "$(head -c 120 "$work/err" | tr '\n' ' ')"
            return
        fi
        read -r seconds user system kib <"$work/time"
        if [ -z "$best" ] || awk "BEGIN { exit !($seconds < $best) }"; then
            best=$seconds
            cpu=$(awk "BEGIN { printf \"%.2f\", $user + $system }")
        fi
        [ "$kib" -gt "$peak" ] && peak=$kib
    done
    printf '| %-44s | %8s s | %8s s | %7.1f MiB | %d |\n' "$name" "$best" "$cpu" "$(awk "BEGIN { print $peak / 1024 }")" "$runs"
}
