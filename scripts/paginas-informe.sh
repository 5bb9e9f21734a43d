#!/usr/bin/env bash
# Escribe los informes gerenciales de los casos de demostración y sus páginas
# en PNG para mirarlos como los verá un abogado (pdftoppm, paquete poppler-utils).
#   scripts/paginas-informe.sh [DIRECTORIO] [CASO ...]
# Por defecto: /tmp/informe-png y los casos CF-2026-0009 (reportado), CF-2026-0001 (cerrado) y CF-2026-0003 (no procede).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/informe-png}
shift || true
casos=("$@")
[ ${#casos[@]} -gt 0 ] || casos=(CF-2026-0009 CF-2026-0001 CF-2026-0003)
command -v pdftoppm >/dev/null || { echo "falta pdftoppm (apt-get install poppler-utils)" >&2; exit 1; }
mkdir -p "$dir"
base="$dir/demo.db"
rm -f "$base" "$base-wal" "$base-shm"
go build -o "$dir/comite" ./cmd/comite
"$dir/comite" demo --db "$base" >/dev/null
for caso in "${casos[@]}"; do
  "$dir/comite" informe --caso "$caso" --db "$base" -o "$dir/$caso.pdf"
  rm -f "$dir/$caso"-*.png
  pdftoppm -r 60 -png "$dir/$caso.pdf" "$dir/$caso"
  echo "$dir/$caso.pdf: $(ls "$dir/$caso"-*.png | wc -l) páginas en PNG"
done
