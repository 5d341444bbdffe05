package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"jantaku/rules/tile"
)

// tenhou.net/6 JSON (§1). A file holds one document, or several one after
// another (one hand each, as mjx writes them) whose logs are concatenated.

type t6Doc struct {
	Title []json.RawMessage `json:"title,omitempty"`
	Name  []string          `json:"name"`
	Rule  t6Rule            `json:"rule"`
	Log   []json.RawMessage `json:"log"`
	Ref   string            `json:"ref,omitempty"`
	Dan   []string          `json:"dan,omitempty"`
	Rate  []float64         `json:"rate,omitempty"`
	Sx    []string          `json:"sx,omitempty"`
	Sc    []float64         `json:"sc,omitempty"`
	Lobby *int              `json:"lobby,omitempty"`
	// Jantaku is the ruleset of a record jantaku wrote; other tools
	// ignore it.
	Jantaku *Referee `json:"jantaku,omitempty"`
}

type t6Rule struct {
	Disp  string `json:"disp,omitempty"`
	Aka   int    `json:"aka,omitempty"`
	Aka51 int    `json:"aka51,omitempty"`
	Aka52 int    `json:"aka52,omitempty"`
	Aka53 int    `json:"aka53,omitempty"`
}

func t6Err(hand int, where, format string, args ...any) error {
	return &FormatError{Format: "tenhou6", Hand: hand, Where: where, Msg: fmt.Sprintf(format, args...)}
}

// ReadTenhou6 reads a game in tenhou.net/6 JSON.
func ReadTenhou6(r io.Reader) (*Game, error) {
	dec := json.NewDecoder(r)
	var g *Game
	for n := 0; ; n++ {
		var d t6Doc
		err := dec.Decode(&d)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &FormatError{Format: "tenhou6", Hand: -1,
				Where: fmt.Sprintf("document %d, offset %d", n+1, dec.InputOffset()), Msg: "bad JSON", Err: err}
		}
		if g == nil {
			if g, err = t6Header(&d); err != nil {
				return nil, err
			}
			if !g.Rules.Three && g.Players[3].Name == "" && len(d.Log) > 0 && t6EmptySeat3(d.Log[0]) {
				// An unlabelled record whose fourth seat is nobody.
				g.Rules.Three = true
				g.Rules.threePlayers()
			}
		}
		for _, raw := range d.Log {
			h, err := t6Hand(len(g.Hands), raw, g.Rules.Three)
			if err != nil {
				return nil, err
			}
			g.Hands = append(g.Hands, h)
		}
	}
	if g == nil {
		return nil, t6Err(-1, "", "no document")
	}
	return g, nil
}

func t6Header(d *t6Doc) (*Game, error) {
	// A three-player record names four seats, the fourth empty; three
	// names are taken as well.
	if len(d.Name) != 4 && len(d.Name) != 3 {
		return nil, t6Err(-1, "name", "%d names, want 4 (or 3 for a three-player game)", len(d.Name))
	}
	g := &Game{Ref: d.Ref}
	// Titles are text, but some converters write a number (a time).
	for _, raw := range d.Title {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			s = string(bytes.TrimSpace(raw))
		}
		g.Title = append(g.Title, s)
	}
	for s := range 4 {
		if s < len(d.Name) {
			g.Players[s].Name = d.Name[s]
		}
		if s < len(d.Dan) {
			g.Players[s].Dan = d.Dan[s]
		}
		if s < len(d.Rate) {
			g.Players[s].Rate = d.Rate[s]
		}
		if s < len(d.Sx) {
			g.Players[s].Sex = d.Sx[s]
		}
	}
	r := &g.Rules
	r.Label = d.Rule.Disp
	all := d.Rule.Aka != 0
	r.Red = [3]bool{all || d.Rule.Aka51 != 0, all || d.Rule.Aka52 != 0, all || d.Rule.Aka53 != 0}
	// Tenhou's labels: 東/南 length, 喰 kuitan, 速 fast (§1.1).
	r.Hanchan = strings.Contains(r.Label, "南") || strings.Contains(r.Label, "South")
	r.OpenTanyao = strings.Contains(r.Label, "喰")
	r.Fast = strings.Contains(r.Label, "速")
	if d.Lobby != nil {
		r.Lobby = *d.Lobby
	}
	r.Referee = d.Jantaku
	if typ, ok := LabelType(r.Label); ok {
		r.Type, r.HasType = typ, true
	}
	r.fromLogID(d.Ref)
	// Three players: the label's 三 (三般南喰赤), a log id's type, or three
	// names. A record saying none of them is told by its first hand
	// (ReadTenhou6).
	r.Three = strings.HasPrefix(r.Label, "三") || (r.HasType && r.Type&TypeSanma != 0) || len(d.Name) == 3
	if r.Three {
		r.threePlayers()
	}
	if len(d.Sc) == 8 || r.Three && len(d.Sc) == 6 {
		g.Final = &Final{}
		for s := range len(d.Sc) / 2 {
			g.Final.Scores[s] = int(d.Sc[2*s])
			g.Final.Points[s] = d.Sc[2*s+1]
		}
	}
	return g, nil
}

// threePlayers sets what a three-player game implies: the set has no 5m,
// so no red one (a record's "aka": 1 means one red 5p and one red 5s).
func (r *Rules) threePlayers() { r.Red[0] = false }

