package record

import (
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"jantaku/rules/tile"
)

// Tenhou's mjlog XML (§2): one element per event, tiles as 136-ids, scores
// in hundreds. Read with a streaming decoder, so one-line and
// pretty-printed files are alike.

// ReadMjlog reads a game in Tenhou's mjlog XML.
func ReadMjlog(r io.Reader) (*Game, error) {
	dec := xml.NewDecoder(r)
	p := &mjParser{g: &Game{}, hi: -1}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		line, col := dec.InputPos()
		if err != nil {
			return nil, &FormatError{Format: "mjlog", Hand: p.hi, Where: fmt.Sprintf("line %d column %d", line, col), Msg: "bad XML", Err: err}
		}
		if c, ok := tok.(xml.Comment); ok {
			// Published logs often name their log id in a comment.
			p.g.Named(string(c))
			continue
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		p.where = fmt.Sprintf("line %d column %d <%s>", line, col, se.Name.Local)
		p.attrs = se.Attr
		if err := p.element(se.Name.Local); err != nil {
			return nil, err
		}
	}
	if p.hi < 0 {
		return nil, &FormatError{Format: "mjlog", Hand: -1, Msg: "no hand (INIT) in the log"}
	}
	if p.h.Result.Draw == NoDraw && len(p.h.Result.Wins) == 0 {
		return nil, &FormatError{Format: "mjlog", Hand: p.hi, Msg: "the log ends before the hand's result"}
	}
	p.g.Hands = append(p.g.Hands, p.h)
	return p.g, nil
}

type mjParser struct {
	g      *Game
	h      Hand
	hi     int // index of the hand being read, -1 before the first INIT
	where  string
	attrs  []xml.Attr
	seenUN bool

	lastDraw    [4]int // 136-id of the tile each seat just drew, -1 none
	lastDiscard int    // 136-id of the last discard, -1 none
	discarder   int
}

func (p *mjParser) errf(format string, args ...any) error {
	return &FormatError{Format: "mjlog", Hand: p.hi, Where: p.where, Msg: fmt.Sprintf(format, args...)}
}

func (p *mjParser) attr(name string) (string, bool) {
	for _, a := range p.attrs {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// intAttr reads a required integer attribute.
func (p *mjParser) intAttr(name string) (int, error) {
	v, ok := p.attr(name)
	if !ok {
		return 0, p.errf("no %s attribute", name)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, p.errf("%s=%q is not a number", name, v)
	}
	return n, nil
}

// seatAttr reads a required seat attribute.
func (p *mjParser) seatAttr(name string) (int, error) {
	n, err := p.intAttr(name)
	if err == nil && (n < 0 || n > 3) {
		err = p.errf("%s=%d is not a seat", name, n)
	}
	return n, err
}

// listAttr reads a comma-separated list of numbers; want -1 takes any length.
func (p *mjParser) listAttr(name string, want int) ([]float64, error) {
	v, ok := p.attr(name)
	if !ok {
		return nil, p.errf("no %s attribute", name)
	}
	var out []float64
	if v != "" {
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				return nil, p.errf("%s=%q: %q is not a number", name, v, f)
			}
			out = append(out, n)
		}
	}
	if want >= 0 && len(out) != want {
		return nil, p.errf("%s=%q has %d numbers, want %d", name, v, len(out), want)
	}
	return out, nil
}

func (p *mjParser) intsAttr(name string, want int) ([]int, error) {
	fs, err := p.listAttr(name, want)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(fs))
	for i, f := range fs {
		if f != float64(int(f)) {
			return nil, p.errf("%s: %v is not an integer", name, f)
		}
		out[i] = int(f)
	}
	return out, nil
}

func (p *mjParser) tile(id int) (tile.Tile, error) {
	if id < 0 || id >= 4*tile.NumKinds {
		return tile.Tile{}, p.errf("tile %d out of range 0–135", id)
	}
	return tile.FromID(id, p.g.Rules.Red)
}

