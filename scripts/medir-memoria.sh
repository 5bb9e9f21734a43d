#!/usr/bin/env bash
# medir-memoria.sh — the server's peak memory (VmHWM of /proc/PID/status) after
# each view of the screening, and a web import against `comite importar` of
# the same file.
#
#   BASE=/tmp/m1.db scripts/medir-memoria.sh vistas
#   BASE=/tmp/m50.db FILAS=200000 scripts/medir-memoria.sh importar
#
# vistas: starts `comite serve --demo` over BASE itself (it only adds the demo
# accounts and sessions; the screening's data are not changed), waits for the
# background calculations after start, logs in with curl as secretaria (and
# as seccional, the demo account of a Dirección Seccional) and asks, one at a
# time: the first page of /tamizaje, another order, a data filter, the
# Seccional account's /tamizaje, the CSV and XLSX exports, /cobertura and
# Inicio (and Inicio again once the portfolio it started in the background
# is computed); after each one it prints the status, the time and
# VmHWM/VmRSS.
#
# importar: makes two copies of BASE, writes a file of FILAS new sanctions
# over the base's NITs, runs `comite importar sanciones` on one copy under
# /usr/bin/time (%M, its peak) and uploads and confirms the same file through
# the web on the other (VmHWM of the server before uploading and at the end).
set -euo pipefail

MODO=${1:-vistas}
BASE=${BASE:?BASE=base de comite demo}
DIR=${DIR:-/tmp/comite-memoria}
PUERTO=${PUERTO:-8197}
FILAS=${FILAS:-200000}
CLAVE=${COMITE_DEMO_PASSWORD:-medicion-de-memoria-2026}
URL="http://127.0.0.1:$PUERTO"

raiz=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$DIR"
(cd "$raiz" && go build -o "$DIR/comite" ./cmd/comite)

memoria() { # pid → "VmHWM X MB, VmRSS Y MB"
	awk '/^VmHWM|^VmRSS/ {printf "%s %d MB  ", $1, $2/1024}' "/proc/$1/status"
}

arrancar() { # db
	COMITE_DEMO_PASSWORD="$CLAVE" "$DIR/comite" serve --demo --addr "127.0.0.1:$PUERTO" --db "$1" \
		>"$DIR/serve.out" 2>"$DIR/serve.log" &
	SERVIDOR=$!
	trap 'kill "$SERVIDOR" 2>/dev/null; wait "$SERVIDOR" 2>/dev/null || true' EXIT
	for _ in $(seq 600); do
		curl -fsS "$URL/healthz" >/dev/null 2>&1 && break
		kill -0 "$SERVIDOR" 2>/dev/null || { cat "$DIR/serve.out" "$DIR/serve.log"; exit 1; }
		sleep 0.5
	done
	echo "servidor $SERVIDOR listo: $(memoria "$SERVIDOR")"
}

# The server recalculates the screening, the portfolio and the counts in the
# background after start: wait until its CPU time stops growing.
esperarCalma() {
	local antes ahora
	antes=$(awk '{print $14+$15}' "/proc/$SERVIDOR/stat")
	while sleep 5; do
		ahora=$(awk '{print $14+$15}' "/proc/$SERVIDOR/stat")
		[ $((ahora - antes)) -lt 50 ] && break
		antes=$ahora
	done
	echo "en reposo: $(memoria "$SERVIDOR")"
}

csrf() { # jar path
	curl -fsS -b "$1" -c "$1" "$URL$2" | grep -o 'name="_csrf"[[:space:]]*value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//'
}

ingresar() { # usuario jar
	rm -f "$2"
	local t
	t=$(csrf "$2" /login)
	curl -fsS -b "$2" -c "$2" -o /dev/null -L --data-urlencode "usuario=$1" --data-urlencode "clave=$CLAVE" \
		--data-urlencode "_csrf=$t" -w "ingreso $1: %{http_code} en %{url_effective}\n" "$URL/login"
}

visitar() { # nombre jar ruta
	local r
	r=$(curl -sS -b "$2" -c "$2" -o "$DIR/respuesta" -w '%{http_code} %{time_total}s %{size_download}B' "$URL$3")
	printf '%-28s %-45s %s  %s\n' "$1" "$3" "$r" "$(memoria "$SERVIDOR")"
}

