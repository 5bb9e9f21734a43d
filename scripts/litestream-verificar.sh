#!/usr/bin/env bash
# Checks that a Litestream replica of comite's database restores into a
# database that opens and verifies (docs/operacion.md, «Replicación continua
# con Litestream»). Not part of `go test ./...` nor .ci/run.
#
#   scripts/litestream-verificar.sh
#   LITESTREAM=/usr/local/bin/litestream scripts/litestream-verificar.sh
#
# What it does, in a temporary folder: builds comite, makes a small demo
# database, starts `comite serve` on it and `litestream replicate` towards a
# "second disk" (a file replica), writes through the application while both
# run (an account, three imports), waits for the replica, stops both, restores
# the replica with `litestream restore`, and checks the restored copy with
# `comite respaldo verificar` (integrity, audit chain, counts) against the
# source, and that `comite restaurar` accepts it. Exit 0 only if all holds.
set -euo pipefail
raiz=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
pids=()
limpiar() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$tmp"
}
trap limpiar EXIT

# Litestream: the one given, the one in PATH, or the Linux build published on
# the npm registry (package @flydotio/litestream-linux-x64, Litestream v0.3.13).
LITESTREAM=${LITESTREAM:-$(command -v litestream || true)}
if [ -z "$LITESTREAM" ]; then
	if ! command -v npm >/dev/null; then
		echo "Falta litestream (y npm para traerlo): vea docs/operacion.md" >&2
		exit 1
	fi
	(cd "$tmp" && npm pack --silent @flydotio/litestream-linux-x64@1.0.1 >/dev/null && tar xzf flydotio-litestream-linux-x64-1.0.1.tgz)
	LITESTREAM="$tmp/package/litestream"
fi
echo "== litestream: $LITESTREAM ($("$LITESTREAM" version))"

echo "== compilando comite"
(cd "$raiz" && go build -o "$tmp/comite" ./cmd/comite)
comite="$tmp/comite"
mkdir -p "$tmp/datos" "$tmp/segundo-disco" "$tmp/restaurado"
base="$tmp/datos/comite.db"
"$comite" demo --db "$base" --usuarios 20 --anios 2 >/dev/null

cat >"$tmp/litestream.yml" <<YML
dbs:
  - path: $base
    replicas:
      - type: file
        path: $tmp/segundo-disco/comite
        sync-interval: 1s
YML

"$comite" serve --db "$base" --addr 127.0.0.1:0 >"$tmp/serve.log" 2>&1 &
pids+=($!)
"$LITESTREAM" replicate -config "$tmp/litestream.yml" >"$tmp/litestream.log" 2>&1 &
lspid=$!
pids+=($lspid)
sleep 2

echo "== escribiendo con el servidor y Litestream en marcha"
echo "clave-de-la-replica-larga" | "$comite" usuarios crear --usuario replica --rol auditor --db "$base" >/dev/null
for clase in usuarios sanciones operaciones; do
	"$comite" importar "$clase" "$raiz/testdata/importar/$clase.csv" --db "$base" >/dev/null
done
sleep 3 # more than sync-interval: the replica catches up
kill -TERM "$lspid"
wait "$lspid" 2>/dev/null || true
for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
wait 2>/dev/null || true
pids=()

echo "== restaurando la réplica"
"$LITESTREAM" restore -config "$tmp/litestream.yml" -o "$tmp/restaurado/comite.db" "$base"

echo "== verificando la copia restaurada"
# A replica (and the live database) has no signed manifest: accepted explicitly.
"$comite" respaldo verificar "$tmp/restaurado/comite.db" --db "$base" --sin-manifiesto | tee "$tmp/restaurada.txt"
"$comite" respaldo verificar "$base" --db "$base" --sin-manifiesto >"$tmp/origen.txt"
# Same integrity, audit rows, schema, counts and last change (lines 3–8).
if ! diff <(tail -n +3 "$tmp/origen.txt") <(tail -n +3 "$tmp/restaurada.txt"); then
	echo "FALLA: la réplica restaurada no tiene lo mismo que la base de origen" >&2
	exit 1
fi
# The restored replica is checked with the key and anchor of the source database.
"$comite" auditoria verificar --db "$tmp/restaurado/comite.db" --clave-auditoria "$base.clave-auditoria" --ancla "$base.ancla-auditoria"
"$comite" restaurar --desde "$tmp/restaurado/comite.db" --db "$tmp/restaurado/en-su-lugar.db" --sin-manifiesto \
	--clave-auditoria "$base.clave-auditoria" --ancla "$tmp/restaurado/en-su-lugar.ancla" >/dev/null
echo "OK: la réplica de Litestream restaurada abre, verifica (integridad y cadena de auditoría) y tiene las mismas filas que la base de origen."
