package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
	"jantaku/tablecore/archive"
)

// The owner loop: Run's goroutine, the only one that touches the game.

// recorded takes the journal's answer to an input: a failure to record
// stops the table's inputs until the journal records again.
func (s *Table) recorded(err error) {
	switch {
	case err == nil:
		if s.jerr != nil {
			s.log.Info("the journal records again: the table takes inputs", "journal", s.journalPath())
			s.jerr = nil
		}
	case errors.Is(err, tablecore.ErrNotRecorded):
		if s.jerr == nil {
			s.log.Error("the journal cannot record: the table takes no input until it can; every recorded input is kept", "err", err)
		}
		s.jerr, s.jerrAt = err, s.now()
		s.observe().JournalFailed()
	}
}

// retryJournal reopens a failed journal, at most every journalRetry: the
// reopened journal ends at its last whole record, and the game is the
// replay of those records, which is the game as it was.
func (s *Table) retryJournal(ctx context.Context) bool {
	if s.now().Sub(s.jerrAt) < journalRetry {
		return false
	}
	s.jerrAt = s.now()
	s.t.Close()
	t, err := tablecore.Open(ctx, s.journalPath(), resolveRuleset, s.now)
	if err != nil {
		s.log.Warn("reopening the journal", "err", err)
		return false
	}
	s.t = t
	return true
}

func resolveRuleset(name string, options json.RawMessage) (game.Ruleset, error) {
	return rulesets.New(name, options)
}

// open resumes the journaled game if there is one, else creates a game.
func (s *Table) open(ctx context.Context) error {
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	a, err := archive.Open(filepath.Join(s.dir, "archive.db"), 2*time.Second)
	if err != nil {
		return err
	}
	s.arch = a
	if s.reqs == nil {
		s.reqs = make(chan request)
	}
	if s.calls == nil {
		s.calls = make(chan func())
	}
	if _, err := os.Stat(s.journalPath()); err == nil {
		t, err := tablecore.Open(ctx, s.journalPath(), resolveRuleset, s.now)
		if err != nil {
			return fmt.Errorf("the table's journal %s does not resume (move it aside to start afresh): %w", s.journalPath(), err)
		}
		if s.rulesGiven && t.Name != s.ruleset {
			// Asked for other rules: the unfinished game is archived as
			// it stood (as an operator's abort would) and a new one begins.
			wanted, opts := s.ruleset, s.options
			s.t = t
			if err := s.finish(ctx); err != nil {
				return fmt.Errorf("archiving the unfinished %s game of %s before a %s game: %w", t.Name, s.journalPath(), wanted, err)
			}
			s.log.Warn("the journal held an unfinished game of other rules: archived as it stood", "archived_ruleset", t.Name, "ruleset", wanted)
			s.ruleset, s.options, s.played = wanted, opts, 0
			return s.newGame(ctx)
		}
		s.t, s.ruleset, s.options = t, t.Name, t.Opts
		s.log.Info("resumed the game", "journal", s.journalPath(), "ruleset", t.Name, "events", len(t.Start))
		if windowOpen(t.Game().Hand()) && s.claimWindow > 0 {
			// Calls held in a window are not journaled: stopped inside
			// one, the table gives every seat the whole window again
			// rather than let the next draw pass over a call it took.
			s.windowEnd = s.now().Add(s.claimWindow)
			s.log.Info("the claim window is open again after the restart", "for", s.claimWindow)
		}
		return nil
	}
	return s.newGame(ctx)
}

func (s *Table) newGame(ctx context.Context) error {
	t, err := tablecore.Create(ctx, s.journalPath(), s.ruleset, s.options, resolveRuleset, 0, s.now)
	if err != nil {
		return err
	}
	s.t, s.started, s.passes, s.held = t, s.now(), nil, nil
	if s.pub != nil {
		s.pub.NewGame()
	}
	s.log.Info("new game", "ruleset", s.ruleset, "journal", s.journalPath())
	return nil
}