// t6EmptySeat3 reports whether a hand deals seat 3 nothing, as the empty
// seat of a three-player record.
func t6EmptySeat3(raw json.RawMessage) bool {
	var parts []json.RawMessage
	if json.Unmarshal(raw, &parts) != nil || len(parts) != 17 {
		return false
	}
	var deal []json.RawMessage
	return json.Unmarshal(parts[13], &deal) == nil && len(deal) == 0
}

// t6Code and t6Tile convert between tiles and tenhou6 numbers (§1.3).
func t6Code(t tile.Tile) int {
	if t.Red {
		return 51 + int(t.Kind.Suit())
	}
	if t.Kind.IsSuited() {
		return 10*(int(t.Kind.Suit())+1) + t.Kind.Rank()
	}
	return 41 + int(t.Kind-tile.East)
}

func t6Tile(c int) (tile.Tile, bool) {
	switch {
	case c >= 51 && c <= 53:
		return tile.Tile{Kind: tile.Kind(9*(c-51) + 4), Red: true}, true
	case c >= 41 && c <= 47:
		return tile.Tile{Kind: tile.East + tile.Kind(c-41)}, true
	case c/10 >= 1 && c/10 <= 3 && c%10 >= 1:
		return tile.Tile{Kind: tile.Kind(9*(c/10-1) + c%10 - 1)}, true
	}
	return tile.Tile{}, false
}

// t6Ints decodes a JSON array of integers.
func t6Ints(raw json.RawMessage) ([]int, error) {
	var v []int
	err := json.Unmarshal(raw, &v)
	return v, err
}

func t6Tiles(hand int, where string, raw json.RawMessage) ([]tile.Tile, error) {
	cs, err := t6Ints(raw)
	if err != nil {
		return nil, &FormatError{Format: "tenhou6", Hand: hand, Where: where, Msg: "not a list of tile numbers", Err: err}
	}
	ts := make([]tile.Tile, len(cs))
	for i, c := range cs {
		t, ok := t6Tile(c)
		if !ok {
			return nil, t6Err(hand, fmt.Sprintf("%s[%d]", where, i), "%d is not a tile number", c)
		}
		ts[i] = t
	}
	return ts, nil
}

// t6Item is one entry of a takes or discards list: a number or a string.
type t6Item struct {
	num   int
	str   string
	isStr bool
}

func (it t6Item) String() string {
	if it.isStr {
		return strconv.Quote(it.str)
	}
	return strconv.Itoa(it.num)
}

func t6Items(hand int, where string, raw json.RawMessage) ([]t6Item, error) {
	var rs []json.RawMessage
	if err := json.Unmarshal(raw, &rs); err != nil {
		return nil, &FormatError{Format: "tenhou6", Hand: hand, Where: where, Msg: "not a list", Err: err}
	}
	items := make([]t6Item, len(rs))
	for i, r := range rs {
		r = bytes.TrimSpace(r)
		var err error
		if len(r) > 0 && r[0] == '"' {
			items[i].isStr = true
			err = json.Unmarshal(r, &items[i].str)
		} else {
			err = json.Unmarshal(r, &items[i].num)
		}
		if err != nil {
			return nil, &FormatError{Format: "tenhou6", Hand: hand, Where: fmt.Sprintf("%s[%d]", where, i), Msg: "neither a tile number nor a string", Err: err}
		}
	}
	return items, nil
}

// parseT6Meld decodes a call string (§1.4). letters lists the call letters
// allowed where it stands.
func parseT6Meld(s, letters string) (tile.Meld, error) {
	var before, after []tile.Tile
	var letter byte
	for i := 0; i < len(s); {
		c := s[i]
		if c >= '0' && c <= '9' {
			if i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9' {
				return tile.Meld{}, fmt.Errorf("odd digit at character %d", i+1)
			}
			code := int(c-'0')*10 + int(s[i+1]-'0')
			t, ok := t6Tile(code)
			if !ok {
				return tile.Meld{}, fmt.Errorf("%d at character %d is not a tile number", code, i+1)
			}
			if letter == 0 {
				before = append(before, t)
			} else {
				after = append(after, t)
			}
			i += 2
			continue
		}
		if letter != 0 || !strings.ContainsRune(letters, rune(c)) {
			return tile.Meld{}, fmt.Errorf("unexpected character %q at %d", c, i+1)
		}
		letter = c
		i++
	}
	if letter == 0 {
		return tile.Meld{}, errors.New("no call letter")
	}
	pos := len(before)
	// fromPos maps the letter's position (tiles before it) to the seat
	// the claimed tile came from, counted from the caller.
	fromPos := func(positions ...int) (int, error) {
		for i, p := range positions {
			if p == pos {
				return 3 - i, nil // kamicha 3, toimen 2, shimocha 1
			}
		}
		return 0, fmt.Errorf("call letter after %d tiles", pos)
	}
	var m tile.Meld
	var err error
	switch letter {
	case 'c':
		m.Type = tile.Chi
		m.From, err = fromPos(0)
		if len(after) > 0 {
			m.Tiles = append([]tile.Tile{after[0]}, after[1:]...)
		}
	case 'p':
		m.Type = tile.Pon
		m.From, err = fromPos(0, 1, 2)
		if len(after) > 0 {
			m.Tiles = append(append([]tile.Tile{after[0]}, before...), after[1:]...)
		}
	case 'm':
		m.Type = tile.Kan
		m.From, err = fromPos(0, 1, 3)
		if len(after) > 0 {
			m.Tiles = append(append([]tile.Tile{after[0]}, before...), after[1:]...)
		}
	case 'k':
		// The pon's string with "k"+added inserted before its claimed tile.
		m.Type = tile.AddedKan
		m.From, err = fromPos(0, 1, 2)
		if len(after) > 1 {
			m.Tiles = append(append([]tile.Tile{after[1]}, before...), after[2:]...)
			m.Tiles = append(m.Tiles, after[0])
		}
	case 'a':
		m.Type = tile.ClosedKan
		m.Tiles = append(before, after...)
	}
	if err != nil {
		return tile.Meld{}, err
	}
	if err := m.Check(); err != nil {
		return tile.Meld{}, err
	}
	return m, nil
}