func (p *mjParser) tiles(name string, want int) ([]tile.Tile, error) {
	ids, err := p.intsAttr(name, want)
	if err != nil {
		return nil, err
	}
	ts := make([]tile.Tile, len(ids))
	for i, id := range ids {
		if ts[i], err = p.tile(id); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// inHand reports an error unless a hand is being played.
func (p *mjParser) inHand() error {
	if p.hi < 0 {
		return p.errf("before the first hand (INIT)")
	}
	if p.h.Result.Draw != NoDraw || len(p.h.Result.Wins) > 0 {
		return p.errf("after the hand's result")
	}
	return nil
}

func (p *mjParser) element(name string) error {
	if len(name) >= 2 && strings.IndexByte("TUVWDEFG", name[0]) >= 0 {
		if id, err := strconv.Atoi(name[1:]); err == nil && name[1] != '-' && name[1] != '+' {
			return p.drawOrDiscard(name[0], id)
		}
	}
	switch name {
	case "GO":
		return p.rules()
	case "UN":
		return p.players()
	case "INIT":
		return p.init()
	case "N":
		return p.call()
	case "REACH":
		return p.reach()
	case "DORA":
		if err := p.inHand(); err != nil {
			return err
		}
		id, err := p.intAttr("hai")
		if err != nil {
			return err
		}
		t, err := p.tile(id)
		if err != nil {
			return err
		}
		p.h.Dora = append(p.h.Dora, t)
	case "AGARI":
		return p.agari()
	case "RYUUKYOKU":
		return p.ryuukyoku()
	}
	// mjloggm, SHUFFLE, TAIKYOKU, BYE and anything newer carry nothing
	// the record holds.
	return nil
}

func (p *mjParser) rules() error {
	typ, err := p.intAttr("type")
	if err != nil {
		return err
	}
	r := &p.g.Rules
	r.Three = typ&TypeSanma != 0
	r.Type, r.HasType = typ, true
	red := typ&TypeNoRed == 0
	r.Red = [3]bool{red, red, red}
	if r.Three {
		r.Red[0] = false // no 5m in a three-player game
	}
	r.OpenTanyao = typ&TypeNoKuitan == 0
	r.Hanchan = typ&TypeHanchan != 0
	r.Fast = typ&TypeFast != 0
	if v, ok := p.attr("lobby"); ok {
		if r.Lobby, err = strconv.Atoi(v); err != nil {
			return p.errf("lobby=%q is not a number", v)
		}
	}
	// The label Tenhou shows for these bits, as in its tenhou6 exports.
	r.Label = TypeLabel(typ)
	return nil
}

// seats is the number of players: 3 in a three-player game.
func (p *mjParser) seats() int {
	if p.g.Rules.Three {
		return 3
	}
	return 4
}

// danNames are Tenhou's rank labels by mjlog number.
var danNames = [...]string{"新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
	"初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳"}

func (p *mjParser) players() error {
	if p.seenUN {
		return nil // a reconnection
	}
	p.seenUN = true
	for s := range 4 {
		v, _ := p.attr(fmt.Sprintf("n%d", s))
		name, err := url.PathUnescape(v)
		if err != nil {
			return p.errf("n%d=%q: %v", s, v, err)
		}
		p.g.Players[s].Name = name
	}
	if _, ok := p.attr("dan"); ok {
		dan, err := p.intsAttr("dan", 4)
		if err != nil {
			return err
		}
		for s, d := range dan {
			if d >= 0 && d < len(danNames) {
				p.g.Players[s].Dan = danNames[d]
			}
		}
	}
	if _, ok := p.attr("rate"); ok {
		rate, err := p.listAttr("rate", 4)
		if err != nil {
			return err
		}
		for s, r := range rate {
			p.g.Players[s].Rate = r
		}
	}
	if v, ok := p.attr("sx"); ok {
		for s, x := range strings.Split(v, ",") {
			if s < 4 {
				p.g.Players[s].Sex = x
			}
		}
	}
	return nil
}

func (p *mjParser) init() error {
	if p.hi >= 0 {
		if p.h.Result.Draw == NoDraw && len(p.h.Result.Wins) == 0 {
			return p.errf("a new hand before the last one's result")
		}
		p.g.Hands = append(p.g.Hands, p.h)
	}
	p.hi++
	p.h = Hand{}
	p.lastDraw = [4]int{-1, -1, -1, -1}
	p.lastDiscard = -1
	seed, err := p.intsAttr("seed", 6)
	if err != nil {
		return err
	}
	if seed[0] < 0 || seed[0] > 15 || seed[1] < 0 || seed[2] < 0 {
		return p.errf("seed: round %d, honba %d, sticks %d", seed[0], seed[1], seed[2])
	}
	p.h.Round, p.h.Honba, p.h.Sticks = seed[0], seed[1], seed[2]
	dora, err := p.tile(seed[5])
	if err != nil {
		return err
	}
	p.h.Dora = []tile.Tile{dora}
	ten, err := p.intsAttr("ten", 4)
	if err != nil {
		return err
	}
	for s := range 4 {
		p.h.Scores[s] = 100 * ten[s]
		want := 13
		if s == 3 && p.g.Rules.Three {
			want = 0 // the empty seat of a three-player game
		}
		if p.h.Deal[s], err = p.tiles(fmt.Sprintf("hai%d", s), want); err != nil {
			return err
		}
	}
	return nil
}

func (p *mjParser) drawOrDiscard(c byte, id int) error {
	if err := p.inHand(); err != nil {
		return err
	}
	t, err := p.tile(id)
	if err != nil {
		return err
	}
	if s := strings.IndexByte("TUVW", c); s >= 0 {
		p.h.Actions = append(p.h.Actions, Action{Type: Draw, Seat: s, Tile: t})
		p.lastDraw[s] = id
		return nil
	}
	s := strings.IndexByte("DEFG", c)
	// Tsumogiri is not marked: the discard is the very tile just drawn.
	p.h.Actions = append(p.h.Actions, Action{Type: Discard, Seat: s, Tile: t, Tsumogiri: id == p.lastDraw[s]})
	p.lastDraw[s] = -1
	p.lastDiscard, p.discarder = id, s
	return nil
}

func (p *mjParser) reach() error {
	if err := p.inHand(); err != nil {
		return err
	}
	who, err := p.seatAttr("who")
	if err != nil {
		return err
	}
	step, err := p.intAttr("step")
	if err != nil {
		return err
	}
	// Step 2 is the stick being paid, which RiichiPaid derives.
	if step == 1 {
		p.h.Actions = append(p.h.Actions, Action{Type: Riichi, Seat: who})
	}
	return nil
}

func (p *mjParser) call() error {
	if err := p.inHand(); err != nil {
		return err
	}
	who, err := p.seatAttr("who")
	if err != nil {
		return err
	}
	code, err := p.intAttr("m")
	if err != nil {
		return err
	}
	if code&0x3c == 0x20 {
		// Kita (three players): the north set aside, its 136-id in the
		// high byte.
		id := code >> 8
		if !p.g.Rules.Three || id/4 != int(tile.North) {
			return p.errf("m=%d: kita of tile %d in a game of four or of a tile not a north", code, id)
		}
		t, err := p.tile(id)
		if err != nil {
			return err
		}
		p.h.Actions = append(p.h.Actions, Action{Type: Kita, Seat: who, Tile: t})
		p.lastDraw[who] = -1
		return nil
	}
	ids, m, err := decodeMjMeld(code)
	if err != nil {
		return p.errf("m=%d: %v", code, err)
	}
	switch m.Type {
	case tile.Chi, tile.Pon, tile.Kan:
		from := (who + m.From) % p.seats()
		if p.lastDiscard < 0 || p.discarder != from || p.lastDiscard/4 != ids[0]/4 {
			return p.errf("m=%d claims %d from seat %d, but the last discard is %d by seat %d", code, ids[0], from, p.lastDiscard, p.discarder)
		}
		ids[0] = p.lastDiscard // the claimed copy is the one discarded
		if m.Type == tile.Kan {
			ids = append(ids[:1], otherCopies(ids[0])...)
		}
		p.lastDiscard = -1
	}
	for _, id := range ids {
		t, err := p.tile(id)
		if err != nil {
			return err
		}
		m.Tiles = append(m.Tiles, t)
	}
	if err := m.Check(); err != nil {
		return p.errf("m=%d: %v", code, err)
	}
	p.h.Actions = append(p.h.Actions, Action{Type: Call, Seat: who, Meld: m})
	p.lastDraw[who] = -1
	return nil
}

func otherCopies(id int) []int {
	var out []int
	for c := range 4 {
		if o := id/4*4 + c; o != id {
			out = append(out, o)
		}
	}
	return out
}

// decodeMjMeld unpacks an N element's m (§2 "N m= decoding") into the
// meld's 136-ids, claimed tile first, and its type and source seat.
func decodeMjMeld(m int) ([]int, tile.Meld, error) {
	if m < 0 || m > 0xffff {
		return nil, tile.Meld{}, fmt.Errorf("out of range")
	}
	meld := tile.Meld{From: m & 3}
	// claimedFirst moves the claimed tile to the front, keeping the order
	// of the rest.
	claimedFirst := func(ids []int, called int) []int {
		return append([]int{ids[called]}, append(append([]int(nil), ids[:called]...), ids[called+1:]...)...)
	}
	switch {
	case m&0x4 != 0:
		meld.Type = tile.Chi
		t := m >> 10
		called := t % 3
		t /= 3
		if t >= 21 {
			return nil, meld, fmt.Errorf("chi base %d out of range", t)
		}
		base := (t/7)*9 + t%7
		ids := []int{base*4 + (m>>3)&3, (base+1)*4 + (m>>5)&3, (base+2)*4 + (m>>7)&3}
		return claimedFirst(ids, called), meld, nil
	case m&0x18 != 0:
		meld.Type = tile.Pon
		if m&0x10 != 0 {
			meld.Type = tile.AddedKan
		}
		t := m >> 9
		called, kind := t%3, t/3
		if kind >= tile.NumKinds {
			return nil, meld, fmt.Errorf("kind %d out of range", kind)
		}
		unused := (m >> 5) & 3
		var ids []int
		for c := range 4 {
			if c != unused {
				ids = append(ids, kind*4+c)
			}
		}
		ids = claimedFirst(ids, called)
		if meld.Type == tile.AddedKan {
			ids = append(ids, kind*4+unused)
		}
		return ids, meld, nil
	case m&0x20 != 0:
		return nil, meld, fmt.Errorf("kita (three-player) is not read")
	}
	id := m >> 8
	if id >= 4*tile.NumKinds {
		return nil, meld, fmt.Errorf("tile %d out of range", id)
	}
	if meld.From == 0 {
		meld.Type = tile.ClosedKan
		k := id / 4 * 4
		return []int{k, k + 1, k + 2, k + 3}, meld, nil
	}
	meld.Type = tile.Kan
	return append([]int{id}, otherCopies(id)...), meld, nil
}

// scores reads sc="before0,delta0,…" (hundreds) into deltas in points.
func (p *mjParser) scores() ([4]int, error) {
	var d [4]int
	// Chip games append four more pairs, which the record leaves out.
	sc, err := p.listAttr("sc", -1)
	if err != nil {
		return d, err
	}
	if len(sc) != 8 && len(sc) != 16 {
		return d, p.errf("sc has %d numbers, want 8 (or 16 with chips)", len(sc))
	}
	for s := range 4 {
		d[s] = int(100 * sc[2*s+1])
	}
	return d, nil
}

// owari reads the final standing from the last hand's result.
func (p *mjParser) owari() error {
	if _, ok := p.attr("owari"); !ok {
		return nil
	}
	o, err := p.listAttr("owari", -1)
	if err != nil {
		return err
	}
	if len(o) != 8 && len(o) != 12 && len(o) != 16 {
		return p.errf("owari has %d numbers, want 8 (more with chips)", len(o))
	}
	f := &Final{}
	for s := range 4 {
		f.Scores[s] = int(100 * o[2*s])
		f.Points[s] = o[2*s+1]
	}
	p.g.Final = f
	return nil
}

func (p *mjParser) agari() error {
	if p.hi < 0 || p.h.Result.Draw != NoDraw {
		return p.errf("a win outside a hand")
	}
	var w Win
	var err error
	if w.Who, err = p.seatAttr("who"); err != nil {
		return err
	}
	if w.From, err = p.seatAttr("fromWho"); err != nil {
		return err
	}
	w.Pao = -1
	if _, ok := p.attr("paoWho"); ok {
		if w.Pao, err = p.seatAttr("paoWho"); err != nil {
			return err
		}
	}
	ten, err := p.intsAttr("ten", 3)
	if err != nil {
		return err
	}
	if ten[2] < 0 || ten[2] > int(Yakuman) {
		return p.errf("ten: limit %d", ten[2])
	}
	w.Fu, w.Points, w.Limit = ten[0], ten[1], Limit(ten[2])
	if _, ok := p.attr("yaku"); ok {
		ys, err := p.intsAttr("yaku", -1)
		if err != nil {
			return err
		}
		if len(ys)%2 != 0 {
			return p.errf("yaku: odd length %d", len(ys))
		}
		for i := 0; i < len(ys); i += 2 {
			w.Yaku = append(w.Yaku, Yaku{ID: ys[i], Name: YakuName(ys[i]), Han: ys[i+1]})
			w.Han += ys[i+1]
		}
	}
	if _, ok := p.attr("yakuman"); ok {
		ys, err := p.intsAttr("yakuman", -1)
		if err != nil {
			return err
		}
		for _, id := range ys {
			w.Yaku = append(w.Yaku, Yaku{ID: id, Name: YakuName(id), Yakuman: true})
		}
	}
	if _, ok := p.attr("doraHaiUra"); ok && len(p.h.Ura) == 0 {
		if p.h.Ura, err = p.tiles("doraHaiUra", -1); err != nil {
			return err
		}
	}
	if w.Deltas, err = p.scores(); err != nil {
		return err
	}
	p.h.Result.Wins = append(p.h.Result.Wins, w)
	return p.owari()
}

var mjDraws = map[string]DrawKind{
	"": Exhaustive, "yao9": NineTerminals, "reach4": FourRiichi, "ron3": TripleRon,
	"kan4": FourKans, "kaze4": FourWinds, "nm": NagashiMangan,
}

func (p *mjParser) ryuukyoku() error {
	if err := p.inHand(); err != nil {
		return err
	}
	typ, _ := p.attr("type")
	kind, ok := mjDraws[typ]
	if !ok {
		return p.errf("unknown draw type %q", typ)
	}
	r := &p.h.Result
	r.Draw = kind
	var err error
	if r.Deltas, err = p.scores(); err != nil {
		return err
	}
	if kind == Exhaustive || kind == NagashiMangan {
		// Tenpai hands are shown.
		for s := range 4 {
			_, r.Tenpai[s] = p.attr(fmt.Sprintf("hai%d", s))
		}
	}
	return p.owari()
}