// Run plays until ctx ends (it returns nil) or the configured number of
// games is played. It is the owner goroutine: it alone touches the game.
func (s *Table) Run(ctx context.Context) error {
	if s.pub != nil {
		if err := s.pub.Snapshot(ctx, s.t.Game(), s.now()); err != nil {
			s.log.Warn("publishing the snapshot", "err", err)
		}
	}
	// Steps a sensed hand held for its claim window are never lost: the
	// table stopping, or its last game over, publishes them at once.
	defer func() {
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		s.flushHeld(fctx)
	}()
	ticks := s.ticks
	if ticks == nil {
		tick := time.NewTicker(max(s.pace, time.Millisecond))
		defer tick.Stop()
		ticks = tick.C
	}
	for {
		var sensedDone chan error
		if s.sensed != nil {
			sensedDone = s.sensed.done
		}
		select {
		case <-ctx.Done():
			if s.sensed != nil {
				s.sensed.cancel()
				<-s.sensed.done
			}
			return nil
		case <-s.hold.timer:
			s.releaseHeld(ctx)
		case f := <-s.calls:
			f()
		case err := <-sensedDone:
			s.endSensed(ctx, err)
		case r := <-s.reqs:
			if r.health != nil {
				st := s.t.Game().Standing()
				r.health <- Health{Journal: s.journalPath(), Records: s.t.Records(), Hands: st.Hands, Dealt: s.dealt, Paused: s.paused, Err: s.jerr, Archive: s.aerr}
				continue
			}
			if r.view != nil {
				r.view <- s.t.Game().View(r.cmd.Seat)
				continue
			}
			r.reply <- s.command(ctx, r.cmd)
		case <-ticks:
			done, err := s.step(ctx)
			if err != nil {
				return err
			}
			if done {
				return nil
			}
		}
	}
}

// step makes the table move on by one thing: a hand dealt, a finished
// game archived and a new one begun, or one simulated player's action.
func (s *Table) step(ctx context.Context) (done bool, err error) {
	if s.paused || s.sensed != nil {
		return false, nil
	}
	if s.jerr != nil && !s.retryJournal(ctx) {
		return false, nil
	}
	g := s.t.Game()
	if g.Over() {
		if s.aerr != nil && s.now().Sub(s.aerrAt) < journalRetry {
			return false, nil
		}
		if err := s.finish(ctx); err != nil {
			if s.aerr == nil {
				s.log.Error("archiving the finished game failed: its journal is kept and archiving is retried", "err", err, "journal", s.journalPath())
			}
			s.aerr, s.aerrAt = err, s.now()
			return false, nil
		}
		if s.aerr != nil {
			s.log.Info("the finished game is archived after all")
			s.aerr = nil
		}
		if s.games > 0 && s.played >= s.games {
			return true, nil
		}
		return false, s.newGame(ctx)
	}
	if h := g.Hand(); h == nil || h.Phase == game.Over {
		d, err := s.deal.Deal(ctx, g)
		if errors.Is(err, ErrWallsNotUp) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		evs, err := s.t.StartHand(ctx, d)
		s.recorded(err)
		if err != nil {
			if errors.Is(err, tablecore.ErrGameOver) || errors.Is(err, tablecore.ErrNotRecorded) {
				return false, nil
			}
			return false, err
		}
		s.observe().HandDealt(s.t.Name)
		s.publish(ctx, evs)
		if s.sense != nil {
			return false, s.startSensed(ctx)
		}
		return false, nil
	}
	if s.holding(g) {
		return false, nil // the claim window is open
	}
	if settled, err := s.endWindow(ctx); err != nil || settled {
		if errors.Is(err, tablecore.ErrNotRecorded) {
			err = nil
		}
		return false, err
	}
	a, ok := players.Move(g, s.bots)
	if !ok {
		closed, err := s.closeClaims(ctx, g)
		if err != nil {
			return false, err
		}
		if !closed {
			s.logWaiting(g)
		}
		return false, nil // waiting for a person
	}
	evs, err := s.t.Apply(ctx, a)
	s.recorded(err)
	s.observe().Action(err == nil)
	if errors.Is(err, tablecore.ErrNotRecorded) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("a simulated player's legal move was refused: %w", err)
	}
	s.publish(ctx, evs)
	return false, nil
}