// formatT6Meld writes a meld as a call string; the inverse of parseT6Meld.
func formatT6Meld(m tile.Meld, rel int) string {
	var b strings.Builder
	put := func(ts ...tile.Tile) {
		for _, t := range ts {
			b.WriteString(strconv.Itoa(t6Code(t)))
		}
	}
	// hand tiles before the letter, the letter and what follows it
	write := func(letter string, pos int, hand []tile.Tile, next ...tile.Tile) {
		pos = min(pos, len(hand))
		put(hand[:pos]...)
		b.WriteString(letter)
		put(next...)
		put(hand[pos:]...)
	}
	// rel: 0 kamicha, 1 toimen, 2 shimocha
	switch m.Type {
	case tile.Chi:
		write("c", 0, m.Tiles[1:], m.Tiles[0])
	case tile.Pon:
		write("p", rel, m.Tiles[1:], m.Tiles[0])
	case tile.Kan:
		if rel == 2 {
			rel = 3
		}
		write("m", rel, m.Tiles[1:], m.Tiles[0])
	case tile.AddedKan:
		write("k", rel, m.Tiles[1:3], m.Tiles[3], m.Tiles[0])
	case tile.ClosedKan:
		write("a", 3, m.Tiles[:3], m.Tiles[3])
	}
	return b.String()
}

// t6Take is one parsed entry of a seat's takes.
type t6Take struct {
	draw bool
	tile tile.Tile
	meld tile.Meld // chi, pon, open kan
}

// t6Drop is one parsed entry of a seat's discards.
type t6Drop struct {
	kind      int // dropTile, dropKan, dropNone
	tile      tile.Tile
	tsumogiri bool
	riichi    bool
	meld      tile.Meld // added or closed kan
}

const (
	dropTile = iota
	dropKan
	dropNone // 0: the placeholder after an open kan
	dropKita // "f44": a north set aside (three players)
)

// t6Hand reads one hand (§1.2). In a three-player game (three) seat 3 is
// empty: no tiles, no takes, no discards, a score of 0.
func t6Hand(hi int, raw json.RawMessage, three bool) (Hand, error) {
	var h Hand
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		return h, &FormatError{Format: "tenhou6", Hand: hi, Msg: "hand is not a list", Err: err}
	}
	if len(parts) != 17 {
		return h, t6Err(hi, "", "hand has %d entries, want 17", len(parts))
	}
	head, err := t6Ints(parts[0])
	if err != nil || len(head) != 3 || head[0] < 0 || head[0] > 15 || head[1] < 0 || head[2] < 0 {
		return h, &FormatError{Format: "tenhou6", Hand: hi, Where: "[0]", Msg: "want [kyoku, honba, sticks]", Err: err}
	}
	h.Round, h.Honba, h.Sticks = head[0], head[1], head[2]
	if three && h.Dealer() == 3 {
		return h, t6Err(hi, "[0]", "kyoku %d makes seat 3 the dealer of a three-player game", h.Round)
	}
	sc, err := t6Ints(parts[1])
	if err != nil || !(len(sc) == 4 || three && len(sc) == 3) {
		return h, &FormatError{Format: "tenhou6", Hand: hi, Where: "[1]", Msg: "want four scores", Err: err}
	}
	copy(h.Scores[:], sc)
	if h.Dora, err = t6Tiles(hi, "dora", parts[2]); err != nil {
		return h, err
	}
	if h.Ura, err = t6Tiles(hi, "ura", parts[3]); err != nil {
		return h, err
	}
	var takes [4][]t6Take
	var drops [4][]t6Drop
	for s := range 4 {
		if h.Deal[s], err = t6Tiles(hi, fmt.Sprintf("seat %d start hand", s), parts[4+3*s]); err != nil {
			return h, err
		}
		if takes[s], err = t6ParseTakes(hi, s, parts[5+3*s]); err != nil {
			return h, err
		}
		if drops[s], err = t6ParseDrops(hi, s, parts[6+3*s], three); err != nil {
			return h, err
		}
		if three && s == 3 {
			if len(h.Deal[s])+len(takes[s])+len(drops[s]) != 0 || h.Scores[3] != 0 {
				return h, t6Err(hi, "seat 3", "the empty seat of a three-player game has tiles or points")
			}
			continue
		}
		if len(h.Deal[s]) != 13 {
			return h, t6Err(hi, fmt.Sprintf("seat %d start hand", s), "%d tiles, want 13", len(h.Deal[s]))
		}
	}
	players := 4
	if three {
		players = 3
	}
	if h.Actions, err = t6Interleave(hi, h.Dealer(), players, takes, drops); err != nil {
		return h, err
	}
	if h.Result, err = t6Result(hi, parts[16], three); err != nil {
		return h, err
	}
	return h, nil
}

