#!/usr/bin/env bash
# Measures the national screening: `comite tamizaje` for one year on a demo
# database of 50.000 users and 5 years (≈ 1.000.000 acts), CPU time (user +
# system), wall time and peak memory (max RSS from /usr/bin/time), beside the
# floor the database sets: bare SQL aggregates over the same rows, with the
# same driver, measured in the same run, the runs of each interleaved. On a
# shared machine the wall time follows the load; the CPU time much less, so
# the ratio to the floor is given on the CPU medians (and on the wall
# medians), with the load average at each run. Not part of `go test ./...`
# nor .ci/run.
#
#   scripts/medir-tamizaje.sh            # 50.000 users, 5 years, year 2026
#   USUARIOS=5000 VECES=5 scripts/medir-tamizaje.sh
#   SOLO_JSON=1 scripts/medir-tamizaje.sh   # without the table and XLSX runs
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
	# The database and every file beside it (WAL, the audit key and anchor,
	# the demo signing certificate) move together.
	for f in "$BASE.tmp"*; do mv "$f" "$BASE${f#"$BASE.tmp"}"; done
fi
echo "== base: $BASE ($(du -h "$BASE" | cut -f1)); año $ANIO (referencia $((ANIO - 1)), cambio contra $((ANIO - 2)))"
echo "== máquina: $(nproc) núcleos; carga $(cut -d' ' -f1-3 /proc/loadavg)"

# medir NOMBRE COMANDO...: runs the command once, prints wall time, CPU, max
# RSS and the load average.
medir() {
	local nombre=$1
	shift
	/usr/bin/time -f "%e %M %U %S" -o "$DIR/time.txt" "$@" >/dev/null
	read -r seg kb usr sys <"$DIR/time.txt"
	carga=$(cut -d' ' -f1 /proc/loadavg)
	printf '%-40s %6.2f s  CPU %5.2f s (%s u + %s s)  %4d MB  carga %s\n' "$nombre" "$seg" "$(python3 -c "print($usr + $sys)")" "$usr" "$sys" "$((kb / 1024))" "$carga"
	echo "$nombre|$seg|$kb|$usr|$sys" >>"$DIR/resultados.txt"
}

# piso_sqlite3 is the piso2 aggregate (scripts/medirtamizaje) as sqlite3 text:
# the acts that count in Y−2 and Y−1 by user and year, and the operations of
# those years by user and year.
piso_sqlite3() {
	local d="$((ANIO - 2))-01-01" h="$((ANIO - 1))-12-31"
	echo "SELECT usuario_id, count(*), sum(valor_centavos) FROM actos WHERE fecha_firmeza BETWEEN '$d' AND '$h' AND gravedad IN ('grave','gravisima') AND allanamiento = 0 GROUP BY usuario_id, substr(fecha_firmeza, 1, 4);
SELECT usuario_id, anio, sum(valor_centavos), sum(numero) FROM (SELECT usuario_id, anio, valor_centavos, numero FROM operaciones_anuales WHERE anio BETWEEN $((ANIO - 2)) AND $((ANIO - 1)) UNION ALL SELECT usuario_id, anio, valor_centavos, 1 FROM declaraciones WHERE anio BETWEEN $((ANIO - 2)) AND $((ANIO - 1))) GROUP BY usuario_id, anio;"
}

: >"$DIR/resultados.txt"
echo "== $VECES vueltas; en cada una, el piso (agregados SQL desnudos, mismo controlador, mismas filas) y el tamizaje"
for v in $(seq "$VECES"); do
	medir "piso (actos que cuentan en $((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso1
	medir "piso (actos $((ANIO - 2))–$((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso
	medir "piso-scan (actos que cuentan en $((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso1 --sin-indice
	medir "piso-scan (actos $((ANIO - 2))–$((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso --sin-indice
	medir "piso (actos que cuentan en $((ANIO - 2))–$((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso2
	medir "piso-scan (actos que cuentan en $((ANIO - 2))–$((ANIO - 1)))" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo piso2 --sin-indice
	if command -v sqlite3 >/dev/null; then
		# The same aggregate in the bare sqlite3 shell (the C library, no Go
		# driver): the floor the issue measures against.
		medir "piso-sqlite3 (sqlite3: actos que cuentan en $((ANIO - 2))–$((ANIO - 1)))" sqlite3 "$BASE" "$(piso_sqlite3)"
		medir "piso-sqlite3-scan (sqlite3: actos que cuentan en $((ANIO - 2))–$((ANIO - 1)))" sqlite3 "$BASE" "$(piso_sqlite3 | sed 's/FROM actos/FROM actos NOT INDEXED/')"
	fi
	medir "tamizaje (núcleo, sin salida)" "$DIR/medirtamizaje" --db "$BASE" --anio "$ANIO" --modo tamizaje
	medir "comite tamizaje --json" "$DIR/comite" tamizaje --anio "$ANIO" --db "$BASE" --json
	if [ -z "${SOLO_JSON:-}" ]; then
		medir "comite tamizaje (tabla)" "$DIR/comite" tamizaje --anio "$ANIO" --db "$BASE"
		medir "comite tamizaje --xlsx" "$DIR/comite" tamizaje --anio "$ANIO" --db "$BASE" --xlsx "$DIR/t.xlsx"
	fi
done

echo "== medianas y razón contra el piso"
python3 - "$DIR/resultados.txt" <<'EOF'
import sys, statistics, collections
filas = collections.OrderedDict()
for linea in open(sys.argv[1]):
    nombre, seg, kb, usr, sys_ = linea.rstrip("\n").split("|")
    filas.setdefault(nombre, []).append((float(seg), int(kb), float(usr) + float(sys_)))
med = {k: (statistics.median(s for s, _, _ in v), statistics.median(c for _, _, c in v), max(kb for _, kb, _ in v) // 1024) for k, v in filas.items()}
mejor = {}
for p in (k for k in med if k.startswith("piso")):  # the floor of each row set: the cheaper plan (CPU)
    filas_p = p.split("(")[1].rstrip(")")
    if filas_p not in mejor or med[p][1] < med[mejor[filas_p]][1]:
        mejor[filas_p] = p
pisos = list(mejor.values())
print(f"{'':40s} {'pared':>8s} {'CPU':>8s} {'pico':>7s}   razón CPU (pared) contra cada piso")
for k, (s, c, mb) in med.items():
    extra = ""
    if not k.startswith("piso"):
        extra = "   " + "   ".join(f"{c / med[p][1]:.2f}× ({s / med[p][0]:.2f}×) {p}" for p in pisos)
    print(f"{k:40s} {s:6.2f} s {c:6.2f} s {mb:4d} MB{extra}")
EOF
