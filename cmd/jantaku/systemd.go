package main

import (
	"context"
	"log/slog"

	"jantaku/internal/sdnotify"
)

// notifySystemd tells systemd (deploy/jantaku.service, Type=notify) that the
// table serves, with status shown by "systemctl status", and keeps systemd's
// watchdog fed while the table's owner loop answers: a stuck owner stops the
// pings and systemd restarts the daemon. The returned func, called when the
// table stops, stops the pings and says STOPPING=1. machine, when set, must
// also answer nil for a ping: a stuck machine cycle restarts the daemon too.
// Outside systemd it does nothing.
func notifySystemd(ctx context.Context, log *slog.Logger, svc interface{ Alive(context.Context) error }, machine func() error, status string) (stop func()) {
	n, err := sdnotify.FromEnv()
	if err != nil {
		log.Warn("systemd watchdog off", "err", err)
	}
	if !n.Enabled() {
		return func() {}
	}
	if err := n.Ready(status); err != nil {
		log.Warn("telling systemd the table is ready", "err", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		alive := func(ctx context.Context) error {
			if err := svc.Alive(ctx); err != nil {
				return err
			}
			if machine != nil {
				return machine()
			}
			return nil
		}
		n.Watchdog(ctx, alive, func(err error) { log.Error("systemd watchdog not fed", "err", err) })
	}()
	log.Info("told systemd the table is ready", "watchdog", n.WatchdogInterval())
	return func() {
		cancel()
		<-done
		if err := n.Stopping(); err != nil {
			log.Warn("telling systemd the table stops", "err", err)
		}
	}
}
