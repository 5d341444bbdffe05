package sensing

import (
	"math/bits"
	"slices"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Read is one inventory of one zone antenna: the tags it answered, read
// at At (when the read finished).
type Read struct {
	Zone Zone
	At   time.Time
	UIDs []rfid.UID
	// Quiet lists the tags a reader holding its field on has told Stay
	// Quiet in this zone and that have not answered since: the read
	// could not hear them, so it says nothing of them (they may have
	// left). A tag that answers anyway was re-powered (lifted and put
	// back) and is a sighting like any other.
	Quiet []rfid.UID
	// Asked, when not nil, makes the read an addressed request to these
	// tags only (a Reset to Ready, which a quiet tag answers): UIDs are
	// those of them that answered, and the read says nothing of the
	// zone's other tags.
	Asked []rfid.UID
}

// Movement is a committed change of a tile's location. At is the time of
// the decisive read, the one that made the reads agree.
type Movement struct {
	UID      rfid.UID
	Tile     tile.Tile
	From, To Zone
	Via      []Zone // zones it was seen in on the way, without agreement
	At       time.Time
	Seen     time.Time // the first read that saw it away from From
}

// LocateConfig sets how much agreement a location needs.
type LocateConfig struct {
	// Agree is the number of reads of the new zone that must see a tile
	// before it moves there (2 unless set); the old zone's latest read must
	// not have seen it. The sightings need not be consecutive: one read of
	// the new zone without the tile is taken as a missed read (5% of reads
	// miss a tag), two in a row mean the tile is not there and the count
	// starts again. A sighting of the tile at home also starts it again.
	Agree int
	// VanishReads and VanishAfter: a tile its zone has not seen in that
	// many reads and that long is reported as vanished (12 reads and 10 s
	// unless set). Its location does not change.
	VanishReads int
	VanishAfter time.Duration
	// Held says every zone is polled all the time (Config.Held): a tile
	// moves only once a read of its zone that could have heard it did
	// not, expected or not, since that read is a few milliseconds away;
	// and a tile leaving a wall needs one sighting more than Agree in
	// the zone it goes to. Until then sightings elsewhere may be a
	// neighbouring antenna hearing it before it is told to keep quiet.
	Held bool
}

func (c LocateConfig) withDefaults() LocateConfig {
	if c.Agree < 1 {
		c.Agree = 2
	}
	if c.VanishReads < 1 {
		c.VanishReads = 12
	}
	if c.VanishAfter <= 0 {
		c.VanishAfter = 10 * time.Second
	}
	return c
}

type track struct {
	// What every read looks at first, kept together: most reads only
	// need these of most tiles.
	heard     bool      // scratch of Observe: the read heard it
	hushed    bool      // scratch of Observe: the read could not hear it
	at        Zone      // committed zone
	lazy      uint32    // zones (bit per index) it has settled out of: see lookedAt
	hitZones  uint32    // the zones (bit per index) whose hits are not 0
	homeBit   uint32    // at's bit (0 if not known)
	seenZones uint32    // the zones (bit per index) whose seen is not zero
	aside     time.Time // the latest of seen outside at: Arriving skips a tile not seen away since
	uid       rfid.UID
	tile      tile.Tile
	hits      [maxZones]int       // reads of a zone that saw the tile since it was last seen at home
	gone      [maxZones]int       // consecutive reads of a zone without the tile
	first     [maxZones]time.Time // first read of the current run of hits
	away      [maxZones]time.Time // first read of a zone that saw the tile since it was last home
	seen      [maxZones]time.Time // last read of a zone that saw the tile
	looked    [maxZones]time.Time // last read of a zone that could have heard the tile (it was not quiet there)
	lastSeen  time.Time
	quietAt   time.Time // the latest read of at that took it to keep quiet (Read.Quiet)
	prevHome  time.Time // the sighting at home before the latest one
	trail     []Zone    // zones seen in since the last commit
	missed    int       // reads of its zone without it since it was last seen
	reached   time.Time // the first read of at that saw it, at its latest commit
	vanished  bool
	expect    uint32 // zones (bit per index) the referee expects it to move to now
}

// settledGone is where a tile's count of reads of a zone without it
// stops counting once it has settled out of that zone: no rule counts
// further (Arriving's four misses in a row is the last).
const settledGone = 4

// lookedAt is the latest read of zone i that could have heard tr. A tile
// settled out of a zone (track.lazy: not at home there, unseen there for
// settledGone reads in a row, no sighting there pending) is not touched by
// the zone's reads that miss it, since eighteen zones polled hundreds of
// times a second would otherwise visit every tile of the set at each
// read: all it would record is that the read could have heard it, which
// is the zone's latest read.
func (l *Locator) lookedAt(tr *track, i int) time.Time {
	if tr.lazy&(1<<i) != 0 {
		return l.read[i]
	}
	return tr.looked[i]
}

// doubted reports whether tr is being seen in a zone the referee does not
// expect it to go to, or in any other zone while it keeps quiet at home,
// and the first such zone: only a read of home that can hear it says
// whether it left.
func (l *Locator) doubted(tr *track) (int, bool) {
	if !tr.at.Known() {
		return 0, false
	}
	m := tr.elsewhere()
	if m == 0 {
		return 0, false
	}
	if !l.quietHome(tr) {
		m &^= tr.expect
	}
	if m != 0 {
		return bits.TrailingZeros32(m), true
	}
	return 0, false
}

// quietHome reports whether the last read of tr's zone that could hear
// it saw it there, and the reads since have all been reads it kept quiet
// through: its silence there says nothing.
func (l *Locator) quietHome(tr *track) bool {
	home := tr.at.index()
	if home < 0 {
		return false
	}
	looked := l.lookedAt(tr, home)
	return l.read[home].After(looked) && !looked.After(tr.seen[home])
}

// elsewhere returns the zones (bit per index) other than its own whose hits
// are not 0.
func (tr *track) elsewhere() uint32 { return tr.hitZones &^ tr.homeBit }

// rehome commits the tile to z.
func (tr *track) rehome(z Zone) {
	tr.at, tr.aside, tr.homeBit = z, time.Time{}, 0
	home := z.index()
	if home >= 0 {
		tr.homeBit = 1 << home
	}
	for i, t := range tr.seen {
		if i != home && t.After(tr.aside) {
			tr.aside = t
		}
	}
}

// Locator keeps each tile's committed location.
type Locator struct {
	cfg    LocateConfig
	tracks map[rfid.UID]*track
	order  []*track
	read   [maxZones]time.Time   // last read of each zone
	hist   [maxZones][]time.Time // the latest reads of each zone, oldest first (up to histReads)
	doubt  []*track              // the tracks doubted, as of the latest read or expectation
	begun  time.Time             // the first read's time
}

// histReads is how many reads of a zone the locator remembers for
// ordering moves: a minute of a hand read five times a second.
const histReads = 300

// NewLocator returns a locator for the tiles of tags, each at the zone
// given by where (a zero Zone: not known yet).
func NewLocator(cfg LocateConfig, tags map[rfid.UID]tile.Tile, where func(rfid.UID) Zone) *Locator {
	l := &Locator{cfg: cfg.withDefaults(), tracks: map[rfid.UID]*track{}}
	uids := make([]rfid.UID, 0, len(tags))
	for u := range tags {
		uids = append(uids, u)
	}
	slices.Sort(uids)
	for _, u := range uids {
		tr := &track{uid: u, tile: tags[u]}
		if where != nil {
			tr.rehome(where(u))
		}
		l.tracks[u] = tr
		l.order = append(l.order, tr)
	}
	return l
}

// Where returns the committed zone of uid.
func (l *Locator) Where(uid rfid.UID) Zone {
	if tr := l.tracks[uid]; tr != nil {
		return tr.at
	}
	return Zone{}
}

// SeenIn returns the time of the latest read of z that saw uid (zero if
// none did).
func (l *Locator) SeenIn(uid rfid.UID, z Zone) time.Time {
	tr, i := l.tracks[uid], z.index()
	if tr == nil || i < 0 {
		return time.Time{}
	}
	return tr.seen[i]
}

// Missed reports whether the latest read of z that could have heard uid
// (one where it was not quiet) did not see it.
func (l *Locator) Missed(uid rfid.UID, z Zone) bool {
	tr, i := l.tracks[uid], z.index()
	if tr == nil || i < 0 {
		return false
	}
	return l.lookedAt(tr, i).After(tr.seen[i])
}

// Doubted returns the tiles being seen in a zone the referee does not
// expect them to go to, or in any other zone while they keep quiet at
// home (Read.Quiet), From where they are and To where they were seen:
// whether such a tile left, a read that cannot hear it at home cannot
// say; a request addressed to it there can (Read.Asked). A tile quiet at
// home moves, expected or not, only once such a request goes unanswered:
// a neighbour's antenna can hear it twice, as it can any tile.
func (l *Locator) Doubted() []Movement {
	var out []Movement
	for _, tr := range l.doubt {
		if i, ok := l.doubted(tr); ok {
			out = append(out, Movement{UID: tr.uid, Tile: tr.tile, From: tr.at, To: zoneOf(i), At: tr.seen[i], Seen: tr.away[i]})
		}
	}
	return out
}

// redoubt finds the doubted tracks again: sightings and expectations
// changed. Doubted is asked at every read by every quiet zone, so it is
// kept rather than found each time.
func (l *Locator) redoubt() {
	l.doubt = l.doubt[:0]
	for _, tr := range l.order {
		if _, ok := l.doubted(tr); ok {
			l.doubt = append(l.doubt, tr)
		}
	}
}

// Known reports whether uid is a tile of the set on the table.
func (l *Locator) Known(uid rfid.UID) bool { return l.tracks[uid] != nil }

// Place sets uid's location (an operator's correction) and forgets what
// the reads were agreeing on.
func (l *Locator) Place(uid rfid.UID, z Zone) {
	if tr := l.tracks[uid]; tr != nil {
		for i := range maxZones {
			tr.looked[i] = l.lookedAt(tr, i)
		}
		tr.lazy = 0
		tr.rehome(z)
		tr.hits, tr.hitZones = [maxZones]int{}, 0
		tr.gone = [maxZones]int{}
		tr.missed, tr.vanished = 0, false
		tr.prevHome = tr.lastSeen
	}
	l.redoubt()
}

// Expect replaces the moves the referee expects now: each tile of exp to
// any of its zones. An expected move commits on Agree sightings in the
// new zone without waiting for a read of the old zone that misses the
// tile: at a fast player's pace a tile stays in a zone for less than the
// reads of two zones (a hand takes 110 ms to inventory, a wall 300 ms),
// and a sighting at home still starts the count again, so a neighbour's
// ghost would have to be heard twice between two reads of home.
func (l *Locator) Expect(exp map[rfid.UID][]Zone) {
	for _, tr := range l.order {
		tr.expect = 0
	}
	for u, zs := range exp {
		tr := l.tracks[u]
		if tr == nil {
			continue
		}
		for _, z := range zs {
			if i := z.index(); i >= 0 {
				tr.expect |= 1 << i
			}
		}
	}
	l.redoubt()
}

// Candidates returns the zones where a tile is being seen but has not
// been committed, and the zones it would leave when the move is not one
// the referee expects and has been seen often enough (a read of the old
// zone decides it; one sighting may be a ghost, and a wall takes 300 ms
// to read): where to read soon.
func (l *Locator) Candidates() []Zone { return zonesOf(l.candidates()) }

// candidates is Candidates as a set of zones (bit per index): the sensor
// asks for it at every read.
func (l *Locator) candidates() uint32 {
	var out uint32
	for _, tr := range l.order {
		for m := tr.elsewhere(); m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			out |= 1 << i
			if tr.expect&(1<<i) == 0 && tr.hits[i] >= l.cfg.Agree {
				out |= tr.homeBit
			}
		}
	}
	return out
}

