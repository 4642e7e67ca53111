# Sourced by the scripts that build or check the C cores: the cores
# csrc/cores.py lists (the one place that says what each core is made of).
#
#   CORES         their modules:   huegames.hue._hue_core huegames.linja._linja_core ...
#   CORE_SOURCES  every C source:  csrc/hue_core.c csrc/hue_encode.c ... csrc/huegames.c
#   CORE_FILES    where each built core goes, without the suffix:
#                 huegames/hue/_hue_core ...
#
# A new core needs no change here: add it to csrc/cores.py.
cores_py="$(dirname "${BASH_SOURCE[0]}")/../csrc/cores.py"
mapfile -t CORES < <(python "$cores_py" modules)
mapfile -t CORE_SOURCES < <(python "$cores_py" sources)
if ((${#CORES[@]} == 0 || ${#CORE_SOURCES[@]} == 0)); then
    echo "cores.sh: csrc/cores.py lists no core" >&2
    exit 1
fi
CORE_FILES=()
for core in "${CORES[@]}"; do
    CORE_FILES+=("${core//.//}")
done
