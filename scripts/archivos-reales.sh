#!/bin/sh
# Regenera los archivos de testdata/importar/reales con LibreOffice Calc sin
# interfaz (paquete Debian libreoffice-calc-nogui): cada fuente .fods de
# testdata/importar/reales/fuentes (hoja de cálculo en XML plano, legible en
# una revisión) se guarda como .xlsx con el filtro «Calc MS Excel 2007 XML»,
# el mismo de «Guardar como» Libro de Excel. El README de esa carpeta dice qué
# lleva cada archivo.
set -eu
raiz=$(cd "$(dirname "$0")/.." && pwd)
dir="$raiz/testdata/importar/reales"
command -v soffice >/dev/null || { echo "falta soffice: instale libreoffice-calc-nogui" >&2; exit 1; }
# Un perfil propio: no toca el del usuario ni choca con otra instancia abierta.
perfil=$(mktemp -d)
trap 'rm -rf "$perfil"' EXIT
for fuente in "$dir"/fuentes/*.fods; do
  soffice -env:UserInstallation="file://$perfil" --headless \
    --convert-to 'xlsx:Calc MS Excel 2007 XML' --outdir "$dir" "$fuente" >/dev/null
done
ls "$dir"/*.xlsx