// zonesOf lists the zones of a set (bit per index), in index order.
func zonesOf(m uint32) []Zone {
	var out []Zone
	for ; m != 0; m &= m - 1 {
		out = append(out, zoneOf(bits.TrailingZeros32(m)))
	}
	return out
}

// Confirming returns the zones where a tile the referee expects there has
// been seen but not yet often enough to commit: the read that confirms it
// is the one that lets sensing act.
func (l *Locator) Confirming() []Zone { return zonesOf(l.confirming()) }

// confirming is Confirming as a set of zones (bit per index).
func (l *Locator) confirming() uint32 {
	var out uint32
	for _, tr := range l.order {
		for m := tr.elsewhere() & tr.expect; m != 0; m &= m - 1 {
			if i := bits.TrailingZeros32(m); tr.hits[i] < l.cfg.Agree {
				out |= 1 << i
			}
		}
	}
	return out
}

// Arriving returns the tiles seen since since in a zone they have not
// been committed to, not seen at home twice after that (once may be a
// ghost: antennas read their neighbours' tags), and not missed by the
// last four reads of that zone in a row: From is where they are, To where
// they were seen, At the latest sighting there, Seen the first since the
// tile was last seen at home. Missed reads (5% each) do
// not hide a tile that is arriving; four in a row (a chance of 6 in a
// million) say it is not there.
func (l *Locator) Arriving(since time.Time) []Movement {
	var out []Movement
	l.eachArriving(since, func(tr *track, i int) {
		out = append(out, Movement{UID: tr.uid, Tile: tr.tile, From: tr.at, To: zoneOf(i), At: tr.seen[i], Seen: tr.away[i]})
	})
	return out
}

