// Command jantaku is the automatic table's program: it runs the table
// daemon and the tools around it (scoring a hand, maintenance, replays).
//
//	jantaku <command> [flags] [args]
//
// Run "jantaku help" for the list of commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// command is one subcommand. run gets the arguments after the command name.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order "help" shows them. Each lives
// in a file of its own named after it.
func commands() []command {
	return []command{
		{"archive", "list and export finished games", runArchive},
		{"replay", "replay game records through the referee and check them", runReplay},
		{"export", "write a riichi game journal as tenhou.net/6 JSON", runExport},
		{"score", "score a hand under any ruleset (--rules): yaku or fans, totals, payments", runScore},
		{"position", "print the position of a game journal at any step", runPosition},
		{"legal", "what each seat may do in a position, what a win scores, what the rules refuse", runLegal},
		// Add new subcommands here, one line each.
		{"maintenance", "wiring, profile check, tag registration (maintenance wiring|check|register|tags)", maintenanceCmd},
		{"run", "run the table: the shuffle-and-build cycle (--sim: the simulated table)", runCmd},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand and returns the process exit code: 0 on
// success, 1 when the command failed, 2 for a usage error.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			if err := c.run(ctx, args[1:], stdin, stdout, stderr); err != nil {
				fmt.Fprintf(stderr, "jantaku %s: %v\n", c.name, err)
				if isUsage(err) {
					return 2
				}
				return 1
			}
			return 0
		}
	}
	fmt.Fprintf(stderr, "jantaku: unknown command %q (run \"jantaku help\")\n", args[0])
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: jantaku <command> [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
}

// usageError marks an error as a mistake in how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u)
}
