package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// readURL reads a URL with one of the schemes.
func readURL(schemes ...string) func(*configReader, *yaml.Node) (string, error) {
	return func(_ *configReader, n *yaml.Node) (string, error) {
		s, err := text(n, "a URL")
		if err != nil {
			return "", err
		}
		u, err := url.Parse(s)
		if err != nil {
			return "", fmt.Errorf("%q is not a URL: %v", s, err)
		}
		if !slices.Contains(schemes, u.Scheme) || u.Host == "" {
			return "", fmt.Errorf("%q: want %s://host:port", s, strings.Join(schemes, "://, "))
		}
		return s, nil
	}
}

// readAutoOr reads "auto" as itself, anything else with read.
func readAutoOr(read func(*configReader, *yaml.Node) (string, error)) func(*configReader, *yaml.Node) (string, error) {
	return func(c *configReader, n *yaml.Node) (string, error) {
		if n.Kind == yaml.ScalarNode && n.Value == "auto" {
			return "auto", nil
		}
		return read(c, n)
	}
}

// readNoneOr reads "none" as itself, anything else with read.
func readNoneOr(read func(*configReader, *yaml.Node) (string, error)) func(*configReader, *yaml.Node) (string, error) {
	return func(c *configReader, n *yaml.Node) (string, error) {
		if n.Kind == yaml.ScalarNode && n.Value == "none" {
			return "none", nil
		}
		return read(c, n)
	}
}

// readPath reads a file or folder; a relative one is from the
// configuration file's folder.
func readPath(c *configReader, n *yaml.Node) (string, error) {
	s, err := text(n, "a path")
	if err != nil {
		return "", err
	}
	if s == "" {
		return "", errors.New("empty path")
	}
	if !filepath.IsAbs(s) {
		s = filepath.Join(c.dir, s)
	}
	return s, nil
}

// readAddr reads a listener's host:port; none allows "-" (no listener).
func readAddr(none bool) func(*configReader, *yaml.Node) (string, error) {
	return func(_ *configReader, n *yaml.Node) (string, error) {
		want := "an address host:port such as 127.0.0.1:8080"
		if none {
			want += ", or \"-\" for none"
		}
		s, err := text(n, want)
		if err != nil {
			return "", err
		}
		if none && s == "-" {
			return s, nil
		}
		if err := checkAddr(s); err != nil {
			return "", fmt.Errorf("%q: %v: want %s", s, err, want)
		}
		return s, nil
	}
}

func checkAddr(s string) error {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "address "+s+": "))
	}
	p, err := strconv.Atoi(port)
	if err != nil || p < 0 || p > 65535 {
		return fmt.Errorf("bad port %q", port)
	}
	if strings.ContainsAny(host, " /") {
		return fmt.Errorf("bad host %q", host)
	}
	return nil
}

var tileSets = []string{"136", "140", "144", "108", "108-3p", "96-3p"}

func readTileSet(_ *configReader, n *yaml.Node) (string, error) {
	s, err := scalar(n, "a tile set")
	if err != nil {
		return "", err
	}
	if !slices.Contains(tileSets, s) {
		return "", fmt.Errorf("unknown tile set %q (%s)", s, strings.Join(tileSets, ", "))
	}
	return s, nil
}

var logLevels = []string{"debug", "info", "warn", "error"}

func readSurface(_ *configReader, n *yaml.Node) (string, error) {
	s, err := text(n, "switched or held")
	if err != nil {
		return "", err
	}
	if _, err := surfaceValue(s); err != nil {
		return "", err
	}
	return s, nil
}

func readLevel(_ *configReader, n *yaml.Node) (string, error) {
	s, err := text(n, "a log level")
	if err != nil {
		return "", err
	}
	if _, err := logLevel(s, false); err != nil {
		return "", err
	}
	return s, nil
}

// logLevel reads --log-level; -v means debug whatever the level says.
func logLevel(name string, verbose bool) (slog.Level, error) {
	if verbose {
		return slog.LevelDebug, nil
	}
	switch name {
	case "debug":
		return slog.LevelDebug, nil
	case "info", "":
		return slog.LevelInfo, nil
	case "warn":
		return slog.LevelWarn, nil
	case "error":
		return slog.LevelError, nil
	}
	return 0, fmt.Errorf("unknown log level %q%s (%s)", name, didYouMean(name, logLevels), strings.Join(logLevels, ", "))
}