// arriving is the set of zones (bit per index) of Arriving's To.
func (l *Locator) arriving(since time.Time) uint32 {
	var out uint32
	l.eachArriving(since, func(_ *track, i int) { out |= 1 << i })
	return out
}

// eachArriving calls f with each tile Arriving reports and the zone it is
// seen arriving in.
func (l *Locator) eachArriving(since time.Time, f func(tr *track, i int)) {
	for _, tr := range l.order {
		if tr.aside.Before(since) {
			continue
		}
		// A zone it has settled out of has missed it four times since.
		for m := tr.seenZones &^ tr.homeBit &^ tr.lazy; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			if t := tr.seen[i]; t.Before(since) || tr.gone[i] >= 4 || (tr.homeBit != 0 && !t.After(tr.prevHome)) {
				continue
			}
			f(tr, i)
		}
	}
}

// Unseen returns the tiles the latest read of their zone that could hear
// them (not one they kept quiet through) did not see:
// missed reads (5% each), or tiles lifted and in the air. It is never
// movement; it is a reason to wait before deciding that a call is
// complete.
func (l *Locator) Unseen() []Movement {
	var out []Movement
	for _, tr := range l.order {
		if i := tr.at.index(); i >= 0 && l.lookedAt(tr, i).After(tr.seen[i]) {
			out = append(out, Movement{UID: tr.uid, Tile: tr.tile, From: tr.at, At: tr.seen[i]})
		}
	}
	return out
}

