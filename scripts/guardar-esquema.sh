#!/usr/bin/env bash
# Keeps the database of a published version in testdata/esquemas, named after
# the last migration that version embeds (0002.db, 0041.db…). Run it from the
# commit of the release, before later migrations land; the upgrade test
# (internal/respaldo) then opens every kept database with the current binary.
#
#   scripts/guardar-esquema.sh
#
# The database is small on purpose (20 demo users, 2 years): demo cases in
# every state with informes, three accounts, three imports from files, and
# informes issued through the application, all recorded in the audit log.
set -euo pipefail
raiz=$(cd "$(dirname "$0")/.." && pwd)
cd "$raiz"

ultima=$(ls internal/db/migraciones/*.sql | sort | tail -1 | xargs basename)
version=${ultima%%_*}
destino="testdata/esquemas/$version.db"
if [ -e "$destino" ]; then
	echo "Ya existe $destino: la base de esa versión del esquema ya está guardada." >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go run ./cmd/comite demo --db "$tmp/base.db" --usuarios 20 --anios 2 >/dev/null
go run ./scripts/esquema "$tmp/base.db"
# One self-contained file (no -wal beside it), compact.
go run ./cmd/comite respaldo --db "$tmp/base.db" -o "$destino"
# The demo's audit key and the anchor it published, beside the copy: the
# current binary opens a base with signed audit rows only with its key, and
# verifies one that records a published head only with its anchor.
for x in clave-auditoria ancla-auditoria; do
	if [ -e "$tmp/base.db.$x" ]; then cp "$tmp/base.db.$x" "$destino.$x"; fi
done
echo "Guardada $destino (esquema $ultima, commit $(git rev-parse --short HEAD))."
echo "Agregue una línea a testdata/esquemas/README.md y confirme $destino, $destino.clave-auditoria y $destino.ancla-auditoria."
