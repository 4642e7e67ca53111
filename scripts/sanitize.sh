#!/usr/bin/env bash
# Run the grid and kernel tests (and every game's parity, C-state, line and encoding tests) against a build of
# every C core (scripts/cores.sh) instrumented with AddressSanitizer and
# UndefinedBehaviorSanitizer.
#
#   scripts/sanitize.sh [extra pytest arguments]
#
# The sanitized extensions are built into a throwaway copy of src/ under
# $TMPDIR, so the normal install is untouched, and the script checks that
# they are the ones imported.  Any sanitizer report or test failure exits non-zero.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hue-sanitize.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$root"
source scripts/cores.sh

# A copy of the package without its compiled cores, then the sanitized cores.
mkdir "$work/lib"
cp -r src/huegames "$work/lib/"
find "$work/lib" \( -name '_*_core*.so' -o -name '__pycache__' \) -prune -exec rm -rf {} +

flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g"
CFLAGS="$flags" LDFLAGS="$flags" python setup.py --quiet build_ext \
    --build-lib "$work/lib" --build-temp "$work/temp" --force
for file in "${CORE_FILES[@]}"; do
    if ! compgen -G "$work/lib/$file*.so" > /dev/null; then
        echo "sanitize.sh: the sanitized $file did not build (see the warning above)" >&2
        exit 1
    fi
done

export PYTHONPATH="$work/lib${PYTHONPATH:+:$PYTHONPATH}"
export LD_PRELOAD
LD_PRELOAD=$(gcc -print-file-name=libasan.so)
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export HUEGAMES_BACKEND=c

for module in "${CORES[@]}"; do
    core=$(python -c "import $module as core; print(core.__file__)")
    case "$core" in
        "$work"/*) echo "sanitize.sh: testing $core" ;;
        *) echo "sanitize.sh: imported $core, not the sanitized build" >&2; exit 1 ;;
    esac
done

tests=(tests/hue/test_grid.py)
for more in tests/*/test_kernel*.py tests/*/test_parity*.py tests/*/test_c_state.py \
    tests/*/test_line.py tests/{hue,linja,plank}/test_encoding.py tests/plank/test_vector.py \
    tests/hue/test_vector.py tests/vector/test_seeding.py; do
    [ -e "$more" ] && tests+=("$more")
done
log="$work/pytest.log"
status=0
# --capture=sys leaves file descriptor 2 alone, so reports from an aborting
# process reach the log; -m "" runs the slow cases too (the everyday run's
# -m 'not slow' is lifted).
python -m pytest -p no:cacheprovider --capture=sys -q -m "" "${tests[@]}" "$@" 2>&1 | tee "$log" || status=$?
if grep -qE 'ERROR: AddressSanitizer|runtime error:' "$log"; then
    echo "sanitize.sh: sanitizer report above" >&2
    exit 1
fi
exit "$status"