// zoneOf is the inverse of Zone.index.
func zoneOf(i int) Zone {
	switch {
	case i >= 0 && i < 16:
		return Zone{Seat: game.Seat(i / 4), Area: Wall + Area(i%4)}
	case i == 16:
		return Zone{Seat: game.NoSeat, Area: DeadWall}
	case i == 17:
		return Zone{Seat: game.NoSeat, Area: Drop}
	}
	return Zone{}
}

// Observe reports what one read changes: committed movements, tiles
// newly vanished and vanished tiles seen again. Unknown tags are returned
// in foreign.
func (l *Locator) Observe(r Read) (moves []Movement, vanished, back []Movement, foreign []rfid.UID) {
	zi := r.Zone.index()
	if zi < 0 {
		return nil, nil, nil, nil
	}
	if l.begun.IsZero() {
		l.begun = r.At
	}
	for _, u := range r.Quiet {
		if tr := l.tracks[u]; tr != nil {
			tr.hushed = true
			if tr.at == r.Zone {
				tr.quietAt = r.At
			}
		}
	}
	if r.Asked != nil {
		// Every tag not asked sits the read out, as a quiet one does.
		for _, tr := range l.order {
			tr.hushed = !slices.Contains(r.Asked, tr.uid)
		}
	}
	for _, u := range r.UIDs {
		tr := l.tracks[u]
		if tr == nil {
			foreign = append(foreign, u)
			continue
		}
		tr.heard = true
	}
	prev := l.read[zi] // what a tile settled out of the zone was last looked at
	if r.Asked == nil {
		l.read[zi] = r.At
	}
	if h := l.hist[zi]; r.Asked == nil && (len(h) == 0 || !r.At.Before(h[len(h)-1])) {
		if len(h) >= histReads {
			h = append(h[:0], h[len(h)-histReads+1:]...)
		}
		l.hist[zi] = append(h, r.At)
	}
	bit := uint32(1) << zi
	for _, tr := range l.order {
		heard, hushed := tr.heard, tr.hushed
		tr.heard, tr.hushed = false, false
		if tr.lazy&bit != 0 {
			// Settled out of the zone: a miss by a read that could hear
			// it (lookedAt follows the zone's reads), or a request
			// addressed to other tiles, changes nothing of it.
			if !heard && tr.at.index() != zi && (r.Asked == nil) != hushed {
				continue
			}
			tr.looked[zi], tr.lazy = prev, tr.lazy&^bit
		}
		if !heard && hushed {
			continue // not heard, not missed
		}
		tr.looked[zi] = r.At
		if heard {
			if tr.hits[zi] == 0 {
				tr.first[zi] = r.At
			}
			if tr.away[zi].IsZero() {
				tr.away[zi] = r.At
			}
			tr.hits[zi]++
			tr.hitZones |= 1 << zi
			tr.gone[zi] = 0
			if tr.at == r.Zone {
				tr.prevHome = tr.seen[zi]
			}
			tr.seen[zi], tr.seenZones = r.At, tr.seenZones|bit
			tr.lastSeen = r.At
			if r.Zone != tr.at && r.At.After(tr.aside) {
				tr.aside = r.At
			}
			if r.Zone != tr.at && !slices.Contains(tr.trail, r.Zone) {
				tr.trail = append(tr.trail, r.Zone)
			}
			if tr.at == r.Zone {
				// Still at home: sightings elsewhere so far were bleed.
				tr.missed = 0
				tr.hits = [maxZones]int{}
				tr.hits[zi], tr.hitZones = 1, 1<<zi
				tr.trail = nil
				tr.away = [maxZones]time.Time{}
			}
			if tr.vanished {
				tr.vanished = false
				back = append(back, Movement{UID: tr.uid, Tile: tr.tile, From: tr.at, To: r.Zone, At: r.At})
			}
		} else {
			if tr.gone[zi]++; tr.gone[zi] >= 2 {
				tr.hits[zi] = 0
				tr.hitZones &^= 1 << zi
			}
			// Three reads in a row without it (1 in 8,000 for a tile
			// there): the sighting before was not its arrival. Zones read
			// every few milliseconds miss a neighbour's tile hundreds of
			// times between a stray sighting and the tile's coming.
			if tr.gone[zi] >= 3 {
				tr.away[zi] = time.Time{}
			}
			if tr.gone[zi] >= settledGone && tr.at != r.Zone && r.Asked == nil {
				tr.gone[zi], tr.lazy = settledGone, tr.lazy|bit // its looked[zi] is the zone's latest read
			}
			if tr.at == r.Zone {
				tr.missed++
				// A tile never seen has been unseen since the first read,
				// not for ever: zones read hundreds of times a second
				// miss a tile twelve times in a few milliseconds.
				last := tr.lastSeen
				if last.IsZero() {
					last = l.begun
				}
				// A tile kept quiet at home is not heard for as long as it
				// stays: its absence counts from when its reader last
				// took it to be there, not from its last answer (a wall
				// tile quiet for ten seconds, woken by a full read just
				// after it was drawn, is not lost).
				if tr.quietAt.After(last) {
					last = tr.quietAt
				}
				if !tr.vanished && tr.missed >= l.cfg.VanishReads && r.At.Sub(last) >= l.cfg.VanishAfter {
					tr.vanished = true
					vanished = append(vanished, Movement{UID: tr.uid, Tile: tr.tile, From: tr.at, At: r.At})
				}
			}
		}
	}
	// Every sighting of the read is counted before any move is decided:
	// a move may depend on what the same read saw of another tile.
	for _, tr := range l.order {
		if m, ok := l.commit(tr, r.At); ok {
			moves = append(moves, m)
		}
	}
	l.redoubt()
	return moves, vanished, back, foreign
}

