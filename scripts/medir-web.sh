#!/usr/bin/env bash
# Measures the web pages under load: Inicio,
# the screening (Tamizaje), a user profile and a case detail, each at p50, p90
# and p99 latency and throughput, with 20 concurrent clients on loopback.
# Not part of `go test ./...` nor .ci/run.
#
#   scripts/medir-web.sh                       # 50.000 users, 10 s per page
#   USUARIOS=5000 DURACION=5s scripts/medir-web.sh
#   SIN_CACHE=1 scripts/medir-web.sh           # comite serve --sin-cache: every page built per request
#   ESCRITORES=1 DURACION=30s scripts/medir-web.sh   # reads while writing (below)
#   LIBRES=3,1,1 DURACION=30s scripts/medir-web.sh   # unpaced writers (below)
#
# ESCRITORES=1: instead of one page after another, CLIENTES readers load a
# mix of pages at once (Inicio, the case list, 9 case pages, the tamizaje,
# 20 profiles and 5 informe PDFs, taken in turn) for DURACION, twice: first
# alone (reads only), then with writers beside them at a fixed pace: a
# sanciones import of IMPORTAR_FILAS (50) new acts every IMPORTAR_CADA (2s),
# uploaded and confirmed through /importar as the Secretaría does, and
# REPORTES_POR_S (4) cases reported per second (by the secretaria, in a
# session of its own: a Seccional reports only users of its own Dirección
# Seccional, and the NITs come from the whole ranking).
# Each run prints a row per page, one for all the reads (LECTURAS) and one
# per kind of writer (IMPORTAR, REPORTAR), each with p50/p90/p99 and errors.
#
# LIBRES=R,I,M: the same mix of readers, alone and then beside unpaced
# writers instead of the paced ones: R accounts reporting cases, I importing
# IMPORTAR_FILAS rows and M starting the evaluation of the cases the first
# ones report, each writing again as soon as it is answered, each in an
# account of its own (carga1, carga2, …, rol secretaria, created in the
# run's copy of the database once the server is up). The per-account
# limits of the server apply to each: a 429 is counted apart and the writer
# waits its Retry-After; a 503 is an error.
#
# What it does: builds comite and the load tool (scripts/carga); makes ONE
# `comite demo --usuarios N` database in /tmp (deterministic: same seed, same
# data; delete it to rebuild) and copies it for the run, so the measured
# server never writes to the kept copy; starts `comite serve --demo` on
# 127.0.0.1 with a fixed COMITE_DEMO_PASSWORD (the database has data, so
# --demo only creates the accounts); logs in as secretaria; loads each page
# for DURACION with CLIENTES concurrent clients; stops the server.
#
# Rows: inicio (/), tamizaje (/tamizaje, the current year), perfil (the user
# of docs/reglas.md §2's worked example), caso (the first case of /casos) — the
# pages with a latency goal — and, to show what the application has not kept
# in memory, the same pages asked for a different object on every request:
# tamizaje-p (the 1.000 pages of the screening table), perfiles (2.000 users,
# one in 25 of the ranking) and casos (every case of the demo, in turn).
#
# The load generator and the server share the same machine (2 cores here):
# the figures include the generator's own CPU, so they understate what the
# server alone would do.
set -euo pipefail

USUARIOS=${USUARIOS:-50000}
CLIENTES=${CLIENTES:-20}
DURACION=${DURACION:-10s}
PUERTO=${PUERTO:-8097}
DIR=${DIR:-/tmp/comite-web}
CLAVE=${COMITE_DEMO_PASSWORD:-medicion-de-carga-2026}
BASE="$DIR/demo-$USUARIOS.db"
SERVE_EXTRA=()
[ -n "${SIN_CACHE:-}" ] && SERVE_EXTRA=(--sin-cache)

raiz=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$DIR"

echo "== compilando"
(cd "$raiz" && go build -o "$DIR/comite" ./cmd/comite && go build -o "$DIR/carga" ./scripts/carga)

if [ ! -f "$BASE" ]; then
	echo "== creando $BASE (una sola vez; ≈ 30 s con 50.000 usuarios)"
	rm -f "$BASE.tmp" "$BASE.tmp-wal" "$BASE.tmp-shm"
	"$DIR/comite" demo --db "$BASE.tmp" --usuarios "$USUARIOS" | sed -n '1,8p'
	mv "$BASE.tmp" "$BASE"
	for s in -wal -shm; do [ -f "$BASE.tmp$s" ] && mv "$BASE.tmp$s" "$BASE$s"; done
	# The files beside the database (audit key and anchor, demo signing
	# certificate) follow it.
	for f in "$BASE".tmp.*; do [ -f "$f" ] && mv "$f" "$BASE${f#"$BASE.tmp"}"; done
fi

RUN="$DIR/run"
rm -rf "$RUN" && mkdir -p "$RUN"
cp "$BASE" "$RUN/comite.db"
for s in -wal -shm; do [ -f "$BASE$s" ] && cp "$BASE$s" "$RUN/comite.db$s"; done
for f in "$BASE".*; do [ -f "$f" ] && cp "$f" "$RUN/comite.db${f#"$BASE"}"; done

