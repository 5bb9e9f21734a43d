package demo

import (
	"os"
	"testing"

	"comite/internal/pruebas"
)

func TestMain(m *testing.M) {
	c := m.Run()
	pruebas.BorrarPlantillas()
	os.Exit(c)
}