// commit moves tr when the reads agree: Agree sightings in a
// zone since it was last seen at home, and the latest read of home without
// it unless the referee expects the move.
func (l *Locator) commit(tr *track, now time.Time) (Movement, bool) {
	if tr.elsewhere() == 0 {
		return Movement{}, false // seen nowhere else
	}
	agree := l.cfg.Agree
	if l.cfg.Held && (tr.at.Area == Wall || tr.at.Area == DeadWall) {
		// A tile leaving a wall: one more poll, a few milliseconds,
		// tells the zone it went to from a neighbour's antenna hearing
		// it, or hearing the wall before its tiles keep quiet as the
		// hand begins (Sichuan 30293: a drawn tile heard twice by the
		// pond beside the hand, once by the hand; riichi 30020 at the
		// human pace: a wall tile heard twice by the hand after a read
		// of the wall had missed it).
		agree++
	}
	best, tied := -1, false
	for i, h := range tr.hits {
		if h < agree || i == tr.at.index() {
			continue
		}
		if old := tr.at.index(); old >= 0 && !l.lookedAt(tr, old).After(tr.seen[old]) {
			if l.quietHome(tr) {
				continue // kept quiet at home since: asked for there first (Doubted)
			}
			// The old zone's latest read still saw it: only a move the
			// referee expects goes ahead, and not from a hand into a pond
			// where another tile is being seen arriving too. One tile
			// goes to a pond at a time; the other sightings are a
			// neighbouring antenna hearing the hand (twice running, as
			// happens), and the next read of the hand, a zone read often,
			// tells which. A tile from a wall (drawn and discarded in one
			// motion) does not wait: walls are seldom read.
			if l.cfg.Held || tr.expect&(1<<i) == 0 || tr.at.Area == Hand && zoneOf(i).Area == Discards && l.rivals(tr, i) {
				continue
			}
		}
		// The zone that has heard it most since it was last at home: a
		// neighbour's antenna hears a tile now and then, its own zone
		// nearly every read, and a zone it has left loses its count
		// after two reads without it. Between equals, the latest.
		if best < 0 || tr.hits[i] > tr.hits[best] || tr.hits[i] == tr.hits[best] && tr.seen[i].After(tr.seen[best]) {
			best, tied = i, best >= 0 && tr.hits[i] == tr.hits[best]
		} else if tr.hits[i] == tr.hits[best] {
			tied = true
		}
	}
	if best < 0 {
		return Movement{}, false
	}
	if tied && tr.hits[best] < 2*l.cfg.Agree {
		// Two zones as sure of it: the next reads tell, the neighbour's
		// antenna hearing it seldom, and the zone it has left losing it.
		// A tile lying across two antennas goes to the latest after that.
		return Movement{}, false
	}
	m := Movement{UID: tr.uid, Tile: tr.tile, From: tr.at, To: zoneOf(best), At: now}
	for i, h := range tr.hits {
		if h > 0 && i != tr.at.index() && (m.Seen.IsZero() || tr.first[i].Before(m.Seen)) {
			m.Seen = tr.first[i]
		}
	}
	// A sighting in the new zone before two missed reads of it in a row
	// (1 in 400) still says when the tile came.
	if a := tr.away[best]; !a.IsZero() && a.Before(m.Seen) {
		m.Seen = a
	}
	for _, z := range tr.trail {
		if z != m.To {
			m.Via = append(m.Via, z)
		}
	}
	tr.trail = nil
	tr.rehome(m.To)
	tr.reached = tr.away[best]
	if tr.reached.IsZero() {
		tr.reached = now
	}
	tr.missed = 0
	tr.prevHome = now                         // sightings before the commit are history
	tr.hits, tr.hitZones = [maxZones]int{}, 0 // the old zone's sightings too: it is left
	tr.away = [maxZones]time.Time{}
	return m, true
}

