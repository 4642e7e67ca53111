# Sourced by the scripts that build or check the C cores: the cores setup.py
# builds (its CORES, read from setup.py itself, so the list lives in one place).
#
#   CORES         their modules:   huegames.hue._hue_core huegames.linja._linja_core ...
#   CORE_SOURCES  their C sources: csrc/hue_core.c csrc/linja_core.c ...
#   CORE_FILES    where each built core goes, without the suffix:
#                 huegames/hue/_hue_core ...
#
# A new core needs no change here: add it to setup.py's CORES.
mapfile -t CORES < <(python - "$(dirname "${BASH_SOURCE[0]}")/../setup.py" <<'PY'
import ast
import sys

tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
for node in tree.body:
    target = node.target if isinstance(node, ast.AnnAssign) else (
        node.targets[0] if isinstance(node, ast.Assign) else None)
    if isinstance(target, ast.Name) and target.id == "CORES":
        for key in node.value.keys:
            print(key.value)
PY
)
if ((${#CORES[@]} == 0)); then
    echo "cores.sh: no CORES found in setup.py" >&2
    exit 1
fi
CORE_SOURCES=()
CORE_FILES=()
for core in "${CORES[@]}"; do
    stem=${core##*.}
    CORE_SOURCES+=("csrc/${stem#_}.c")
    CORE_FILES+=("${core//.//}")
done
