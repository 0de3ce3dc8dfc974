#!/usr/bin/env bash
# `serialize lint` against the bare libxml2 SAX2 parse (the floor: no callbacks, the same parser
# options; Benchmarks/Scripts/sax2-floor.c) and the same parse with empty C callbacks, on one
# generated 50 MB XML plist (generate-lint-plist.py, the shape LintBenchmarks uses). Runs the
# three in turn RUNS times (5 by default) and prints, for each, the least CPU time (user + system)
# and wall time seen, and the ratio of lint's CPU time to the floor's. Run from the repository root:
#
#     bash Benchmarks/Scripts/lint-floor-compare.sh [RUNS]
#
# SERIALIZE=path/to/serialize skips the release build; BEFORE=path/to/another/serialize times that
# one too, side by side (an earlier build, to measure a change).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
input=$work/lint-50mb.plist
[ -f "$input" ] || python3 Benchmarks/Scripts/generate-lint-plist.py "$input" 50
gcc -O2 $(xml2-config --cflags) Benchmarks/Scripts/sax2-floor.c $(xml2-config --libs) -o "$work/sax2-floor"
if [ -z "${SERIALIZE:-}" ]; then
    swift build -c release --product serialize >/dev/null
    SERIALIZE=$(swift build -c release --show-bin-path)/serialize
fi
echo "input: $(stat -c %s "$input") bytes; serialize: $SERIALIZE; load: $(cut -d' ' -f1-3 /proc/loadavg)"

declare -A cpu wall
run() {  # run NAME COMMAND...: keeps the least CPU and wall time of NAME
    local name=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>&1 || true
    read -r seconds user system <"$work/time"
    local total
    total=$(awk "BEGIN { print $user + $system }")
    if [ -z "${cpu[$name]:-}" ] || awk "BEGIN { exit !($total < ${cpu[$name]}) }"; then cpu[$name]=$total; fi
    if [ -z "${wall[$name]:-}" ] || awk "BEGIN { exit !($seconds < ${wall[$name]}) }"; then wall[$name]=$seconds; fi
}
for _ in $(seq "$runs"); do
    run floor "$work/sax2-floor" "$input"
    run callbacks "$work/sax2-floor" --callbacks "$input"
    run lint "$SERIALIZE" lint "$input"
    if [ -n "${BEFORE:-}" ]; then run before "$BEFORE" lint "$input"; fi
done
printf '| %-44s | %8s | %8s | %13s |\n' "least of $runs runs" "CPU (s)" "wall (s)" "CPU vs floor"
for name in floor callbacks ${BEFORE:+before} lint; do
    label=$name
    case $name in
        floor) label="bare libxml2 SAX2 parse (C, no callbacks)" ;;
        callbacks) label="libxml2 SAX2 with empty C callbacks" ;;
        before) label="serialize lint (BEFORE)" ;;
        lint) label="serialize lint" ;;
    esac
    printf '| %-44s | %8s | %8s | %12.2f× |\n' "$label" "${cpu[$name]}" "${wall[$name]}" "$(awk "BEGIN { print ${cpu[$name]} / ${cpu[floor]} }")"
done