func t6ParseTakes(hi, seat int, raw json.RawMessage) ([]t6Take, error) {
	where := fmt.Sprintf("seat %d takes", seat)
	items, err := t6Items(hi, where, raw)
	if err != nil {
		return nil, err
	}
	out := make([]t6Take, len(items))
	for i, it := range items {
		if !it.isStr {
			t, ok := t6Tile(it.num)
			if !ok {
				return nil, t6Err(hi, fmt.Sprintf("%s[%d]", where, i), "%d is not a tile number", it.num)
			}
			out[i] = t6Take{draw: true, tile: t}
			continue
		}
		m, err := parseT6Meld(it.str, "cpm")
		if err != nil {
			return nil, &FormatError{Format: "tenhou6", Hand: hi, Where: fmt.Sprintf("%s[%d] %s", where, i, it), Msg: "bad call", Err: err}
		}
		out[i] = t6Take{meld: m}
	}
	return out, nil
}

func t6ParseDrops(hi, seat int, raw json.RawMessage, three bool) ([]t6Drop, error) {
	where := fmt.Sprintf("seat %d discards", seat)
	items, err := t6Items(hi, where, raw)
	if err != nil {
		return nil, err
	}
	out := make([]t6Drop, len(items))
	for i, it := range items {
		at := fmt.Sprintf("%s[%d] %s", where, i, it)
		code := it.num
		var d t6Drop
		if it.isStr {
			if k, ok := strings.CutPrefix(it.str, "f"); ok {
				// Kita: a north set aside ("f44"), three players only.
				c, err := strconv.Atoi(k)
				if t, ok := t6Tile(c); err != nil || !ok || t.Kind != tile.North || !three {
					return nil, t6Err(hi, at, "a north set aside (kita, \"f44\") is three-player only and only a north")
				}
				out[i] = t6Drop{kind: dropKita, tile: tile.Tile{Kind: tile.North}}
				continue
			}
			if !strings.HasPrefix(it.str, "r") {
				m, err := parseT6Meld(it.str, "ka")
				if err != nil {
					return nil, &FormatError{Format: "tenhou6", Hand: hi, Where: at, Msg: "bad kan", Err: err}
				}
				out[i] = t6Drop{kind: dropKan, meld: m}
				continue
			}
			d.riichi = true
			if code, err = strconv.Atoi(it.str[1:]); err != nil {
				return nil, t6Err(hi, at, "bad riichi discard")
			}
		}
		switch code {
		case 0:
			if d.riichi {
				return nil, t6Err(hi, at, "riichi with no tile")
			}
			d.kind = dropNone
		case 60:
			d.tsumogiri = true
		default:
			t, ok := t6Tile(code)
			if !ok {
				return nil, t6Err(hi, at, "%d is not a tile number", code)
			}
			d.tile = t
		}
		out[i] = d
	}
	return out, nil
}

// t6Interleave merges the seats' takes and discards into one order of play
// (§1.2): a seat draws and discards; a discard may be claimed by a seat
// whose next take is a call on it; otherwise the next seat draws. The hand
// ends when the seat to move has nothing left, and then every list must be
// used up. A seat may pass on a tile and call the same tile from the same
// seat later (mjai-reviewer's "confusing nakis"), so a claim is a choice:
// calling is tried first (a pon or kan before a chi), passing second, and
// the first choice that uses up every list is the order of play.
func t6Interleave(hi, dealer, players int, takes [4][]t6Take, drops [4][]t6Drop) ([]Action, error) {
	p := &t6Play{hi: hi, n: players, takes: &takes, drops: &drops}
	if p.run(t6State{actor: dealer, needDraw: true}) {
		return p.acts, nil
	}
	if p.err == nil {
		p.err = t6Err(hi, "", "takes and discards do not make an order of play")
	}
	return nil, p.err
}

type t6Play struct {
	hi    int
	n     int // players: 4, or 3 with seat 3 empty
	takes *[4][]t6Take
	drops *[4][]t6Drop
	acts  []Action
	steps int   // bounds the search on hostile input
	err   error // the first failure met, reported if no order works
}

type t6State struct {
	ti, di   [4]int
	drawn    [4]tile.Tile // the tile just drawn, for tsumogiri
	hasDrawn [4]bool
	actor    int
	needDraw bool
}

// maxT6Steps bounds the search: real hands take a few hundred steps.
const maxT6Steps = 1 << 16

func (p *t6Play) fail(err error) bool {
	if p.err == nil {
		p.err = err
	}
	return false
}