// rivals reports whether another tile is going to zone i: one expected
// there and seen arriving, or one committed there (this read, perhaps)
// that was first seen there after tr was last seen at home and within
// rivalWindow of tr's first sighting there. The window keeps the seat's
// previous discard out: a tile drawn and discarded at once was last seen
// at home in the wall, which is seldom read.
func (l *Locator) rivals(tr *track, i int) bool {
	home := tr.at.index()
	for _, o := range l.order {
		if o == tr {
			continue
		}
		if o.at.index() == i {
			if home >= 0 && o.reached.After(tr.seen[home]) && absDur(o.reached.Sub(tr.away[i])) <= rivalWindow {
				return true
			}
		} else if o.hits[i] > 0 && o.expect&(1<<i) != 0 {
			return true
		}
	}
	return false
}

// rivalWindow bounds how far apart two tiles' arrivals in one pond are
// taken for one discard and a ghost: a seat's next discard comes after
// other players' turns, or after a call of its own, for which its hand
// is read again (so its tile is seen at home after the last discard).
const rivalWindow = time.Second

func absDur(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// Reached returns the first read of z that saw uid since it was last seen
// where it was before: the latest commit's when z is where it is now,
// else since it was last seen at home (zero if none).
func (l *Locator) Reached(uid rfid.UID, z Zone) time.Time {
	tr, i := l.tracks[uid], z.index()
	if tr == nil || i < 0 {
		return time.Time{}
	}
	if tr.at == z {
		return tr.reached
	}
	return tr.away[i]
}

// Trip is one tile's move from one zone to another, for ordering two
// moves: From the zone it left (the latest read of From that saw it says
// it was still there), To the zone it went to, Reached the first read of
// To that saw it there (zero: none yet).
type Trip struct {
	UID      rfid.UID
	From, To Zone
	Reached  time.Time
}

// MissesIfFirst returns how many reads must have missed a tag for a's move
// to have ended before b's began, when one player's moves go one at a
// time (a seat's flowers, each followed by its replacement draw): the
// fewest, over every moment between the two moves, of the reads of a.To
// after that moment and before a was first seen there, and the reads of
// b.From after b was last seen there up to that moment. Each is a tag
// missing one read (5% of reads); sightings are taken as certain. ok is
// false when sightings rule that order out: b was seen in b.To before a
// was last seen in a.From.
func (l *Locator) MissesIfFirst(a, b Trip) (misses int, ok bool) {
	ai, bi := a.To.index(), b.From.index()
	if ai < 0 || bi < 0 {
		return 0, false
	}
	lo := l.SeenIn(a.UID, a.From) // a left after this
	if !b.Reached.IsZero() && !lo.Before(b.Reached) {
		return 0, false
	}
	bLeft := l.SeenIn(b.UID, b.From)
	toA, fromB := l.hist[ai], l.hist[bi]
	// cost is the misses when a's move ended and b's began at cut, just
	// after a read at cut.
	cost := func(cut time.Time) int {
		n := countIn(toA, cut, a.Reached)
		if cut.After(bLeft) {
			n += countIn(fromB, bLeft, cut.Add(1))
		}
		return n
	}
	best := cost(lo)
	for _, h := range [][]time.Time{toA, fromB} {
		for _, r := range h {
			if r.After(lo) && (b.Reached.IsZero() || r.Before(b.Reached)) {
				best = min(best, cost(r))
			}
		}
	}
	return best, true
}

// countIn counts the times of sorted ts strictly between after and before
// (no upper bound if before is zero).
func countIn(ts []time.Time, after, before time.Time) int {
	i, _ := slices.BinarySearchFunc(ts, after, func(t, x time.Time) int {
		if t.After(x) {
			return 1
		}
		return -1
	})
	j := len(ts)
	if !before.IsZero() {
		j, _ = slices.BinarySearchFunc(ts, before, func(t, x time.Time) int {
			if t.Before(x) {
				return -1
			}
			return 1
		})
	}
	return max(0, j-i)
}
