#!/usr/bin/env bash
# Coverage-guided fuzzing of a C core (Hue's by default, every source csrc/cores.py lists) with
# libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   bash scripts/fuzz.sh [--core NAME] [--save-crashes] [--coverage] [SECONDS]  (default 60)
#
# Builds fuzz/NAME_fuzz.c (NAME is hue_core, or linja_core ...) with clang,
# runs it for SECONDS on one worker over a copy of fuzz/corpus/NAME/ (an
# empty corpus when there is none) in a temporary directory (the repo is
# never modified), and reports executions per second.  Exits non-zero on
# any crash, leak, sanitizer report, broken invariant or hang.
#   --save-crashes  copy the failing input into fuzz/crashes/ (give it a name
#                   saying what broke; fuzz/make_corpus.py then adds it to
#                   the corpus as a regression)
#   --coverage      afterwards, replay the grown corpus through a build with
#                   source-based coverage and print llvm-cov's report of
#                   the core's sources (lines and branches)
set -euo pipefail

usage() {
    echo "usage: bash scripts/fuzz.sh [--core NAME] [--save-crashes] [--coverage] [SECONDS]" >&2
    exit 2
}

seconds=60 save=0 coverage=0 core=hue_core
while (($#)); do
    arg=$1
    shift
    case "$arg" in
        --core)
            (($#)) || usage
            core=$1
            shift
            ;;
        --save-crashes) save=1 ;;
        --coverage) coverage=1 ;;
        *[!0-9]* | '') usage ;;
        *) seconds=$arg ;;
    esac
done
[ "$seconds" -ge 1 ] || usage
case "$core" in *[!a-z_]* | '') usage ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cc=${CC_FUZZ:-clang}
command -v "$cc" > /dev/null || {
    echo "fuzz.sh: $cc not found: libFuzzer needs clang (set CC_FUZZ to another clang)" >&2
    exit 1
}
work=$(mktemp -d "${TMPDIR:-/tmp}/hue-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT

target="fuzz/${core}_fuzz.c"
[ -e "$target" ] || { echo "fuzz.sh: no fuzz target $target" >&2; exit 1; }
mapfile -t library < <(python csrc/cores.py sources "$core")  # the core's sources (csrc/cores.py)
sources=("${library[@]}" "$target")
"$cc" -std=c99 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Icsrc "${sources[@]}" -o "$work/${core}_fuzz"

mkdir "$work/corpus" "$work/artifacts"
if [ -d "fuzz/corpus/$core" ]; then
    cp "fuzz/corpus/$core"/* "$work/corpus/"
fi

echo "fuzz.sh: fuzzing ${library[*]} for ${seconds}s ($(ls "$work/corpus" | wc -l) seed inputs)"
status=0
ASAN_OPTIONS=detect_leaks=1 "$work/${core}_fuzz" "$work/corpus" \
    -max_total_time="$seconds" -timeout=60 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" > "$work/log" 2>&1 || status=$?

rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log")
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
if [ "$status" -ne 0 ]; then
    grep -E "${core}_fuzz:|ERROR:|runtime error:|SUMMARY:|#[0-9]+ 0x" "$work/log" | head -40 >&2
    for artifact in "$work"/artifacts/*; do
        [ -e "$artifact" ] || continue
        if [ "$save" -eq 1 ]; then
            mkdir -p fuzz/crashes
            cp "$artifact" fuzz/crashes/
            echo "fuzz.sh: saved fuzz/crashes/$(basename "$artifact")" >&2
        else
            echo "fuzz.sh: failing input (base64): $(base64 -w0 "$artifact")" >&2
        fi
    done
    echo "fuzz.sh: FAILED after ${runs:-?} executions (${rate:-?} exec/s); log tail:" >&2
    tail -5 "$work/log" >&2
    exit 1
fi
echo "fuzz.sh: clean: ${runs} executions in ${seconds}s, ${rate} exec/s," \
    "corpus grew to $(ls "$work/corpus" | wc -l) inputs"

if [ "$coverage" -eq 1 ]; then
    version=$("$cc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
    profdata=$(command -v "llvm-profdata-$version" || command -v llvm-profdata)
    cov=$(command -v "llvm-cov-$version" || command -v llvm-cov)
    "$cc" -std=c99 -g -O1 -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping \
        -Icsrc "${sources[@]}" -o "$work/${core}_cov"
    LLVM_PROFILE_FILE="$work/cov.profraw" "$work/${core}_cov" -runs=0 -max_len=8192 \
        "$work/corpus" > /dev/null 2>&1
    "$profdata" merge -sparse "$work/cov.profraw" -o "$work/cov.profdata"
    "$cov" report "$work/${core}_cov" -instr-profile="$work/cov.profdata" \
        -show-branch-summary "${library[@]}"
fi