// run plays from st to the hand's end, reporting whether every list was
// used up; p.acts holds the order of play on success.
func (p *t6Play) run(st t6State) bool {
	takes, drops := p.takes, p.drops
	for {
		if p.steps++; p.steps > maxT6Steps {
			return p.fail(t6Err(p.hi, "", "no order of play found in %d steps", maxT6Steps))
		}
		a := st.actor
		if st.needDraw {
			if st.ti[a] >= len(takes[a]) {
				return p.finished(&st)
			}
			tk := takes[a][st.ti[a]]
			if !tk.draw {
				return p.fail(t6Err(p.hi, fmt.Sprintf("seat %d takes[%d]", a, st.ti[a]), "a call (%s) where the seat draws", tk.meld))
			}
			st.ti[a]++
			p.acts = append(p.acts, Action{Type: Draw, Seat: a, Tile: tk.tile})
			st.drawn[a], st.hasDrawn[a] = tk.tile, true
		}
		if st.di[a] >= len(drops[a]) {
			return p.finished(&st) // a tsumo, nine terminals, or the hand's end
		}
		d := drops[a][st.di[a]]
		where := fmt.Sprintf("seat %d discards[%d]", a, st.di[a])
		st.di[a]++
		switch d.kind {
		case dropNone:
			return p.fail(t6Err(p.hi, where, "placeholder 0 where the seat discards"))
		case dropKan:
			m := d.meld
			if p.n == 3 && m.Type == tile.AddedKan {
				m.From = p.ponFrom(a, m)
			}
			p.acts = append(p.acts, Action{Type: Call, Seat: a, Meld: m})
			st.hasDrawn[a], st.needDraw = false, true // a replacement draw follows
			continue
		case dropKita:
			p.acts = append(p.acts, Action{Type: Kita, Seat: a, Tile: d.tile})
			st.hasDrawn[a], st.needDraw = false, true // a replacement draw follows
			continue
		}
		if d.riichi {
			p.acts = append(p.acts, Action{Type: Riichi, Seat: a})
		}
		t := d.tile
		if d.tsumogiri {
			if !st.hasDrawn[a] {
				return p.fail(t6Err(p.hi, where, "tsumogiri (60) without a draw before it"))
			}
			t = st.drawn[a]
		}
		p.acts = append(p.acts, Action{Type: Discard, Seat: a, Tile: t, Tsumogiri: d.tsumogiri})
		st.hasDrawn[a] = false

		var callers []int
		for _, chi := range []bool{false, true} {
			for k := 1; k < p.n; k++ {
				s := (a + k) % p.n
				if st.ti[s] >= len(takes[s]) || takes[s][st.ti[s]].draw {
					continue
				}
				m := takes[s][st.ti[s]].meld
				if _, ok := p.from(s, m, a); ok && (m.Type == tile.Chi) == chi && SameFace(m.Tiles[0], t) {
					callers = append(callers, s)
				}
			}
		}
		pass := st
		pass.actor, pass.needDraw = (a+1)%p.n, true
		if len(callers) == 0 {
			st = pass
			continue
		}
		mark := len(p.acts)
		for _, c := range callers {
			next := st
			m := takes[c][next.ti[c]].meld
			m.From, _ = p.from(c, m, a)
			next.ti[c]++
			p.acts = append(p.acts, Action{Type: Call, Seat: c, Meld: m})
			next.actor, next.needDraw = c, false
			if m.Type == tile.Kan {
				// The open kan's discard slot holds 0; a replacement draw follows.
				if next.di[c] >= len(drops[c]) || drops[c][next.di[c]].kind != dropNone {
					p.fail(t6Err(p.hi, fmt.Sprintf("seat %d discards[%d]", c, next.di[c]), "no placeholder 0 after the open kan"))
					p.acts = p.acts[:mark]
					continue
				}
				next.di[c]++
				next.needDraw = true
			}
			if p.run(next) {
				return true
			}
			p.acts = p.acts[:mark]
		}
		return p.run(pass)
	}
}

// from reports whether seat's call m can claim the discard of seat
// discarder, and the meld's From for it: seats counted from the caller
// in turn order among the game's players.
//
// Four players: the call letter's position names the seat (§1.4). Three
// players: the letter's positions are those of a four-player record, and
// writers place the tile of the previous player (kamicha) differently:
// by the seats' numbers counted round four seats, so that seat 0's call
// from seat 2 stands at the opposite player's position and seat 2's from
// seat 0 too (the Mahjong Soul converters made for tenhou.net/6), or as
// Tenhou's mjlog counts (previous = 2, the opposite player's). So the
// first position is the previous player, the last the next, and the
// middle one either, decided by who discarded.
func (p *t6Play) from(seat int, m tile.Meld, discarder int) (int, bool) {
	if p.n == 4 {
		return m.From, (seat+m.From)%4 == discarder
	}
	off := ((discarder-seat)%3 + 3) % 3 // 1 next, 2 previous
	switch {
	case off == 0:
		return 0, false
	case m.From == 3 && off == 2, m.From == 1 && off == 1, m.From == 2:
		return off, true
	}
	return 0, false
}

// ponFrom is, in a three-player hand, the From of seat's pon that the
// added kan m extends (its letter's position is the pon's, §1.4); the
// letter's own reading when no such pon was played.
func (p *t6Play) ponFrom(seat int, m tile.Meld) int {
	for _, a := range p.acts {
		if a.Type == Call && a.Seat == seat && a.Meld.Type == tile.Pon && a.Meld.Tiles[0].Kind == m.Tiles[0].Kind {
			return a.Meld.From
		}
	}
	return min(m.From, 2)
}

