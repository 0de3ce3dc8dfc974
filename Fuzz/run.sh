#!/usr/bin/env bash
# Builds every fuzz target (release, libFuzzer + AddressSanitizer) and runs each for
# FUZZ_SECONDS (default 60) on a copy of its seeds, FUZZ_JOBS targets at a time (default: one a
# core). Exits non-zero on any finding (crash, leak, timeout, out-of-memory, differential
# mismatch) and leaves the reproducer under Fuzz/findings/<target>/. See Fuzz/README.md.
#
#   FUZZ_SECONDS=20 bash Fuzz/run.sh                  # every target, 20 s each
#   FUZZ_TARGETS="FuzzJSON FuzzRoundTrip" bash Fuzz/run.sh
#   FUZZ_JOBS=1 FUZZ_ARGS="-jobs=2 -workers=2" bash Fuzz/run.sh   # extra libFuzzer flags
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
# The runs are one process each and single-threaded: FUZZ_JOBS of them at a time (default: one a
# core), each with its whole FUZZ_SECONDS, its own corpus copy, log and findings folder.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
if ! [[ "$jobs" =~ ^[1-9][0-9]*$ ]]; then echo "!! FUZZ_JOBS must be a whole number from 1, not '$jobs'" >&2; exit 2; fi
corpora=../shared/corpora   # the public corpora, added to the seeds when present

# target | dictionaries (Fuzz/dictionaries/*.dict) | seed folders (Fuzz/seeds/*)
targets=(
    "FuzzJSON|json|json"
    "FuzzXMLPlist|xmlplist|xmlplist"
    "FuzzBinaryPlist|bplist|bplist"
    "FuzzCSV|csv|csv"
    "FuzzCSVInfer|csv|csv"
    "FuzzPlistLint|xmlplist bplist|xmlplist bplist"
    "FuzzModels|json csv xmlplist bplist|json csv xmlplist bplist"
    "FuzzRoundTrip|json xmlplist bplist|json xmlplist bplist"
    "FuzzStreamTree|json xmlplist bplist|json xmlplist bplist"
    "FuzzCSVRoundTrip|csv|csv"
    "FuzzCSVStream|csv json|csvstream csv json"
    "FuzzCSVCoder||csvcoder"
    "FuzzEdit|json xmlplist bplist|json xmlplist bplist"
    "FuzzXMLScan|xmlplist|xmlplist"
)

# The public corpora for each seed folder (read only; copied like the seeds).
extra_seeds() {
    [ -d "$corpora" ] || return 0
    case $1 in
        json) echo "$corpora/json/test_parsing" ;;
        xmlplist) echo "$corpora/plist/libplist/test/data $corpora/plist/swift-foundation $corpora/plist/libplist/fuzz/xplist-crashes $corpora/plist/libplist/fuzz/xplist-leaks" ;;
        bplist) echo "$corpora/plist/pyinvalid $corpora/plist/libplist/fuzz/bplist-crashes $corpora/plist/libplist/fuzz/bplist-leaks" ;;
        csv) echo "$corpora/csv/csv-spectrum/csvs" ;;
    esac
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== building the fuzz targets (release, -sanitize=fuzzer,address)"
start=$(date +%s)
build=(swift build --package-path Fuzz --scratch-path Fuzz/.build -c release
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
build_status=0
"${build[@]}" >"$work/build.log" 2>&1 || build_status=$?
# gold warns once a link about an ASan symbol it cannot export; harmless.
grep -v "Cannot export local symbol '__asan_extra_spill_area'" "$work/build.log" || true
if [ "$build_status" -ne 0 ]; then echo "!! the fuzz build failed"; exit "$build_status"; fi
bin=$("${build[@]}" --show-bin-path)
echo "== fuzz build took $(( $(date +%s) - start )) s"

# Swift's crash handler and ASan fight (a bogus stack-buffer-underflow): let ASan report.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}

# run_target TARGET: runs it on its prepared corpus; writes the exit status beside its log.
run_target() {
    local target=$1 status=0
    "$bin/$target" "$work/$target/corpus" -dict="$work/$target.dict" -max_total_time="$seconds" \
        -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
        -artifact_prefix="Fuzz/findings/$target/" ${FUZZ_ARGS:-} >"$work/$target.log" 2>&1 || status=$?
    echo "$status" >"$work/$target.status"
}

chosen=()
for entry in "${targets[@]}"; do
    IFS='|' read -r target dicts seeds <<<"$entry"
    if [ -n "${FUZZ_TARGETS:-}" ] && [[ " $FUZZ_TARGETS " != *" $target "* ]]; then continue; fi
    chosen+=("$target")
    corpus="$work/$target/corpus"
    mkdir -p "$corpus" "Fuzz/findings/$target"
    for folder in $seeds; do
        cp Fuzz/seeds/"$folder"/* "$corpus"/ 2>/dev/null || true
        for extra in $(extra_seeds "$folder"); do
            [ -d "$extra" ] && find "$extra" -maxdepth 1 -type f -size -64k -exec cp -t "$corpus"/ {} +
        done
    done
    dict="$work/$target.dict"
    cat Fuzz/dictionaries/unicode.inc >"$dict"
    for name in $dicts; do cat "Fuzz/dictionaries/$name.dict" >>"$dict"; done

    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    echo "== $target: ${seconds} s on $(ls "$corpus" | wc -l) seeds"
    run_target "$target" &
done
wait

failed=()
summary=()
for target in "${chosen[@]}"; do
    log="$work/$target.log"
    status=$(cat "$work/$target.status" 2>/dev/null || echo "?")
    runs=$(grep -oE '^Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' || echo "?")
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo "?")
    rate=$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo "?")
    if [ "$status" != 0 ]; then
        failed+=("$target")
        summary+=("$target: FINDING (exit $status); reproducer in Fuzz/findings/$target/")
        echo "!! $target found something (exit $status); the end of its log:"
        tail -60 "$log"
    else
        summary+=("$target: $runs runs, $rate exec/s, cov $cov")
    fi
done

echo "== fuzz summary (${seconds} s a target)"
printf '   %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "== findings in: ${failed[*]}; replay one with: SWIFT_BACKTRACE=enable=no $bin/<target> Fuzz/findings/<target>/<file>"
    exit 1
fi
