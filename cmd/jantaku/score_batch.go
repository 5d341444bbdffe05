package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"jantaku/rules/scorecli"
)

// withoutBatch drops --batch and its value from the command line, which
// becomes every batch line's defaults.
func withoutBatch(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--batch" || a == "-batch":
			i++
		case strings.HasPrefix(a, "--batch=") || strings.HasPrefix(a, "-batch="):
		default:
			out = append(out, a)
		}
	}
	return out
}

// scoreBatch scores one hand per line of the file name ("-" standard
// input), each line's flags over the command line's defaults.
func scoreBatch(ctx context.Context, name string, defaults []string, stdin io.Reader, stdout io.Writer) error {
	in := stdin
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return usageError{err}
		}
		defer fh.Close()
		in = fh
	}
	var df scorecli.Request
	if _, err := parseScore(&df, defaults); err != nil {
		return usageError{err}
	}
	if _, _, err := family(&df); err != nil {
		return usageError{err}
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	lines, failed := 0, 0
	for n := 1; sc.Scan(); n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lines++
		out, lr, err := scoreLine(defaults, line)
		if err != nil {
			failed++
			if df.JSON {
				enc.Encode(newScoreError(n, lr, err))
			} else {
				fmt.Fprintf(stdout, "line %d: error: %v\n", n, err)
			}
			continue
		}
		out.SetLine(n)
		if df.JSON {
			enc.Encode(out)
		} else {
			fmt.Fprintf(stdout, "line %d: %s\n", n, out.Summary())
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if failed > 0 {
		return someLinesError{failed: failed, lines: lines}
	}
	return nil
}

// scoreLine scores one batch line; it returns the line's request, as far
// as it was read, for the error report.
func scoreLine(defaults []string, line string) (scorecli.Result, *scorecli.Request, error) {
	var r scorecli.Request
	words, err := splitWords(line)
	if err != nil {
		return nil, &r, usageError{err}
	}
	batch, err := parseScore(&r, append(append([]string(nil), defaults...), words...))
	if err != nil {
		return nil, &r, usageError{err}
	}
	if batch != "" {
		return nil, &r, usageError{errors.New("--batch inside a batch line")}
	}
	if len(r.Hand) == 0 {
		return nil, &r, usageError{errors.New("no hand on the line")}
	}
	out, err := scoreHand(&r)
	return out, &r, err
}

// splitWords splits a line into words as a shell would for plain words
// and single- or double-quoted strings.
func splitWords(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c quote", quote)
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}
