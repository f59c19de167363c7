// Package cputime reads the CPU time the process, or the calling thread,
// has used, for benchmarks that report figures per CPU second: steadier
// than wall time on a machine shared with other work.
package cputime