case "$MODO" in
vistas)
	echo "== $(date -u '+%F %T') UTC, carga $(cut -d' ' -f1-3 /proc/loadavg), base $BASE ($(du -h "$BASE" | cut -f1))"
	arrancar "$BASE"
	esperarCalma
	S="$DIR/secretaria.jar" C="$DIR/seccional.jar"
	ingresar secretaria "$S"
	ingresar seccional "$C"
	visitar "tamizaje, primera página" "$S" "/tamizaje"
	visitar "otro orden" "$S" "/tamizaje?orden=usuario"
	visitar "otro orden, descendente" "$S" "/tamizaje?orden=actos&dir=desc"
	visitar "filtro de datos" "$S" "/tamizaje?datos=incompletos"
	visitar "cuenta Seccional" "$C" "/tamizaje"
	visitar "cuenta Seccional, otro orden" "$C" "/tamizaje?orden=usuario"
	visitar "exportar CSV" "$S" "/tamizaje/exportar.csv"
	visitar "exportar XLSX" "$S" "/tamizaje/exportar.xlsx"
	visitar "cobertura" "$S" "/cobertura"
	visitar "Inicio" "$S" "/"
	visitar "Inicio, cuenta Seccional" "$C" "/"
	# Inicio computes the portfolio in the background (three screenings):
	# its peak comes after the page.
	esperarCalma
	visitar "Inicio, con la cartera ya calculada" "$S" "/"
	echo "== fin $(date -u '+%T') UTC, carga $(cut -d' ' -f1-3 /proc/loadavg): $(memoria "$SERVIDOR")"
	;;
importar)
	for d in cli web; do
		rm -f "$DIR/$d.db"*
		cp "$BASE" "$DIR/$d.db"
		for f in "$BASE".*; do [ -f "$f" ] && cp "$f" "$DIR/$d.db${f#"$BASE"}"; done
	done
	# New acts over the base's NITs (the file of docs/rendimiento.md's
	# measurement of `comite importar` with a probe).
	sqlite3 "$DIR/cli.db" "select nit from usuarios_aduaneros" >"$DIR/nits.txt"
	awk -v filas="$FILAS" 'BEGIN{print "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento"} {n[NR-1]=$0}
	     END{for(i=0;i<filas;i++) printf "%s;CLI-%07d;%02d/%02d/2025;grave;multa;%d.000.000,50;no\n",
	         n[i%NR], i, 1+i%28, 1+i%12, 1+i%97}' "$DIR/nits.txt" >"$DIR/sanciones.csv"
	echo "== $(date -u '+%F %T') UTC, carga $(cut -d' ' -f1-3 /proc/loadavg), base $BASE ($(du -h "$BASE" | cut -f1)), archivo $FILAS filas ($(du -h "$DIR/sanciones.csv" | cut -f1))"
	echo "-- comite importar sanciones"
	/usr/bin/time -f "CLI: %e s, pico %M KB" "$DIR/comite" importar sanciones "$DIR/sanciones.csv" --db "$DIR/cli.db" | tail -3
	echo "-- por la web (carga $(cut -d' ' -f1-3 /proc/loadavg))"
	arrancar "$DIR/web.db"
	esperarCalma
	S="$DIR/secretaria.jar"
	ingresar secretaria "$S"
	t=$(csrf "$S" /importar)
	echo "antes de subir: $(memoria "$SERVIDOR")"
	vista=$(curl -fsS -b "$S" -c "$S" -L -o "$DIR/vista.html" -w '%{url_effective}' \
		-F "_csrf=$t" -F clase=sanciones -F "archivo=@$DIR/sanciones.csv;filename=sanciones.csv" "$URL/importar")
	echo "subido: vista previa en ${vista#"$URL"}: $(memoria "$SERVIDOR")"
	grep -q '/confirmar' "$DIR/vista.html" || { echo "la vista previa no se puede confirmar"; exit 1; }
	curl -fsS -b "$S" -c "$S" -L -o "$DIR/resultado.html" -w "confirmado: %{http_code} en %{url_effective}, %{time_total}s\n" \
		--data-urlencode "_csrf=$t" "$vista/confirmar"
	echo "web: $(memoria "$SERVIDOR")"
	echo "actos: CLI $(sqlite3 "$DIR/cli.db" 'select count(*) from actos'), web $(sqlite3 "$DIR/web.db" 'select count(*) from actos')"
	;;
*)
	echo "uso: BASE=… $0 vistas|importar" >&2
	exit 2
	;;
esac
