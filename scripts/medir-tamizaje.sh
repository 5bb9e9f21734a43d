#!/usr/bin/env bash
# Measures the national screening (issue 7, "Measure"): `comite tamizaje` for
# one year on a demo database of 50.000 users and 5 years (≈ 1.000.000 acts),
# wall time and peak memory (max RSS from /usr/bin/time -v), beside the floor
# the database sets: bare SQL aggregates over the same rows, with the same
# driver, measured in the same run. Not part of `go test ./...` nor .ci/run.
#
#   scripts/medir-tamizaje.sh            # 50.000 users, 5 years, year 2026
#   USUARIOS=5000 VECES=5 scripts/medir-tamizaje.sh
#
# The database is made once and kept in /tmp (comite demo is deterministic:
# same seed, same data); delete it to rebuild. Nothing is cached between runs
# but the database file itself: every run reads and evaluates everything.
set -euo pipefail

USUARIOS=${USUARIOS:-50000}
ANIOS=${ANIOS:-5}
ANIO=${ANIO:-2026}
VECES=${VECES:-3}
DIR=${DIR:-/tmp/comite-medir}
BASE="$DIR/demo-$USUARIOS-$ANIOS.db"

raiz=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$DIR"
if [ ! -x /usr/bin/time ]; then
	echo "Falta /usr/bin/time: instálelo con  apt-get install -y time" >&2
	exit 1
fi

echo "== compilando"
(cd "$raiz" && go build -o "$DIR/comite" ./cmd/comite && go build -o "$DIR/medirtamizaje" ./scripts/medirtamizaje)

if [ ! -f "$BASE" ]; then
	echo "== creando $BASE (una sola vez)"
	/usr/bin/time -f "   demo: %e s, %M KB máx." "$DIR/comite" demo --db "$BASE.tmp" --usuarios "$USUARIOS" --anios "$ANIOS" | sed -n '1,8p'
	mv "$BASE.tmp" "$BASE"
	for s in -wal -shm; do [ -f "$BASE.tmp$s" ] && mv "$BASE.tmp$s" "$BASE$s"; done
fi
echo "== base: $BASE ($(du -h "$BASE" | cut -f1)); año $ANIO (referencia $((ANIO - 1)), cambio contra $((ANIO - 2)))"
echo "== máquina: $(nproc) núcleos; carga $(cut -d' ' -f1-3 /proc/loadavg)"

# medir NOMBRE COMANDO...: runs the command VECES times, prints wall time and max RSS of each.
medir() {
	local nombre=$1
	shift
	for i in $(seq "$VECES"); do
		/usr/bin/time -f "%e %M %U %S" -o "$DIR/time.txt" "$@" >/dev/null
		read -r seg kb usr sys <"$DIR/time.txt"
		printf '%-40s %6.2f s  %6d MB  (CPU %s s usuario + %s s sistema)\n' "$nombre" "$seg" "$((kb / 1024))" "$usr" "$sys"
		echo "$nombre $seg $kb" >>"$DIR/resultados.txt"
	done
}

: >"$DIR/resultados.txt"
echo "== piso: agregados SQL desnudos (mismo controlador, mismas filas)"
medir "piso (actos que cuentan en $((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso1
medir "piso (actos $((ANIO - 2))–$((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso
medir "piso-scan (actos que cuentan en $((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso1 --sin-indice
medir "piso-scan (actos $((ANIO - 2))–$((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso --sin-indice
echo "== tamizaje"
medir "tamizaje (núcleo, sin salida)" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo tamizaje
medir "comite tamizaje --json" "$DIR/comite" tamizaje --anio "$ANIO" --db "$BASE" --json
medir "comite tamizaje (tabla)" "$DIR/comite" tamizaje --anio "$ANIO" --db "$BASE"
medir "comite tamizaje --xlsx" "$DIR/comite" tamizaje --anio "$ANIO" --db "$BASE" --xlsx "$DIR/t.xlsx"

echo "== medianas y razón contra el piso"
python3 - "$DIR/resultados.txt" <<'EOF'
import sys, statistics, collections
filas = collections.OrderedDict()
for linea in open(sys.argv[1]):
    *nombre, seg, kb = linea.split()
    filas.setdefault(" ".join(nombre), []).append((float(seg), int(kb)))
med = {k: (statistics.median(s for s, _ in v), max(kb for _, kb in v) // 1024) for k, v in filas.items()}
pisos = [k for k in med if k.startswith("piso")]
mejor = {}
for p in pisos:  # the floor of each row set: the faster plan
    filas_p = p.split("(")[1].rstrip(")")
    if filas_p not in mejor or med[p][0] < med[mejor[filas_p]][0]:
        mejor[filas_p] = p
pisos = list(mejor.values())
for k, (s, mb) in med.items():
    extra = ""
    if not k.startswith("piso"):
        extra = "  " + "  ".join(f"{s / med[p][0]:.1f}× {p}" for p in pisos)
    print(f"{k:40s} {s:6.2f} s {mb:5d} MB{extra}")
EOF
