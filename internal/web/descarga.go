package web

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"strconv"

	"github.com/labstack/echo/v4"
)

// entregarArchivo answers a download that escribir writes: first into a
// file in dir (the server's private directory next to the base, never the
// shared temporary one), taken out of it as soon as it is made (only this
// request holds it, and nothing is left behind if the process dies), then
// to the client with its length. A large export (the screening of a
// million users is ≈ 230 MB of CSV) costs the server disk instead of
// memory, and an error while writing is still answered as an error: the
// person never receives half a file that looks whole.
func entregarArchivo(c echo.Context, dir, tipo, nombre string, escribir func(io.Writer) error) error {
	f, err := os.CreateTemp(dir, "descarga-*")
	if err != nil {
		return err
	}
	defer f.Close()
	if err := os.Remove(f.Name()); err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	if err := escribir(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	n, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	hd := c.Response().Header()
	hd.Set(echo.HeaderContentDisposition, `attachment; filename="`+nombre+`"`)
	hd.Set(echo.HeaderContentLength, strconv.FormatInt(n, 10))
	return c.Stream(http.StatusOK, tipo, f)
}
