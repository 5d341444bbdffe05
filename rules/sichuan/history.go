package sichuan

import (
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// history is what the hand's log says about wins, kongs and claim windows.
// Rulesets keep no state of their own: the log is the truth, and this is a
// fold of it, recomputed when needed.
type history struct {
	won     []int // per seat: log index of its win, -1 if none
	kongs   []kong
	windows []window
	repl    map[int]int // log index of a replacement draw → index in kongs
}

// kong is one kong declaration and what it earns (spec/sichuan.md §8).
type kong struct {
	seat     game.Seat
	typ      tile.MeldType // Kan, AddedKan or ClosedKan
	tile     tile.Tile
	at       int  // log index of the declaration
	happened bool // not robbed, not beaten by a win on the same discard
	payers   []game.Seat
	amount   int  // each payer's due; 0 for an added kong with a tile held before
	void     bool // the discard after it was won on (D-SC-08)
}

// window is a claim window: a discard or a tile added to a kong.
type window struct {
	from      game.Seat
	tile      tile.Tile
	at, end   int // log index of the discard; index after its last answer
	robbing   bool
	rons      []game.Seat
	openKan   int   // index in kongs of an exposed kong claimed on it, -1
	chain     []int // kongs the discarder made just before it, in order
	remaining int   // wall tiles left when it opened
}

func (w *window) won() bool { return len(w.rons) > 0 }

func newHistory(h *game.Hand, o Options) *history {
	log := h.Log
	hs := &history{won: make([]int, h.Players), repl: map[int]int{}}
	for i := range hs.won {
		hs.won[i] = -1
	}
	// Tiles left at log index i: those left now plus the draws since.
	drawsFrom := make([]int, len(log)+1)
	for i := len(log) - 1; i >= 0; i-- {
		drawsFrom[i] = drawsFrom[i+1]
		if log[i].Kind == game.Draw {
			drawsFrom[i]++
		}
	}
	remaining := func(i int) int { return h.Wall.Remaining() + drawsFrom[i] }
	playing := func(i int, except game.Seat) []game.Seat {
		var out []game.Seat
		for s := range h.Players {
			if game.Seat(s) != except && (hs.won[s] < 0 || hs.won[s] >= i) {
				out = append(out, game.Seat(s))
			}
		}
		return out
	}
	// chainBefore returns the kongs made by seat right before log index i
	// (kong → replacement → … → the action at i).
	chainBefore := func(i int, seat game.Seat) []int {
		var chain []int
		for i > 0 {
			k, ok := hs.repl[i-1]
			if !ok || log[i-1].Seat != seat {
				break
			}
			chain = append([]int{k}, chain...)
			if hs.kongs[k].typ == tile.Kan {
				break
			}
			i = hs.kongs[k].at
		}
		return chain
	}
	var last *window // the window that ended just before the current index
	for i := 0; i < len(log); i++ {
		a := log[i]
		prev := last
		last = nil
		switch a.Kind {
		case game.Tsumo:
			hs.won[a.Seat] = i
		case game.ClosedKan:
			hs.kongs = append(hs.kongs, kong{seat: a.Seat, typ: tile.ClosedKan, tile: a.Tile, at: i, happened: true, payers: playing(i, a.Seat), amount: 2})
		case game.Draw:
			switch {
			case i > 0 && log[i-1].Kind == game.ClosedKan && log[i-1].Seat == a.Seat:
				hs.repl[i] = len(hs.kongs) - 1
			case prev != nil && !prev.won() && prev.robbing && prev.from == a.Seat:
				hs.repl[i] = len(hs.kongs) - 1
			case prev != nil && !prev.won() && prev.openKan >= 0 && hs.kongs[prev.openKan].seat == a.Seat:
				hs.repl[i] = prev.openKan
			}
		case game.Discard, game.AddedKan:
			w := window{from: a.Seat, tile: a.Tile, at: i, robbing: a.Kind == game.AddedKan, openKan: -1, remaining: remaining(i)}
			if !w.robbing {
				w.chain = chainBefore(i, a.Seat)
			}
			var kan *game.Action
			j := i + 1
			for ; j < len(log) && log[j].Kind.IsClaim(); j++ {
				switch log[j].Kind {
				case game.Ron:
					w.rons = append(w.rons, log[j].Seat)
				case game.OpenKan:
					kan = &log[j]
				}
			}
			w.end = j
			for _, s := range w.rons {
				hs.won[s] = j - 1
			}
			if w.robbing {
				k := kong{seat: a.Seat, typ: tile.AddedKan, tile: a.Tile, at: i, happened: !w.won(), payers: playing(i, a.Seat)}
				if i > 0 && log[i-1].Kind == game.Draw && log[i-1].Seat == a.Seat && log[i-1].Tile == a.Tile {
					k.amount = 1 // added at once with the tile just drawn (spec/sichuan.md §8.1)
				}
				hs.kongs = append(hs.kongs, k)
			} else if kan != nil {
				w.openKan = len(hs.kongs)
				hs.kongs = append(hs.kongs, kong{seat: kan.Seat, typ: tile.Kan, tile: a.Tile, at: i, happened: !w.won(), payers: []game.Seat{a.Seat}, amount: 2})
			}
			if w.won() && len(w.chain) > 0 {
				k := &hs.kongs[w.chain[len(w.chain)-1]]
				wins := 0
				for _, x := range hs.won {
					if x >= 0 && x < j {
						wins++
					}
				}
				k.void = !(o.KongDealInIncome == LiteralSplit && len(w.chain) == 1 && wins <= 2)
			}
			hs.windows = append(hs.windows, w)
			last = &hs.windows[len(hs.windows)-1]
			i = j - 1
		}
	}
	return hs
}

// current returns the window open at the end of the log, or nil.
func (hs *history) current(h *game.Hand) *window {
	if h.Phase != game.Claims || len(hs.windows) == 0 {
		return nil
	}
	return &hs.windows[len(hs.windows)-1]
}

// income returns the kong payments that stand: happened, not void, paid.
func (hs *history) income(seat game.Seat) []game.Payment {
	var out []game.Payment
	for _, k := range hs.kongs {
		if k.seat != seat || !k.happened || k.void || k.amount == 0 {
			continue
		}
		for _, p := range k.payers {
			out = append(out, game.Payment{From: p, To: seat, Amount: k.amount, Reason: kongReason(k.typ)})
		}
	}
	return out
}

func kongReason(t tile.MeldType) string {
	switch t {
	case tile.ClosedKan:
		return "concealed kong 暗カン"
	case tile.AddedKan:
		return "added kong 加カン"
	}
	return "exposed kong 大明カン"
}

// payments returns what kong k earns.
func (k *kong) payments() []game.Payment {
	if k.amount == 0 {
		return nil
	}
	out := make([]game.Payment, 0, len(k.payers))
	for _, p := range k.payers {
		out = append(out, game.Payment{From: p, To: k.seat, Amount: k.amount, Reason: kongReason(k.typ)})
	}
	return out
}