// finished checks that the hand's end used up every list.
func (p *t6Play) finished(st *t6State) bool {
	for s := range 4 {
		if st.ti[s] < len(p.takes[s]) {
			return p.fail(t6Err(p.hi, fmt.Sprintf("seat %d takes[%d]", s, st.ti[s]), "never reached in play (the hand ended with seat %d to move)", st.actor))
		}
		if st.di[s] < len(p.drops[s]) {
			return p.fail(t6Err(p.hi, fmt.Sprintf("seat %d discards[%d]", s, st.di[s]), "never reached in play (the hand ended with seat %d to move)", st.actor))
		}
	}
	return true
}

var t6Draws = map[string]DrawKind{
	"流局": Exhaustive, "全員不聴": Exhaustive, "全員聴牌": Exhaustive, "流し満貫": NagashiMangan,
	"九種九牌": NineTerminals, "四家立直": FourRiichi, "三家和了": TripleRon, "四槓散了": FourKans, "四風連打": FourWinds,
}

func t6Result(hi int, raw json.RawMessage, three bool) (Result, error) {
	var res Result
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil || len(parts) == 0 {
		return res, &FormatError{Format: "tenhou6", Hand: hi, Where: "result", Msg: "want a non-empty list", Err: err}
	}
	var name string
	if err := json.Unmarshal(parts[0], &name); err != nil {
		return res, &FormatError{Format: "tenhou6", Hand: hi, Where: "result[0]", Msg: "want the result's name", Err: err}
	}
	deltas := func(i int) ([4]int, error) {
		var d [4]int
		v, err := t6Ints(parts[i])
		if err != nil || !(len(v) == 4 || three && len(v) == 3) {
			return d, &FormatError{Format: "tenhou6", Hand: hi, Where: fmt.Sprintf("result[%d]", i), Msg: "want four score changes", Err: err}
		}
		copy(d[:], v)
		return d, nil
	}
	if name != "和了" {
		kind, ok := t6Draws[name]
		if !ok {
			return res, t6Err(hi, "result[0]", "unknown result %q", name)
		}
		res.Draw = kind
		if len(parts) > 1 {
			d, err := deltas(1)
			if err != nil {
				return res, err
			}
			res.Deltas = d
		}
		switch name {
		case "全員聴牌":
			res.Tenpai = [4]bool{true, true, true, !three}
		case "流局":
			for s, v := range res.Deltas {
				res.Tenpai[s] = v > 0
			}
		}
		return res, nil
	}
	if len(parts) < 3 || len(parts)%2 == 0 {
		return res, t6Err(hi, "result", "a win needs pairs of score changes and details, got %d entries", len(parts)-1)
	}
	for i := 1; i < len(parts); i += 2 {
		d, err := deltas(i)
		if err != nil {
			return res, err
		}
		w, err := t6Win(hi, fmt.Sprintf("result[%d]", i+1), parts[i+1], three)
		if err != nil {
			return res, err
		}
		w.Deltas = d
		res.Wins = append(res.Wins, w)
	}
	return res, nil
}

func t6Win(hi int, where string, raw json.RawMessage, three bool) (Win, error) {
	var w Win
	items, err := t6Items(hi, where, raw)
	if err != nil {
		return w, err
	}
	if len(items) < 3 {
		return w, t6Err(hi, where, "want [who, from, pao, …]")
	}
	for i, p := range []*int{&w.Who, &w.From, &w.Pao} {
		if items[i].isStr || items[i].num < 0 || items[i].num > 3 {
			return w, t6Err(hi, fmt.Sprintf("%s[%d]", where, i), "%s is not a seat", items[i])
		}
		*p = items[i].num
	}
	if w.Pao == w.Who {
		w.Pao = -1
	}
	for i, it := range items[3:] {
		if !it.isStr {
			return w, t6Err(hi, fmt.Sprintf("%s[%d]", where, i+3), "want a string")
		}
	}
	if len(items) > 3 {
		if err := parseT6Points(&w, items[3].str, playersOf(three)); err != nil {
			return w, &FormatError{Format: "tenhou6", Hand: hi, Where: fmt.Sprintf("%s[3] %s", where, items[3]), Msg: "bad points", Err: err}
		}
	}
	han := 0
	for i, it := range items[min(4, len(items)):] {
		y, err := parseT6Yaku(it.str)
		if err != nil {
			return w, &FormatError{Format: "tenhou6", Hand: hi, Where: fmt.Sprintf("%s[%d] %s", where, i+4, it), Msg: "bad yaku", Err: err}
		}
		han += y.Han
		w.Yaku = append(w.Yaku, y)
	}
	if w.Han == 0 {
		w.Han = han
	}
	return w, nil
}

// playersOf is the number of players of a game, three or not.
func playersOf(three bool) int {
	if three {
		return 3
	}
	return 4
}

