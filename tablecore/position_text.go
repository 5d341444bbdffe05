package tablecore

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// maxPositionText bounds what ParsePosition reads: a position with a full
// wall and a long history is a few kilobytes.
const maxPositionText = 64 << 10

// String writes the position in the notation ParsePosition reads, one
// field a line (docs/position.md).
func (p *Position) String() string {
	var b strings.Builder
	if p.Ruleset != "" {
		b.WriteString("ruleset " + p.Ruleset)
		if o := bytes.TrimSpace(p.Options); len(o) > 0 && !bytes.Equal(o, []byte("null")) {
			var c bytes.Buffer
			if json.Compact(&c, o) == nil {
				o = c.Bytes()
			}
			b.WriteString(" " + string(o))
		}
		b.WriteByte('\n')
	}
	st := p.Standing
	fmt.Fprintf(&b, "game %s%d dealer %d honba %d pot %d hands %d scores", roundLetter(st.Round), st.Number+1, st.Dealer, st.Honba, st.Pot, st.Hands)
	for _, s := range st.Scores {
		fmt.Fprintf(&b, " %d", s)
	}
	b.WriteByte('\n')
	fmt.Fprintf(&b, "turn %d %s", p.Turn, p.Stage)
	if p.Stage.InHand() && p.Source == game.Tail {
		b.WriteString(" tail")
	}
	b.WriteByte('\n')
	if !p.Stage.InHand() {
		return b.String()
	}
	if p.Dice != [2]int{} {
		fmt.Fprintf(&b, "dice %d %d\n", p.Dice[0], p.Dice[1])
	}
	fmt.Fprintf(&b, "wall drawn %d+%d reserve %d: %s\n", p.Wall.Head, p.Wall.Tail, p.Wall.Reserve, p.Wall.row())
	for i, sp := range p.Seats {
		fmt.Fprintf(&b, "seat %d %s", i, seatWindLetter(p.Standing.Dealer, game.Seat(i), len(p.Seats)))
		if len(sp.Concealed) > 0 {
			b.WriteString(" " + tile.Format(sp.Concealed))
		}
		if sp.Unknown > 0 {
			fmt.Fprintf(&b, " %d?", sp.Unknown)
		}
		for _, m := range sp.Melds {
			b.WriteString(" " + m.String())
		}
		if len(sp.Pond) > 0 {
			b.WriteString(" pond")
			for _, d := range sp.Pond {
				b.WriteString(" " + d.Tile.String())
				if d.Drawn {
					b.WriteByte('\'')
				}
				if d.Riichi {
					b.WriteByte('*')
				}
				if d.Taken {
					b.WriteByte('^')
				}
			}
		}
		if len(sp.Flowers) > 0 {
			b.WriteString(" flowers " + tile.Format(sp.Flowers))
		}
		if len(sp.SingleKans) > 0 {
			b.WriteString(" kongs " + tile.Format(sp.SingleKans))
		}
		if sp.HasMissing {
			b.WriteString(" missing " + string(sp.Missing.Letter()))
		}
		b.WriteByte('\n')
	}
	if p.Claim != nil && (p.Stage == StageClaim || p.Stage == StageRob) {
		fmt.Fprintf(&b, "claim %d %s", p.Claim.From, p.Claim.Tile)
		var answers []string
		for i, r := range p.Claim.Responses {
			if !r.Answered || game.Seat(i) == p.Claim.From || p.won(game.Seat(i)) {
				continue
			}
			answers = append(answers, formatAction(r.Action))
		}
		if len(answers) > 0 {
			b.WriteString(" answers " + strings.Join(answers, " "))
		}
		b.WriteByte('\n')
	}
	if len(p.Wins) > 0 {
		b.WriteString("wins")
		for _, w := range p.Wins {
			b.WriteString(" " + formatWin(w))
		}
		b.WriteByte('\n')
	}
	if len(p.Fouls) > 0 {
		b.WriteString("fouls")
		for _, a := range p.Fouls {
			b.WriteString(" " + formatAction(a))
		}
		b.WriteByte('\n')
	}
	if p.HasLog {
		b.WriteString("log")
		for _, a := range p.Log {
			b.WriteString(" " + formatAction(a))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (p *Position) won(s game.Seat) bool {
	for _, w := range p.Wins {
		if w.Seat == s {
			return true
		}
	}
	return false
}

func roundLetter(k tile.Kind) string {
	if k.IsWind() {
		return string("ESWN"[k-tile.East])
	}
	return "?"
}

func seatWindLetter(dealer, s game.Seat, n int) string {
	return string("ESWN"[dealer.Offset(s, n)])
}

// row writes the wall positions: runs of taken (`-`) and unknown (`?`)
// positions as counts, known tiles in mpsz runs, indicators in brackets,
// and `|` where the reserve begins.
func (w *PositionWall) row() string {
	gw := game.Wall{Tiles: make([]tile.Tile, len(w.Slots)), Head: w.Head, Tail: w.Tail}
	taken := takenPositions(&gw)
	several := 0
	for _, s := range w.Slots {
		if s.Indicator > 0 {
			several++
		}
	}
	var parts []string
	var run []tile.Tile
	var count int
	var countOf byte
	flush := func() {
		if len(run) > 0 {
			parts = append(parts, tile.Format(run))
			run = run[:0]
		}
		if count > 0 {
			if count == 1 {
				parts = append(parts, string(countOf))
			} else {
				parts = append(parts, strconv.Itoa(count)+string(countOf))
			}
			count = 0
		}
	}
	boundary := len(w.Slots) - w.Reserve
	for i, s := range w.Slots {
		if i == boundary && w.Reserve > 0 {
			flush()
			parts = append(parts, "|")
		}
		switch {
		case s.Indicator > 0:
			flush()
			t := "?"
			if s.Known {
				t = s.Tile.String()
			}
			if several > 1 {
				t += "#" + strconv.Itoa(s.Indicator)
			}
			parts = append(parts, "["+t+"]")
		case taken[i] || !s.Known:
			c := byte('?')
			if taken[i] {
				c = '-'
			}
			if len(run) > 0 || (count > 0 && countOf != c) {
				flush()
			}
			count, countOf = count+1, c
		default:
			if count > 0 {
				flush()
			}
			run = append(run, s.Tile)
		}
	}
	flush()
	return strings.Join(parts, " ")
}

// formatAction writes an action as one token: seat, kind, then the tile
// and the tiles used ("1pon:5m+55m", "0missing-suit:s", "2tsumo").
func formatAction(a game.Action) string {
	s := strconv.Itoa(int(a.Seat)) + a.Kind.String()
	switch a.Kind {
	case game.Pass, game.Abort, game.Tsumo:
		return s
	case game.Missing:
		if a.Tile == hidden {
			return s + ":" + string(a.Suit.Letter()) + "+?"
		}
		return s + ":" + string(a.Suit.Letter()) + "+" + a.Tile.String()
	}
	if a.Tile == hidden {
		return s + ":?"
	}
	s += ":" + a.Tile.String()
	if len(a.Uses) > 0 {
		s += "+" + tile.Format(a.Uses)
	}
	return s
}

func formatWin(w game.Win) string {
	s := strconv.Itoa(int(w.Seat))
	if w.From == game.NoSeat {
		s += "tsumo:" + w.Tile.String()
	} else {
		s += "ron:" + w.Tile.String() + "@" + strconv.Itoa(int(w.From))
	}
	if w.Robbed {
		s += ":robbed"
	}
	return s
}

// ParsePosition reads a position as Position.String writes it. Lines may
// come in any order after the game line; a text with no newline may
// separate its lines with ";". Blank lines and lines starting with # are
// skipped. Errors are *PositionError (matching ErrPosition) naming the
// line and field.
func ParsePosition(text string) (*Position, error) {
	if len(text) > maxPositionText {
		return nil, &PositionError{Msg: fmt.Sprintf("%d bytes, more than the %d a position may have", len(text), maxPositionText)}
	}
	sep := "\n"
	if !strings.Contains(text, "\n") {
		sep = ";"
	}
	p := &Position{}
	seen := map[string]int{}
	seats := map[int]bool{}
	for n, line := range strings.Split(text, sep) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		fail := func(err error) error {
			var pe *PositionError
			if errors.As(err, &pe) {
				pe.Line = n + 1
				if pe.Field == "" {
					pe.Field = key
				}
				return pe
			}
			return &PositionError{Line: n + 1, Field: key, Msg: "unreadable", Err: err}
		}
		if key != "seat" {
			if seen[key] > 0 {
				return nil, fail(posErr(key, "given twice (lines %d and %d)", seen[key], n+1))
			}
			seen[key] = n + 1
		}
		var err error
		switch key {
		case "ruleset":
			name, opts, _ := strings.Cut(rest, " ")
			if name == "" {
				err = posErr(key, "no ruleset named")
				break
			}
			p.Ruleset = name
			if opts = strings.TrimSpace(opts); opts != "" {
				if !json.Valid([]byte(opts)) {
					err = posErr(key, "the options %q are not JSON", opts)
					break
				}
				p.Options = json.RawMessage(opts)
			}
		case "game":
			err = p.parseGame(rest)
		case "turn":
			err = p.parseTurn(rest)
		case "dice":
			err = p.parseDice(rest)
		case "wall":
			err = p.parseWall(rest)
		case "seat":
			var i int
			i, err = p.parseSeat(rest)
			if err == nil && seats[i] {
				err = posErr("seat", "seat %d given twice", i)
			}
			seats[i] = true
		case "claim":
			err = p.parseClaim(rest)
		case "wins":
			for _, tok := range strings.Fields(rest) {
				var w game.Win
				if w, err = parseWin(tok); err != nil {
					break
				}
				p.Wins = append(p.Wins, w)
			}
		case "fouls":
			p.Fouls, err = parseActions(rest)
		case "log":
			p.Log, err = parseActions(rest)
			p.HasLog = true
		default:
			err = posErr(key, "unknown line (ruleset, game, turn, dice, wall, seat, claim, wins, fouls, log)")
		}
		if err != nil {
			return nil, fail(err)
		}
	}
	if seen["game"] == 0 {
		return nil, posErr("game", "missing: every position has a game line")
	}
	if seen["turn"] == 0 {
		return nil, posErr("turn", "missing: every position has a turn line")
	}
	if !p.Stage.InHand() {
		for _, k := range []string{"dice", "wall", "claim", "wins", "fouls", "log"} {
			if seen[k] > 0 {
				return nil, &PositionError{Line: seen[k], Field: k, Msg: "only a hand in progress has one (the stage is " + p.Stage.String() + ")"}
			}
		}
		if len(seats) > 0 {
			return nil, posErr("seat", "only a hand in progress has seats (the stage is %s)", p.Stage)
		}
		return p, nil
	}
	if seen["wall"] == 0 {
		return nil, posErr("wall", "missing: a hand in progress has a wall line")
	}
	players := len(p.Standing.Scores)
	if len(seats) != players {
		return nil, posErr("seat", "%d seat lines for %d scores", len(seats), players)
	}
	for i := 0; i < players; i++ {
		if !seats[i] {
			return nil, posErr("seat", "seat %d is missing", i)
		}
	}
	if (p.Stage == StageClaim || p.Stage == StageRob) != (p.Claim != nil) {
		return nil, posErr("claim", "a claim line goes with a claim or rob stage, and only with one")
	}
	if p.Claim != nil {
		if int(p.Claim.From) >= players {
			return nil, posErr("claim", "from seat %d at a table of %d", p.Claim.From, players)
		}
		rs := make([]game.Response, players)
		for _, r := range p.Claim.Responses {
			if int(r.Action.Seat) >= players {
				return nil, posErr("claim", "an answer from seat %d at a table of %d", r.Action.Seat, players)
			}
			if rs[r.Action.Seat].Answered {
				return nil, posErr("claim", "seat %d answered twice", r.Action.Seat)
			}
			rs[r.Action.Seat] = r
		}
		p.Claim.Responses = rs
		p.Claim.Robbing = p.Stage == StageRob
	}
	return p, nil
}

func (p *Position) parseGame(rest string) error {
	f := strings.Fields(rest)
	if len(f) == 0 || len(f[0]) < 2 {
		return posErr("game", "starts with the round and hand, e.g. E1")
	}
	w := strings.IndexByte("ESWN", f[0][0])
	num, err := strconv.Atoi(f[0][1:])
	if w < 0 || err != nil || num < 1 || num > 99 {
		return posErr("game", "%q is not a round and hand such as E1 or S4", f[0])
	}
	p.Standing.Round, p.Standing.Number = tile.East+tile.Kind(w), num-1
	dealer := -1
	for i := 1; i < len(f); i++ {
		key := f[i]
		if key == "scores" {
			for _, s := range f[i+1:] {
				v, err := strconv.Atoi(s)
				if err != nil {
					return posErr("game", "score %q is not a number", s)
				}
				p.Standing.Scores = append(p.Standing.Scores, v)
			}
			break
		}
		if i+1 >= len(f) {
			return posErr("game", "%s has no value", key)
		}
		v, err := strconv.Atoi(f[i+1])
		if err != nil || v < 0 {
			return posErr("game", "%s %q is not a count", key, f[i+1])
		}
		i++
		switch key {
		case "dealer":
			dealer = v
		case "honba":
			p.Standing.Honba = v
		case "pot":
			p.Standing.Pot = v
		case "hands":
			p.Standing.Hands = v
		default:
			return posErr("game", "unknown field %q (dealer, honba, pot, hands, scores)", key)
		}
	}
	n := len(p.Standing.Scores)
	if n != 3 && n != 4 {
		return posErr("game", "%d scores; a table has 3 or 4 players", n)
	}
	if dealer < 0 || dealer >= n {
		return posErr("game", "the dealer must be a seat 0–%d", n-1)
	}
	p.Standing.Dealer = game.Seat(dealer)
	return nil
}

func (p *Position) parseTurn(rest string) error {
	f := strings.Fields(rest)
	if len(f) < 2 || len(f) > 3 {
		return posErr("turn", "is a seat and a stage, e.g. \"turn 2 act\"")
	}
	s, err := strconv.Atoi(f[0])
	if err != nil || s < 0 || s > 3 {
		return posErr("turn", "seat %q", f[0])
	}
	p.Turn = game.Seat(s)
	st := -1
	for i, n := range stageNames {
		if n == f[1] {
			st = i
		}
	}
	if st < 0 {
		return posErr("turn", "unknown stage %q (%s)", f[1], strings.Join(stageNames[:], ", "))
	}
	p.Stage = Stage(st)
	if len(f) == 3 {
		if f[2] != "tail" || !p.Stage.InHand() {
			return posErr("turn", "%q after the stage (only \"tail\", in a hand)", f[2])
		}
		p.Source = game.Tail
	}
	return nil
}

func (p *Position) parseDice(rest string) error {
	f := strings.Fields(rest)
	if len(f) != 2 {
		return posErr("dice", "two dice, e.g. \"dice 3 5\"")
	}
	for i, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > 6 {
			return posErr("dice", "a die shows 1–6, not %q", s)
		}
		p.Dice[i] = v
	}
	return nil
}

// parseWall reads "drawn H+T reserve R: ROW".
func (p *Position) parseWall(rest string) error {
	head, row, ok := strings.Cut(rest, ":")
	if !ok {
		return posErr("wall", "\"drawn H+T reserve R:\" then the positions")
	}
	f := strings.Fields(head)
	if len(f) != 4 || f[0] != "drawn" || f[2] != "reserve" {
		return posErr("wall", "starts \"drawn H+T reserve R:\", not %q", head)
	}
	hs, ts, ok := strings.Cut(f[1], "+")
	h, err1 := strconv.Atoi(hs)
	t, err2 := strconv.Atoi(ts)
	r, err3 := strconv.Atoi(f[3])
	if !ok || err1 != nil || err2 != nil || err3 != nil || h < 0 || t < 0 || r < 0 {
		return posErr("wall", "counts %q and %q", f[1], f[3])
	}
	items, err := scanTiles(row, true)
	if err != nil {
		return err
	}
	w := PositionWall{Head: h, Tail: t, Reserve: r}
	boundary := -1
	for _, it := range items {
		switch {
		case it.boundary:
			if boundary >= 0 {
				return posErr("wall", "two | marks")
			}
			boundary = len(w.Slots)
		case it.count > 0:
			if len(w.Slots)+it.count > 1024 {
				return posErr("wall", "more than 1024 positions")
			}
			for k := 0; k < it.count; k++ {
				w.Slots = append(w.Slots, WallSlot{})
			}
		default:
			if len(it.marks) > 0 {
				return posErr("wall", "marks %q belong in a pond", it.marks)
			}
			w.Slots = append(w.Slots, WallSlot{Tile: it.tile, Known: !it.unknown, Indicator: it.indicator})
		}
	}
	n := len(w.Slots)
	if h+t > n || r > n {
		return posErr("wall", "%d positions cannot have %d drawn and %d reserved", n, h+t, r)
	}
	if boundary >= 0 && boundary != n-r {
		return posErr("wall", "the | stands after %d positions; the reserve of %d begins after %d", boundary, r, n-r)
	}
	// Check the written taken positions against the counts.
	taken := takenPositions(&game.Wall{Tiles: make([]tile.Tile, n), Head: h, Tail: t})
	var takenItems []bool
	for _, it := range items {
		switch {
		case it.boundary:
		case it.count > 0:
			for k := 0; k < it.count; k++ {
				takenItems = append(takenItems, it.taken)
			}
		default:
			takenItems = append(takenItems, false)
		}
	}
	for i := range w.Slots {
		if w.Slots[i].Indicator != 0 {
			continue
		}
		if takenItems[i] != taken[i] {
			if taken[i] {
				return posErr("wall", "position %d has been drawn (%d+%d) and must be written -", i, h, t)
			}
			return posErr("wall", "position %d is written - but has not been drawn (%d+%d)", i, h, t)
		}
	}
	// Indicators without a number are numbered in wall order.
	next := 0
	for _, s := range w.Slots {
		next = max(next, s.Indicator)
	}
	for i := range w.Slots {
		if w.Slots[i].Indicator < 0 {
			next++
			w.Slots[i].Indicator = next
		}
	}
	p.Wall = w
	return nil
}

// parseSeat reads "N [wind] hand-tiles [N?] melds… [pond …] [flowers …]
// [kongs …] [missing s]" and returns the seat number.
func (p *Position) parseSeat(rest string) (int, error) {
	toks, err := seatTokens(rest)
	if err != nil {
		return 0, err
	}
	if len(toks) == 0 {
		return 0, posErr("seat", "no seat number")
	}
	i, err := strconv.Atoi(toks[0])
	if err != nil || i < 0 || i > 3 {
		return 0, posErr("seat", "%q is not a seat 0–3", toks[0])
	}
	field := "seat " + toks[0]
	toks = toks[1:]
	if len(toks) > 0 && len(toks[0]) == 1 && strings.Contains("ESWN", toks[0]) {
		n := len(p.Standing.Scores)
		if n > 0 && toks[0] != seatWindLetter(p.Standing.Dealer, game.Seat(i), n) {
			return 0, posErr(field, "is %s, not %s, with dealer %d", seatWindLetter(p.Standing.Dealer, game.Seat(i), n), toks[0], p.Standing.Dealer)
		}
		toks = toks[1:]
	}
	var sp SeatPosition
	section := "hand"
	for _, tok := range toks {
		switch tok {
		case "pond", "flowers", "kongs", "missing":
			section = tok
			continue
		}
		switch section {
		case "hand":
			if tok[0] == '(' || tok[0] == '[' {
				h, err := tile.ParseHand(tok)
				if err != nil {
					return 0, &PositionError{Field: field, Msg: "meld " + tok, Err: err}
				}
				if len(h.Melds) != 1 || len(h.Concealed) > 0 || len(h.Flowers) > 0 {
					return 0, posErr(field, "%q is not one meld", tok)
				}
				sp.Melds = append(sp.Melds, h.Melds[0])
				continue
			}
			items, err := scanTiles(tok, false)
			if err != nil {
				return 0, &PositionError{Field: field, Msg: "hand", Err: err}
			}
			for _, it := range items {
				switch {
				case it.unknown && it.count > 0:
					sp.Unknown += it.count
				case it.unknown || it.taken || it.indicator != 0 || it.boundary || it.marks != "":
					return 0, posErr(field, "%q: only tiles and ? in a hand", tok)
				default:
					sp.Concealed = append(sp.Concealed, it.tile)
				}
			}
		case "pond":
			items, err := scanTiles(tok, false)
			if err != nil {
				return 0, &PositionError{Field: field, Msg: "pond", Err: err}
			}
			for _, it := range items {
				if it.count > 0 || it.unknown || it.indicator != 0 || it.boundary {
					return 0, posErr(field, "pond %q: only tiles with marks ' * ^", tok)
				}
				d := game.Discarded{Tile: it.tile}
				for _, m := range it.marks {
					switch m {
					case '\'':
						d.Drawn = true
					case '*':
						d.Riichi = true
					case '^':
						d.Taken = true
					}
				}
				sp.Pond = append(sp.Pond, d)
			}
		case "flowers", "kongs":
			ts, err := tile.Parse(tok)
			if err != nil {
				return 0, &PositionError{Field: field, Msg: section, Err: err}
			}
			for k := range ts {
				ts[k].Copy = 0
			}
			if section == "flowers" {
				sp.Flowers = append(sp.Flowers, ts...)
			} else {
				sp.SingleKans = append(sp.SingleKans, ts...)
			}
		case "missing":
			s := strings.Index("mps", tok)
			if len(tok) != 1 || s < 0 || sp.HasMissing {
				return 0, posErr(field, "missing is one suit letter m, p or s, not %q", tok)
			}
			sp.Missing, sp.HasMissing = tile.Suit(s), true
		}
	}
	for k := range sp.Melds {
		for j := range sp.Melds[k].Tiles {
			sp.Melds[k].Tiles[j].Copy = 0
		}
	}
	for len(p.Seats) <= i {
		p.Seats = append(p.Seats, SeatPosition{})
	}
	p.Seats[i] = sp
	return i, nil
}

// seatTokens splits on spaces, keeping bracketed melds whole.
func seatTokens(s string) ([]string, error) {
	var out []string
	for len(s) > 0 {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		if s[0] == '(' || s[0] == '[' {
			closer := ")"
			if s[0] == '[' {
				closer = "]"
			}
			j := strings.Index(s, closer)
			if j < 0 {
				return nil, posErr("seat", "meld %q not closed by %s", s, closer)
			}
			out = append(out, s[:j+1])
			s = s[j+1:]
			continue
		}
		j := strings.IndexAny(s, " \t")
		if j < 0 {
			j = len(s)
		}
		out = append(out, s[:j])
		s = s[j:]
	}
	return out, nil
}

func (p *Position) parseClaim(rest string) error {
	f := strings.Fields(rest)
	if len(f) < 2 {
		return posErr("claim", "is the seat that offers the tile and the tile, e.g. \"claim 0 5m\"")
	}
	from, err := strconv.Atoi(f[0])
	if err != nil || from < 0 || from > 3 {
		return posErr("claim", "seat %q", f[0])
	}
	t, err := oneTile(f[1])
	if err != nil {
		return &PositionError{Field: "claim", Msg: "tile", Err: err}
	}
	c := &game.Claim{From: game.Seat(from), Tile: t}
	if len(f) > 2 {
		if f[2] != "answers" {
			return posErr("claim", "%q after the tile (only \"answers\")", f[2])
		}
		as, err := parseActions(strings.Join(f[3:], " "))
		if err != nil {
			return err
		}
		for _, a := range as {
			if !a.Kind.IsClaim() {
				return posErr("claim", "%s is not an answer to a claim", formatAction(a))
			}
			c.Responses = append(c.Responses, game.Response{Answered: true, Action: a})
		}
	}
	p.Claim = c
	return nil
}

func oneTile(s string) (tile.Tile, error) {
	ts, err := tile.Parse(s)
	if err != nil {
		return tile.Tile{}, err
	}
	if len(ts) != 1 {
		return tile.Tile{}, posErr("", "%q is not one tile", s)
	}
	ts[0].Copy = 0
	return ts[0], nil
}

func parseActions(s string) ([]game.Action, error) {
	var out []game.Action
	for _, tok := range strings.Fields(s) {
		a, err := parseAction(tok)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// parseAction reads one token as formatAction writes it.
func parseAction(tok string) (game.Action, error) {
	if len(tok) < 2 || tok[0] < '0' || tok[0] > '3' {
		return game.Action{}, posErr("", "action %q does not start with a seat 0–3", tok)
	}
	a := game.Action{Seat: game.Seat(tok[0] - '0')}
	name, args, hasArgs := strings.Cut(tok[1:], ":")
	k, err := game.ParseKind(name)
	if err != nil {
		return game.Action{}, posErr("", "action %q: %v", tok, err)
	}
	a.Kind = k
	switch k {
	case game.Pass, game.Abort, game.Tsumo:
		if hasArgs {
			return game.Action{}, posErr("", "action %q: %s takes no tile", tok, k)
		}
		return a, nil
	}
	if !hasArgs {
		return game.Action{}, posErr("", "action %q: %s needs a tile after :", tok, k)
	}
	main, uses, _ := strings.Cut(args, "+")
	if k == game.Missing {
		s := -1
		if len(main) == 1 {
			s = strings.IndexByte("mps", main[0])
		}
		if s < 0 {
			return game.Action{}, posErr("", "action %q: the missing suit is m, p or s", tok)
		}
		a.Suit = tile.Suit(s)
		main, uses = uses, ""
	}
	if main == "?" && (k == game.Draw || k == game.Missing) && uses == "" {
		a.Tile = hidden // not shown to the seat the position is seen by
		return a, nil
	}
	if a.Tile, err = oneTile(main); err != nil {
		return game.Action{}, &PositionError{Msg: "action " + tok, Err: err}
	}
	if uses != "" {
		us, err := tile.Parse(uses)
		if err != nil {
			return game.Action{}, &PositionError{Msg: "action " + tok, Err: err}
		}
		if len(us) > 3 {
			return game.Action{}, posErr("", "action %q uses %d tiles", tok, len(us))
		}
		for i := range us {
			us[i].Copy = 0
		}
		a.Uses = us
	}
	return a, nil
}

func parseWin(tok string) (game.Win, error) {
	w := game.Win{From: game.NoSeat}
	if strings.HasSuffix(tok, ":robbed") {
		w.Robbed, tok = true, strings.TrimSuffix(tok, ":robbed")
	}
	body, from, hasFrom := strings.Cut(tok, "@")
	a, err := parseAction(body)
	if err == nil && a.Kind == game.Tsumo {
		err = posErr("wins", "write a self-drawn win with its tile, e.g. 2tsumo:5m")
	}
	if err != nil {
		// "2tsumo:5m": tsumo carries the tile here.
		if s, t, ok := strings.Cut(body, "tsumo:"); ok && len(s) == 1 && s[0] >= '0' && s[0] <= '3' && !hasFrom {
			x, err := oneTile(t)
			if err != nil {
				return game.Win{}, &PositionError{Field: "wins", Msg: tok, Err: err}
			}
			w.Seat, w.Tile = game.Seat(s[0]-'0'), x
			return w, nil
		}
		return game.Win{}, err
	}
	if a.Kind != game.Ron || !hasFrom {
		return game.Win{}, posErr("wins", "%q is not a win (2ron:5m@0 or 2tsumo:5m)", tok)
	}
	f, err := strconv.Atoi(from)
	if err != nil || f < 0 || f > 3 {
		return game.Win{}, posErr("wins", "%q: from seat %q", tok, from)
	}
	w.Seat, w.Tile, w.From = a.Seat, a.Tile, game.Seat(f)
	return w, nil
}

// tileItem is one thing scanTiles read.
type tileItem struct {
	tile      tile.Tile
	unknown   bool // `?` (count > 0: that many)
	taken     bool // `-` (count of them)
	count     int
	indicator int // -1: an indicator with no number yet
	boundary  bool
	marks     string
}

// scanTiles reads mpsz runs with `?`, `N?`, marks after a tile (' * ^)
// and, in a wall row, `N-`, `[5p]`, `[5p#2]` and `|`.
func scanTiles(s string, wall bool) ([]tileItem, error) {
	var out []tileItem
	var digits []byte
	bad := func(i int, msg string) error {
		return posErr("", "%q at character %d: %s", s, i+1, msg)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits = append(digits, c)
			if len(digits) > 200 {
				return nil, bad(i, "too many digits in a row")
			}
		case c == 'm' || c == 'p' || c == 's' || c == 'z' || c == 'f':
			if len(digits) == 0 {
				return nil, bad(i, "a suit letter with no digits before it")
			}
			for _, d := range digits {
				t, err := oneTile(string(d) + string(c))
				if err != nil {
					return nil, bad(i, err.Error())
				}
				out = append(out, tileItem{tile: t})
			}
			digits = digits[:0]
		case c == '?' || (c == '-' && wall):
			n := 1
			if len(digits) > 0 {
				v, _ := strconv.Atoi(string(digits))
				if v < 1 || len(digits) > 4 {
					return nil, bad(i, "a count of 1 to 9999")
				}
				n = v
			}
			digits = digits[:0]
			out = append(out, tileItem{unknown: c == '?', taken: c == '-', count: n})
		case c == '\'' || c == '*' || c == '^':
			if len(digits) > 0 || len(out) == 0 || out[len(out)-1].count > 0 || out[len(out)-1].indicator != 0 {
				return nil, bad(i, "a mark follows a tile")
			}
			if strings.IndexByte(out[len(out)-1].marks, c) >= 0 {
				return nil, bad(i, "the same mark twice")
			}
			out[len(out)-1].marks += string(c)
		case c == '[' && wall:
			if len(digits) > 0 {
				return nil, bad(i, "digits with no suit letter")
			}
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return nil, bad(i, "[ not closed")
			}
			body := s[i+1 : i+j]
			it := tileItem{indicator: -1}
			if b, num, ok := strings.Cut(body, "#"); ok {
				v, err := strconv.Atoi(num)
				if err != nil || v < 1 || v > 64 {
					return nil, bad(i, "indicator number "+num)
				}
				it.indicator, body = v, b
			}
			if body == "?" {
				it.unknown = true
			} else {
				t, err := oneTile(body)
				if err != nil {
					return nil, bad(i, "indicator "+body+": "+err.Error())
				}
				it.tile = t
			}
			out = append(out, it)
			i += j
		case c == '|' && wall:
			if len(digits) > 0 {
				return nil, bad(i, "digits with no suit letter")
			}
			out = append(out, tileItem{boundary: true})
		case c == ' ' || c == '\t':
			if len(digits) > 0 {
				return nil, bad(i, "digits with no suit letter")
			}
		default:
			return nil, bad(i, "unexpected character")
		}
	}
	if len(digits) > 0 {
		return nil, bad(len(s)-1, "digits with no suit letter after them")
	}
	return out, nil
}
