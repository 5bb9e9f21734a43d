// Package dominio holds the entities every layer of the application speaks
// in: cases and their evaluations and history, accounts and actors, the
// Comité's conceptos and REA proposals, and the Comité's sessions with their
// attendance and orden del día. They are plain values: the store
// (internal/db) saves and loads them, the application (internal/expediente)
// carries them through the steps the rules allow, and the web shows them.
// The package does no input or output and holds no rules of its own.
package dominio