# Lists of different objects, to measure the pages the server has not kept in
# memory: 2.000 users' profiles (one user in 25 along the screening's ranking,
# so the sample has heavy and light users alike: 45 acts on average in the
# demo) and the 1.000 pages of the screening table.
"$DIR/comite" tamizaje --anio "$(date +%Y)" --db "$RUN/comite.db" --json >"$RUN/tamizaje.json"
grep -o '"nit": *"[^"]*"' "$RUN/tamizaje.json" | sed 's/.*"\([0-9-]*\)"$/\/usuarios\/\1/' | awk 'NR % 25 == 1' >"$RUN/perfiles.txt"
seq 1 1000 | sed 's|^|/tamizaje?pagina=|' >"$RUN/tamizaje-paginas.txt"
# The user of docs/reglas.md §2's worked example (the demo names it so).
NIT=${NIT:-$(grep -o '"nit":"[^"]*","razon_social":"Agencia de Aduanas Reincidente Demo S.A.S."' "$RUN/tamizaje.json" | cut -d'"' -f4)}

echo "== servidor en 127.0.0.1:$PUERTO (base $BASE, $(du -h "$BASE" | cut -f1))${SIN_CACHE:+, caché por objeto apagada (--sin-cache)}"
COMITE_DEMO_PASSWORD="$CLAVE" "$DIR/comite" serve --demo ${SERVE_EXTRA[@]+"${SERVE_EXTRA[@]}"} --addr "127.0.0.1:$PUERTO" --db "$RUN/comite.db" \
	>"$RUN/serve.out" 2>"$RUN/serve.log" &
SERVIDOR=$!
parar() { kill "$SERVIDOR" 2>/dev/null && wait "$SERVIDOR" 2>/dev/null || true; }
trap parar EXIT
for _ in $(seq 100); do
	curl -fsS "http://127.0.0.1:$PUERTO/healthz" >/dev/null 2>&1 && break
	kill -0 "$SERVIDOR" 2>/dev/null || { echo "el servidor no arrancó:"; cat "$RUN/serve.out" "$RUN/serve.log"; exit 1; }
	sleep 0.2
done

# The writers' accounts, once the server has created the demo's (it creates
# them only in a database without accounts).
if [ -n "${LIBRES:-}" ]; then
	IFS=, read -r L_REPORTAR L_IMPORTAR L_MOVER <<<"$LIBRES"
	for i in $(seq 1 $((L_REPORTAR + L_IMPORTAR + L_MOVER))); do
		printf '%s\n' "$CLAVE" | "$DIR/comite" usuarios crear --usuario "carga$i" --rol secretaria --nombre "Escritor de la carga $i" --db "$RUN/comite.db" >/dev/null
	done
fi

echo "== máquina: $(nproc) núcleos (compartidos por el servidor y el generador de carga); carga $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${ESCRITORES:-}" ] || [ -n "${LIBRES:-}" ]; then
	head -20 "$RUN/perfiles.txt" >"$RUN/perfiles-20.txt"
	mezcla=(-url "http://127.0.0.1:$PUERTO" -usuario secretaria -clave "$CLAVE" -clientes "$CLIENTES" -duracion "$DURACION" -mezcla
		-pagina inicio=/ -pagina casos=/casos -pagina caso='{casos:9}' -pagina tamizaje=/tamizaje
		-pagina perfiles="@$RUN/perfiles-20.txt" -pagina informes='{informes:5}')
	echo "== solo lectores"
	"$DIR/carga" "${mezcla[@]}"
	echo "== máquina: carga $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "== lectores con escritores"
	if [ -n "${LIBRES:-}" ]; then
		"$DIR/carga" "${mezcla[@]}" -calentar 1 -nits "$RUN/perfiles.txt" -importar-filas "${IMPORTAR_FILAS:-50}" \
			-libres-reportar "$L_REPORTAR" -libres-importar "$L_IMPORTAR" -libres-mover "$L_MOVER" -libres-cuentas carga
	else
		"$DIR/carga" "${mezcla[@]}" -calentar 1 -nits "$RUN/perfiles.txt" \
			-importar-cada "${IMPORTAR_CADA:-2s}" -importar-filas "${IMPORTAR_FILAS:-50}" -reportes-por-s "${REPORTES_POR_S:-4}"
	fi
	echo "== máquina: carga $(cut -d' ' -f1-3 /proc/loadavg)"
	exit 0
fi
"$DIR/carga" -url "http://127.0.0.1:$PUERTO" -usuario secretaria -clave "$CLAVE" \
	-clientes "$CLIENTES" -duracion "$DURACION" \
	-pagina inicio=/ \
	-pagina tamizaje=/tamizaje \
	-pagina tamizaje-p="@$RUN/tamizaje-paginas.txt" \
	-pagina perfil="/usuarios/$NIT" \
	-pagina perfiles="@$RUN/perfiles.txt" \
	-pagina caso='{caso}' \
	-pagina casos='{casos}'
