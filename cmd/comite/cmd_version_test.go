package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionDe(t *testing.T) {
	t.Parallel()
	conRevision := func(rev, modificado string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modificado}}}
	}
	for _, c := range []struct {
		nombre, ldflags string
		bi              *debug.BuildInfo
		quiere          string
	}{
		{"con -ldflags -X main.version=1.4.0", "1.4.0", conRevision("0123456789abcdef", "false"), "1.4.0"},
		{"versión del módulo", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{"commit de git, recortado", "", conRevision("0123456789abcdef", "false"), "desarrollo (commit 0123456789ab)"},
		{"commit con cambios sin confirmar", "", conRevision("abc", "true"), "desarrollo (commit abc con cambios sin confirmar)"},
		{"sin información de compilación", "", nil, "desarrollo"},
		{"sin módulo ni commit", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "desarrollo"},
	} {
		if got := versionDe(c.ldflags, c.bi); got != c.quiere {
			t.Errorf("%s: %q, quiere %q", c.nombre, got, c.quiere)
		}
	}
}
