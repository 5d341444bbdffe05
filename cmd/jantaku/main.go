// Command jantaku is the automatic table's program: it runs the table
// daemon and the tools around it (scoring a hand, maintenance, replays).
//
//	jantaku <command> [flags] [args]
//
// Run "jantaku help" for the list of commands, "jantaku help CMD" for one.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"jantaku/internal/suggest"
)

// command is one subcommand. run gets the arguments after the command name.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
	// usage is what "help NAME" and "NAME --help" print; empty when the
	// command prints its own help for "--help" (to stdout, returning an
	// error wrapping flag.ErrHelp or nil).
	usage string
}

// commands lists the subcommands in the order "help" shows them. Each lives
// in a file of its own named after it.
func commands() []command {
	return []command{
		{"archive", "list and export finished games", runArchive, archiveUsage},
		{"replay", "replay game records through the referee and check them", runReplay, replayUsage},
		{"export", "write a riichi game journal as tenhou.net/6 JSON", runExport, exportUsage},
		{"score", "score a hand under any ruleset (--rules): yaku or fans, totals, payments", runScore, scoreUsage},
		{"position", "print the position of a game journal at any step", runPosition, positionUsage},
		{"legal", "what each seat may do in a position, what a win scores, what the rules refuse", runLegal, legalUsage},
		// Add new subcommands here, one line each.
		{"maintenance", "wiring, profile check, tag registration (maintenance wiring|check|register|tags)", maintenanceCmd, maintenanceUsage},
		{"run", "run the table: the shuffle-and-build cycle (--sim: the simulated table)", runCmd, ""},
		{"version", "print the program's version", runVersion, "usage: jantaku version\n\nprints the version, the Go release and the platform it was built for."},
	}
}

// Exit status of every command.
const (
	exitOK    = 0 // done (score: every hand scored)
	exitFail  = 1 // the command failed (score: the hand does not win)
	exitUsage = 2 // a mistake in how the command was called: unknown command or flag, bad argument
	// exitSomeLines is "score --batch" when it read every line but some
	// were refused (each is reported on its own line of the output).
	exitSomeLines = 3
)

const exitCodes = `exit status:
  0  done
  1  the command failed (score: the hand does not win)
  2  usage error: an unknown command or flag, a bad argument
  3  score --batch: every line read, some refused (each reported on its line)`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand and returns the process exit code (the
// constants above). Help goes to stdout and exits 0; mistakes go to
// stderr and exit 2.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			c, ok := commandNamed(args[1])
			if !ok {
				fmt.Fprintf(stderr, "jantaku help: unknown command %q%s (run \"jantaku help\")\n", args[1], meant(args[1], commandNames()))
				return exitUsage
			}
			return commandHelp(ctx, c, stdout)
		}
		usage(stdout)
		return exitOK
	case "-version", "--version":
		args[0] = "version"
	}
	c, ok := commandNamed(args[0])
	if !ok {
		fmt.Fprintf(stderr, "jantaku: unknown command %q%s (run \"jantaku help\")\n", args[0], meant(args[0], commandNames()))
		return exitUsage
	}
	if wantsHelp(args[1:]) {
		return commandHelp(ctx, c, stdout)
	}
	if err := c.run(ctx, args[1:], stdin, stdout, stderr); err != nil {
		var some someLinesError
		switch {
		case errors.Is(err, flag.ErrHelp):
			return exitOK
		case errors.As(err, &some):
			fmt.Fprintf(stderr, "jantaku %s: %v\n", c.name, err)
			return exitSomeLines
		}
		fmt.Fprintf(stderr, "jantaku %s: %v\n", c.name, err)
		if isUsage(err) {
			return exitUsage
		}
		return exitFail
	}
	return exitOK
}

func commandNamed(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func commandNames() []string {
	var out []string
	for _, c := range commands() {
		out = append(out, c.name)
	}
	return out
}

// wantsHelp reports whether args ask for help (-h, -help, --help) before
// any "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// commandHelp prints c's help to stdout.
func commandHelp(ctx context.Context, c command, stdout io.Writer) int {
	if c.usage != "" {
		fmt.Fprintln(stdout, c.usage)
		return exitOK
	}
	if err := c.run(ctx, []string{"--help"}, nil, stdout, stdout); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "jantaku %s: %v\n", c.name, err)
		return exitFail
	}
	return exitOK
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: jantaku <command> [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n\"jantaku help CMD\" or \"jantaku CMD --help\" explains one command. Flags of")
	fmt.Fprintln(w, "score, archive and maintenance may come before or after the arguments (\"--\"")
	fmt.Fprintln(w, "ends them); replay and export take them first.")
	fmt.Fprintln(w, "\n"+exitCodes)
}

func runVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return usageError{fmt.Errorf("version takes no arguments (got %q)", strings.Join(args, " "))}
	}
	_, err := fmt.Fprintf(stdout, "jantaku %s (%s, %s/%s)\n", programVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return err
}

// usageError marks an error as a mistake in how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u)
}

// someLinesError is a batch that read every line but refused some.
type someLinesError struct{ failed, lines int }

func (e someLinesError) Error() string {
	return fmt.Sprintf("%d of %d lines not scored (each is reported on its line)", e.failed, e.lines)
}

// flagError explains a flag package error, suggesting the nearest flag for
// an unknown one: "flag provided but not defined: -rule (did you mean --rules?)".
func flagError(fs *flag.FlagSet, err error) error {
	const unknown = "flag provided but not defined: -"
	msg := err.Error()
	if !strings.HasPrefix(msg, unknown) {
		return err
	}
	name := strings.TrimPrefix(msg, unknown)
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if n := suggest.Nearest(name, names); n != "" {
		return fmt.Errorf("unknown flag --%s (did you mean --%s?)", name, n)
	}
	return fmt.Errorf("unknown flag --%s (\"jantaku help %s\" lists them)", name, strings.Fields(fs.Name())[0])
}

// meant returns ` (did you mean "X"?)` for the candidate nearest to
// name, or "".
func meant(name string, candidates []string) string {
	if n := suggest.Nearest(name, candidates); n != "" {
		return fmt.Sprintf(" (did you mean %q?)", n)
	}
	return ""
}
