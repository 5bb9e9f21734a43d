package adjunto

// What the sandboxed viewer shows of an attachment: a PDF without marks as
// it is, and an image decoded and encoded again with the standard library,
// so that what travels with it (EXIF, XMP, text chunks, thumbnails) is not
// shown; the original stays untouched in the expediente. The image's size
// is read from its header before decoding, so a decompression bomb is
// refused without allocating its pixels.

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
)

// MaxPixeles is the largest image the viewer decodes (width × height).
const MaxPixeles = 25_000_000

// Visible says whether the viewer shows a file of format f with marks: a
// PDF without JavaScript or embedded files, a PNG or a JPEG.
func Visible(f Formato, marcas []string) bool {
	switch f {
	case PNG, JPEG:
		return true
	case PDF:
		return len(marcas) == 0
	}
	return false
}

// RevisarImagen reads only the header of an image of format f and refuses
// one over MaxPixeles, or one whose header does not read, before any pixel
// is decoded.
func RevisarImagen(f Formato, datos []byte) error {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(datos))
	if err != nil {
		return rechazo("no se pudo leer el encabezado de %s: %v", nombres[f], err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > MaxPixeles {
		return rechazo("la imagen mide %d × %d píxeles y el visor muestra hasta %d millones de píxeles; descárguela", cfg.Width, cfg.Height, MaxPixeles/1_000_000)
	}
	return nil
}

// ParaMostrar is what the viewer shows of a file of format f: a PDF as it
// is, an image re-encoded in its own format without its metadata. An image
// over MaxPixeles, or one that does not decode, is refused with the reason.
func ParaMostrar(f Formato, datos []byte) ([]byte, error) {
	switch f {
	case PDF:
		return datos, nil
	case PNG, JPEG:
	default:
		return nil, rechazo("el visor no muestra %s; descárguelo", nombres[f])
	}
	if err := RevisarImagen(f, datos); err != nil {
		return nil, err
	}
	var img image.Image
	var err error
	if f == PNG {
		img, err = png.Decode(bytes.NewReader(datos))
	} else {
		img, err = jpeg.Decode(bytes.NewReader(datos))
	}
	if err != nil {
		return nil, rechazo("no se pudo leer %s: %v", nombres[f], err)
	}
	var b bytes.Buffer
	if f == PNG {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	}
	if err != nil {
		return nil, fmt.Errorf("codificar la imagen para el visor: %w", err)
	}
	return b.Bytes(), nil
}