// parseT6Points reads "30符1飜1000点", "40符2飜700-1300点", "満貫4000点∀"
// (§1.5) in a game of players: a tsumo's amounts are what each payer
// pays, so the total is over players−1 payers (in a game of three one
// non-dealer and the dealer, or two non-dealers).
func parseT6Points(w *Win, s string, players int) error {
	body, ok := strings.CutSuffix(s, "点∀")
	all := ok
	if !ok {
		if body, ok = strings.CutSuffix(s, "点"); !ok {
			return errors.New("no 点")
		}
	}
	if f, rest, ok := strings.Cut(body, "符"); ok {
		h, amount, ok := strings.Cut(rest, "飜")
		if !ok {
			return errors.New("符 without 飜")
		}
		var err1, err2 error
		w.Fu, err1 = strconv.Atoi(f)
		w.Han, err2 = strconv.Atoi(h)
		if err1 != nil || err2 != nil {
			return errors.New("bad fu or han")
		}
		body = amount
	} else {
		// Longest names first: 三倍満 ends in 倍満.
		for _, l := range []Limit{Sanbaiman, Mangan, Haneman, Baiman, Yakuman} {
			if rest, ok := strings.CutPrefix(body, l.String()); ok {
				w.Limit, body = l, rest
				break
			}
		}
		if w.Limit == NoLimit {
			return errors.New("neither fu and han nor a limit")
		}
	}
	a, b, split := strings.Cut(body, "-")
	x, err := strconv.Atoi(a)
	if err != nil || x < 0 {
		return errors.New("bad amount")
	}
	switch {
	case split:
		y, err := strconv.Atoi(b)
		if err != nil || y < 0 || all {
			return errors.New("bad amount")
		}
		w.Points = (players-2)*x + y // the other non-dealers pay x, the dealer y
	case all:
		w.Points = (players - 1) * x
	default:
		w.Points = x
	}
	return nil
}

// formatT6Points is the inverse of parseT6Points for a hand with the given
// dealer in a game of players.
func formatT6Points(w *Win, dealer, players int) string {
	var b strings.Builder
	if w.Limit == NoLimit {
		fmt.Fprintf(&b, "%d符%d飜", w.Fu, w.Han)
	} else {
		b.WriteString(w.Limit.String())
	}
	switch {
	case !w.Tsumo():
		fmt.Fprintf(&b, "%d点", w.Points)
	case w.Who == dealer:
		fmt.Fprintf(&b, "%d点∀", w.Points/(players-1))
	default:
		// Non-dealers pay c each and the dealer d, rounded up to 100 from
		// base and 2×base, so the total is players×c or players×c−100.
		c := (w.Points + 100) / (100 * players) * 100
		if w.Points%(100*players) == 0 {
			c = w.Points / players
		}
		fmt.Fprintf(&b, "%d-%d点", c, w.Points-(players-2)*c)
	}
	return b.String()
}

// parseT6Yaku reads "立直(1飜)" or "大三元(役満)".
func parseT6Yaku(s string) (Yaku, error) {
	i := strings.LastIndex(s, "(")
	if i < 0 || !strings.HasSuffix(s, ")") {
		return Yaku{}, errors.New("want name(value)")
	}
	y := Yaku{Name: s[:i], ID: YakuID(s[:i])}
	v := s[i+1 : len(s)-1]
	if v == "役満" {
		y.Yakuman = true
		return y, nil
	}
	n, ok := strings.CutSuffix(v, "飜")
	h, err := strconv.Atoi(n)
	if !ok || err != nil || h < 0 {
		return Yaku{}, errors.New("want (N飜) or (役満)")
	}
	y.Han = h
	return y, nil
}

func formatT6Yaku(y Yaku) string {
	if y.Yakuman {
		return y.Name + "(役満)"
	}
	return fmt.Sprintf("%s(%d飜)", y.Name, y.Han)
}

// WriteTenhou6 writes g as one tenhou.net/6 JSON document; reading it back
// gives the same game.
func WriteTenhou6(w io.Writer, g *Game) error {
	d := struct {
		Title   []string  `json:"title,omitempty"`
		Name    []string  `json:"name"`
		Rule    t6Rule    `json:"rule"`
		Log     [][]any   `json:"log"`
		Ref     string    `json:"ref,omitempty"`
		Dan     []string  `json:"dan,omitempty"`
		Rate    []float64 `json:"rate,omitempty"`
		Sx      []string  `json:"sx,omitempty"`
		Sc      []float64 `json:"sc,omitempty"`
		Lobby   int       `json:"lobby,omitempty"`
		Jantaku *Referee  `json:"jantaku,omitempty"`
	}{Title: g.Title, Ref: g.Ref, Lobby: g.Rules.Lobby, Jantaku: g.Rules.Referee, Name: make([]string, 4)}
	d.Rule.Disp = g.Rules.Label
	if g.Rules.Red == [3]bool{true, true, true} {
		d.Rule.Aka = 1
	} else {
		for i, p := range []*int{&d.Rule.Aka51, &d.Rule.Aka52, &d.Rule.Aka53} {
			if g.Rules.Red[i] {
				*p = 1
			}
		}
	}
	var hasDan, hasRate, hasSx bool
	for _, p := range g.Players {
		hasDan = hasDan || p.Dan != ""
		hasRate = hasRate || p.Rate != 0
		hasSx = hasSx || p.Sex != ""
	}
	names := d.Name[:]
	if g.Rules.Three && !strings.HasPrefix(g.Rules.Label, "三") && len(g.Hands) == 0 {
		// Neither the label nor a hand would say three players.
		names = names[:3]
	}
	for s, p := range g.Players {
		d.Name[s] = p.Name
		if hasDan {
			d.Dan = append(d.Dan, p.Dan)
		}
		if hasRate {
			d.Rate = append(d.Rate, p.Rate)
		}
		if hasSx {
			d.Sx = append(d.Sx, p.Sex)
		}
	}
	if f := g.Final; f != nil {
		for s := range 4 {
			d.Sc = append(d.Sc, float64(f.Scores[s]), f.Points[s])
		}
	}
	for i := range g.Hands {
		h, err := t6Encode(i, &g.Hands[i], g.Rules.Three)
		if err != nil {
			return err
		}
		d.Log = append(d.Log, h)
	}
	d.Name = names
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(d)
}