func (s *Table) publish(ctx context.Context, evs []tablecore.Event) {
	if s.holdSensed(evs) {
		return
	}
	s.release(ctx, evs)
}

// release publishes evs now: passes alone are kept for the next step.
func (s *Table) release(ctx context.Context, evs []tablecore.Event) {
	s.logHands(evs)
	s.noteWindow(evs)
	if s.pub == nil || len(evs) == 0 {
		return
	}
	if onlyPasses(evs) || s.gather {
		s.passes = append(s.passes, evs...)
		s.log.Debug("step held", "events", describeEvents(evs), "gather", s.gather)
		if !s.gather && keptLastDraw(s.t.Game()) {
			// Unlike a claim's pass, keeping a last-draws tile moves the
			// turn on, and the next player may be a person waiting to be
			// shown the draw: the views go out now. The pass takes no
			// number, so they go out as a snapshot of that number; the
			// pass itself goes with the next step, as every pass does.
			if err := s.pub.Snapshot(ctx, s.t.Game(), s.now()); err != nil {
				s.log.Warn("publishing", "err", err)
			}
		}
		return
	}
	if len(s.passes) > 0 {
		evs = append(s.passes, evs...)
		s.passes = nil
	}
	s.send(ctx, evs)
}

// send publishes evs as one step.
func (s *Table) send(ctx context.Context, evs []tablecore.Event) {
	s.log.Debug("step published", "events", describeEvents(evs))
	if err := s.pub.Publish(ctx, s.t.Game(), evs, s.now()); err != nil {
		s.log.Warn("publishing", "err", err)
	}
}

// keptLastDraw reports whether the last action of g's hand is a seat
// keeping the tile it drew in the last-draws phase (Rules.FinalDraws,
// Wuhan's 海底撈): a pass right after its own draw. A claim's pass follows
// a discard or an added kong.
func keptLastDraw(g *tablecore.Game) bool {
	h := g.Hand()
	if h == nil || len(h.Log) < 2 {
		return false
	}
	last, before := h.Log[len(h.Log)-1], h.Log[len(h.Log)-2]
	return last.Kind == game.Pass && before.Kind == game.Draw && before.Seat == last.Seat
}

// onlyPasses reports whether evs are passes and nothing else.
func onlyPasses(evs []tablecore.Event) bool {
	for _, e := range evs {
		if e.Type != tablecore.Acted || e.Action.Kind != game.Pass {
			return false
		}
	}
	return true
}

// finish archives the finished game and moves its journal aside.
func (s *Table) finish(ctx context.Context) error {
	if err := s.t.RecordResult(ctx); err != nil {
		return err
	}
	j, err := os.ReadFile(s.journalPath())
	if err != nil {
		return err
	}
	st := s.t.Game().Standing()
	sum := archive.Summary{Ruleset: s.t.Name, Options: s.t.Opts, Started: s.started, Finished: s.now(), Hands: st.Hands, Scores: st.Scores}
	if r, ok := s.t.Game().Settlement(); ok {
		sum.Result = &r
	}
	id, err := s.arch.Put(sum, j)
	if err != nil {
		return err
	}
	// Archiving again after a failed rename stores nothing twice (Put
	// knows the journal), so the journal moves aside before it closes.
	if err := os.Rename(s.journalPath(), filepath.Join(s.dir, fmt.Sprintf("game-%d.jnl", id))); err != nil {
		return err
	}
	s.observe().GameFinished(s.t.Name)
	s.t.Close()
	s.t = nil
	s.played++
	s.log.Info("game finished and archived", "id", id, "scores", st.Scores, "hands", st.Hands)
	return nil
}

// describeEvents names events for the debug log: "12 discard 3 5p".
func describeEvents(evs []tablecore.Event) string {
	var b strings.Builder
	for i, e := range evs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d %s", e.Seq, e.Type)
		if e.Type == tablecore.Acted {
			fmt.Fprintf(&b, " %s", e.Action)
		}
	}
	return b.String()
}
