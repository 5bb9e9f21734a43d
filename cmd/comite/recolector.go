package main

import "runtime/debug"

// The garbage collector of `comite serve`. Between requests the server keeps
// little alive (the screening of a year and the catalogues: tens of MB at
// 50.000 users, ≈ 700 MB at 1.000.000) and each page leaves a few hundred KB
// of garbage. With Go's default (GOGC=100) the collector ran dozens of times
// a second under load, and its work and pauses made the long tail of the
// page latency: with 400, measured with scripts/medir-web.sh (20 clients,
// pages built on every request), the server answered 20–40 % more requests
// per second and the p99 fell by a quarter to a third. The heap may then grow
// to five times what is alive; the soft limit makes the collector work
// harder before the heap passes 768 MiB, so that the process stays under
// 1 GB with a million customs users (≈ 300–600 B alive per user: the
// screening of the year and the portfolio). With 50.000 users (tens of MB
// alive) the limit is never reached and the 400 % rule alone decides; with
// hundreds of thousands the limit decides, and the collector runs more often.
// An installation with more users or more memory sets GOMEMLIMIT.
const (
	porcentajeGCServidor  = 400
	limiteMemoriaServidor = 768 << 20
)

// recolectorServidor is what serve sets: nothing that the environment
// already sets (GOGC, GOMEMLIMIT: the operator's word wins); -1 leaves a
// setting as it is.
func recolectorServidor(getenv func(string) string) (porcentaje int, limite int64) {
	porcentaje, limite = -1, -1
	if getenv("GOGC") == "" {
		porcentaje = porcentajeGCServidor
	}
	if getenv("GOMEMLIMIT") == "" {
		limite = limiteMemoriaServidor
	}
	return porcentaje, limite
}

// ajustarRecolector applies recolectorServidor to this process.
func ajustarRecolector(getenv func(string) string) {
	p, l := recolectorServidor(getenv)
	if p >= 0 {
		debug.SetGCPercent(p)
	}
	if l >= 0 {
		debug.SetMemoryLimit(l)
	}
}
