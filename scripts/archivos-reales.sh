#!/bin/sh
# Regenera los archivos de testdata/importar/reales con LibreOffice Calc sin
# interfaz (paquete Debian libreoffice-calc-nogui). Cada fuente .fods (hoja
# de cálculo en XML plano, legible en una revisión) de fuentes/xlsx se guarda
# como .xlsx con el filtro «Calc MS Excel 2007 XML», el de «Guardar como»
# Libro de Excel; cada una de fuentes/csv, como CSV separado por «;» en UTF-8
# y con el contenido de las celdas como se muestra (lo que hace «Guardar
# como» CSV). El README de esa carpeta dice qué lleva cada archivo.
set -eu
raiz=$(cd "$(dirname "$0")/.." && pwd)
dir="$raiz/testdata/importar/reales"
command -v soffice >/dev/null || { echo "falta soffice: instale libreoffice-calc-nogui" >&2; exit 1; }
# Un perfil propio: no toca el del usuario ni choca con otra instancia abierta.
perfil=$(mktemp -d)
trap 'rm -rf "$perfil"' EXIT
for fuente in "$dir"/fuentes/xlsx/*.fods; do
  soffice -env:UserInstallation="file://$perfil" --headless \
    --convert-to 'xlsx:Calc MS Excel 2007 XML' --outdir "$dir" "$fuente" >/dev/null
done
# Opciones del filtro CSV: separador 59 (;), comillas 34 ("), juego 76
# (UTF-8), desde la fila 1, …, guardar el contenido como se muestra.
# Los nombres terminados en _utf16 se guardan en UTF-16 (juego 65535, el
# «Texto Unicode» de Excel) y los terminados en _tabulaciones, separados por
# tabulaciones (9).
for fuente in "$dir"/fuentes/csv/*.fods; do
  case "$fuente" in
    *_utf16.fods) opciones='59,34,65535,1,,0,false,true,true' ;;
    *_tabulaciones.fods) opciones='9,34,76,1,,0,false,true,true' ;;
    *) opciones='59,34,76,1,,0,false,true,true' ;;
  esac
  soffice -env:UserInstallation="file://$perfil" --headless \
    --convert-to "csv:Text - txt - csv (StarCalc):$opciones" --outdir "$dir" "$fuente" >/dev/null
done
ls "$dir"/*.xlsx "$dir"/*.csv