func t6Codes(ts []tile.Tile) []int {
	cs := make([]int, len(ts))
	for i, t := range ts {
		cs[i] = t6Code(t)
	}
	return cs
}

// t6Encode writes one hand (§1.2); three for a three-player game.
func t6Encode(hi int, h *Hand, three bool) ([]any, error) {
	var takes, drops [4][]any
	riichi := [4]bool{}
	for i, a := range h.Actions {
		if a.Seat < 0 || a.Seat > 3 || three && a.Seat == 3 {
			return nil, t6Err(hi, fmt.Sprintf("action %d", i), "seat %d", a.Seat)
		}
		s := a.Seat
		switch a.Type {
		case Draw:
			takes[s] = append(takes[s], t6Code(a.Tile))
		case Riichi:
			riichi[s] = true
		case Discard:
			code := t6Code(a.Tile)
			if a.Tsumogiri {
				code = 60
			}
			if riichi[s] {
				drops[s] = append(drops[s], "r"+strconv.Itoa(code))
				riichi[s] = false
			} else {
				drops[s] = append(drops[s], code)
			}
		case Kita:
			if !three || a.Tile.Kind != tile.North {
				return nil, t6Err(hi, fmt.Sprintf("action %d", i), "kita of %s in a game of four or of a tile not a north", a.Tile)
			}
			drops[s] = append(drops[s], "f"+strconv.Itoa(t6Code(a.Tile)))
		case Call:
			if err := a.Meld.Check(); err != nil {
				return nil, &FormatError{Format: "tenhou6", Hand: hi, Where: fmt.Sprintf("action %d", i), Msg: "bad meld", Err: err}
			}
			// The letter's position: 0 previous player, 1 opposite, 2
			// next (§1.4). Three players: the seats' numbers counted round
			// four seats, as t6Play.from reads them.
			rel := 3 - a.Meld.From
			if three && a.Meld.Type != tile.ClosedKan {
				if a.Meld.From > 2 {
					return nil, t6Err(hi, fmt.Sprintf("action %d", i), "a call from %d seats on in a game of three", a.Meld.From)
				}
				src := (s + a.Meld.From) % 3
				rel = (s - src + 3) % 4
			}
			str := formatT6Meld(a.Meld, rel)
			switch a.Meld.Type {
			case tile.Chi, tile.Pon:
				takes[s] = append(takes[s], str)
			case tile.Kan:
				takes[s] = append(takes[s], str)
				drops[s] = append(drops[s], 0)
			default:
				drops[s] = append(drops[s], str)
			}
		default:
			return nil, t6Err(hi, fmt.Sprintf("action %d", i), "unknown action type %d", a.Type)
		}
	}
	out := []any{
		[]int{h.Round, h.Honba, h.Sticks},
		h.Scores[:],
		t6Codes(h.Dora),
		t6Codes(h.Ura),
	}
	for s := range 4 {
		out = append(out, t6Codes(h.Deal[s]), nonNil(takes[s]), nonNil(drops[s]))
	}
	return append(out, t6EncodeResult(h, three)), nil
}

func nonNil(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

func t6EncodeResult(h *Hand, three bool) []any {
	r := &h.Result
	if len(r.Wins) > 0 {
		out := []any{"和了"}
		for i := range r.Wins {
			w := &r.Wins[i]
			pao := w.Pao
			if pao < 0 {
				pao = w.Who
			}
			info := []any{w.Who, w.From, pao}
			if w.Points != 0 || w.Limit != NoLimit || len(w.Yaku) > 0 {
				info = append(info, formatT6Points(w, h.Dealer(), playersOf(three)))
				for _, y := range w.Yaku {
					info = append(info, formatT6Yaku(y))
				}
			}
			out = append(out, w.Deltas[:], info)
		}
		return out
	}
	switch r.Draw {
	case Exhaustive:
		n := 0
		for _, t := range r.Tenpai {
			if t {
				n++
			}
		}
		switch {
		case n == 0:
			return []any{"全員不聴"}
		case n == 4, three && n == 3:
			return []any{"全員聴牌"}
		}
		return []any{"流局", r.Deltas[:]}
	case NagashiMangan:
		return []any{"流し満貫", r.Deltas[:]}
	}
	for name, k := range t6Draws {
		if k == r.Draw && k != Exhaustive {
			return []any{name}
		}
	}
	return []any{"流局", r.Deltas[:]}
}
