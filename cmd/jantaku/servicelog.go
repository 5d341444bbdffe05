package main

import (
	"context"
	"io"
	"log/slog"
	"strings"
)

// newLogger is the daemon's logger: text on w (standard error), with the
// MQTT broker library's unnamed messages named.
func newLogger(w io.Writer, level slog.Level) *slog.Logger {
	return slog.New(namedHandler{slog.NewTextHandler(w, &slog.HandlerOptions{Level: level})})
}

// namedHandler names records that come without a message: the broker
// library logs a connection that ended as WARN msg="" error=…; a browser
// tab closed or a page reloaded is normal and logged at debug level.
type namedHandler struct{ slog.Handler }

func (h namedHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == "" {
		var errText string
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == "error" || a.Key == "err" {
				errText = a.Value.String()
				return false
			}
			return true
		})
		r2 := slog.NewRecord(r.Time, r.Level, "mqtt connection ended", r.PC)
		r.Attrs(func(a slog.Attr) bool { r2.AddAttrs(a); return true })
		if closedNormally(errText) {
			r2.Level = slog.LevelDebug
			r2.Message = "mqtt connection closed by the client"
		}
		if !h.Handler.Enabled(ctx, r2.Level) {
			return nil
		}
		return h.Handler.Handle(ctx, r2)
	}
	return h.Handler.Handle(ctx, r)
}

func (h namedHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return namedHandler{h.Handler.WithAttrs(as)}
}

func (h namedHandler) WithGroup(name string) slog.Handler {
	return namedHandler{h.Handler.WithGroup(name)}
}

// closedNormally reports whether a connection's end error is a client
// going away: a closed tab, a reload, a phone asleep.
func closedNormally(err string) bool {
	for _, s := range []string{"EOF", "close 1000", "close 1001", "close 1005", "going away", "connection reset by peer", "use of closed network connection", "broken pipe"} {
		if strings.Contains(err, s) {
			return true
		}
	}
	return err == ""
}
