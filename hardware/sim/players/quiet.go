package players

import (
	"context"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// A zone with a reader of its own can hold its field on, so that the
// tags told Stay Quiet keep out of its inventories until they lose power:
// until they are lifted, or brown out for a request (a tag half in the
// field, MissRate). Its inventories then hear only the newcomers, in
// 2 ms with none (a one-slot poll; docs/wiring.md, "Quiet tags and
// confirming a tile").
// Each such zone has an emulated PN5180 of its own here, driven by
// package pn5180 with the field held, and a tag object per tile in its
// field that keeps the tag's state while the tile stays.

// heldRadio is one zone's reader holding its field on.
type heldRadio struct {
	chip *pn5180test.Chip
	dev  *pn5180.Dev
	port *framePort
	tags map[rfid.UID]*iso15693.Tag // the field's tags, by tile, while they stay
	err  error
}

// framePort counts the driver's SPI frames.
type framePort struct {
	*pn5180test.Chip
	frames int
}

func (p *framePort) Connect(f physic.Frequency, m spi.Mode, bits int) (spi.Conn, error) {
	if _, err := p.Chip.Connect(f, m, bits); err != nil {
		return nil, err
	}
	return p, nil
}

// Tx implements spi.Conn.
func (p *framePort) Tx(w, r []byte) error {
	p.frames++
	return p.Chip.Tx(w, r)
}

// held returns zone's reader with its field held, made on first use.
func (s *Surface) held(zone string) *heldRadio {
	if r := s.radios[zone]; r != nil {
		return r
	}
	if s.radios == nil {
		s.radios = map[string]*heldRadio{}
	}
	r := &heldRadio{chip: pn5180test.NewChip(zone), tags: map[rfid.UID]*iso15693.Tag{}}
	r.chip.Rand = s.rand
	r.port = &framePort{Chip: r.chip}
	r.dev, r.err = pn5180.Open(r.port, r.chip.Busy(), r.chip.Reset(), pn5180.Config{Name: zone, Clock: noClock{}})
	if r.err == nil {
		r.err = r.dev.HoldField(context.Background())
	}
	s.radios[zone] = r
	return r
}

// forget drops uid's tag state from every held field: a tile that moves
// loses power on the way.
func (s *Surface) forget(uid rfid.UID) {
	for _, r := range s.radios {
		delete(r.tags, uid)
	}
}

// fieldTags sets zone's tags on its chip, each with the state it kept,
// and perhaps a neighbour's tag that is not quiet in its own field.
func (s *Surface) fieldTags(zone string, r *heldRadio) {
	var tags []*iso15693.Tag
	for _, u := range s.in[zone] {
		t := r.tags[u]
		if t == nil {
			brown := min(max(s.BrownOutRate, 0), s.MissRate)
			var ok bool
			if t, ok = s.tag(u, 1, 1-brown); !ok {
				continue
			}
			if brown < 1 {
				t.Fade = (s.MissRate - brown) / (1 - brown)
			}
			r.tags[u] = t
		}
		tags = append(tags, t)
	}
	// One neighbour's tag near enough to be heard in about GhostRate of
	// the inventories, unless every one keeps quiet in its own held
	// field (a quiet tag keeps out of every inventory while it stays
	// powered).
	if s.GhostRate > 0 && s.rand.Float64() < s.GhostRate {
		var near []rfid.UID
		for _, n := range s.neighbours(zone) {
			for _, u := range s.in[n] {
				if o := s.radios[n]; o == nil || o.tags[u] == nil || !o.tags[u].Quiet {
					near = append(near, u)
				}
			}
		}
		if len(near) > 0 {
			if t, ok := s.tag(near[s.rand.IntN(len(near))], 0.7, 1); ok {
				tags = append(tags, t)
			}
		}
	}
	r.chip.SetTags(0, tags...)
}

// Frames returns the SPI frames the held fields' readers have sent so
// far, all zones together: on one bus, what they ask of it.
func (s *Surface) Frames() int {
	n := 0
	for _, r := range s.radios {
		n += r.port.frames
	}
	return n
}

// cost is the time since air and frames: the radio's and the host's.
func (s *Surface) cost(r *heldRadio, air time.Duration, frames int) time.Duration {
	return r.chip.Airtime() - air + time.Duration(r.port.frames-frames)*s.PerFrame
}

// HeldInventory inventories zone with its reader's field held on, a
// one-slot poll first (pn5180.Dev.Poll): the tags told Stay Quiet that
// have stayed powered since do not answer. It returns the tags read and
// the time it took.
func (s *Surface) HeldInventory(zone string) ([]rfid.UID, time.Duration) {
	r := s.held(zone)
	if r.err != nil {
		return nil, 0
	}
	s.fieldTags(zone, r)
	air, frames := r.chip.Airtime(), r.port.frames
	uids, _ := r.dev.Poll(context.Background())
	return uids, s.cost(r, air, frames)
}

// StayQuiet sends uid, in zone, an addressed Stay Quiet through zone's
// held field and returns the time it took. Nothing answers it: a tag
// that missed it, or is not there, answers the next inventory.
func (s *Surface) StayQuiet(zone string, uid rfid.UID) time.Duration {
	r := s.held(zone)
	if r.err != nil {
		return 0
	}
	s.fieldTags(zone, r)
	air, frames := r.chip.Airtime(), r.port.frames
	_ = r.dev.StayQuiet(context.Background(), uid)
	return s.cost(r, air, frames)
}

// ResetToReady sends uid, in zone, an addressed Reset to Ready through
// zone's held field: a tag there answers, quiet or not, and keeps out of
// inventories no longer. It returns whether an answer came and the time
// it took.
func (s *Surface) ResetToReady(zone string, uid rfid.UID) (bool, time.Duration) {
	r := s.held(zone)
	if r.err != nil {
		return false, 0
	}
	s.fieldTags(zone, r)
	air, frames := r.chip.Airtime(), r.port.frames
	present, _ := r.dev.ResetToReady(context.Background(), uid)
	return present, s.cost(r, air, frames)
}

// WakeAll switches zone's held field off and on again, so that every tag
// in it forgets Stay Quiet, and returns the time it took.
func (s *Surface) WakeAll(zone string) time.Duration {
	r := s.held(zone)
	if r.err != nil {
		return 0
	}
	s.fieldTags(zone, r)
	air, frames := r.chip.Airtime(), r.port.frames
	_ = r.dev.WakeAll(context.Background())
	// The driver's waits (the field off, then settling) are slept on a
	// clock that does not wait here.
	return s.cost(r, air, frames) + pn5180.DefaultFieldReset + FieldSettle
}

// Quiet reports whether uid is keeping quiet in zone's held field.
func (s *Surface) Quiet(zone string, uid rfid.UID) bool {
	r := s.radios[zone]
	return r != nil && r.tags[uid] != nil && r.tags[uid].Quiet
}

// HeldZone is zone's reader holding its field on, as sensing.HeldField
// drives it: each call runs on the emulated chip at once and adds its
// time, radio and SPI frames, to Spent.
type HeldZone struct {
	s     *Surface
	zone  string
	Spent time.Duration
}

// Held returns zone's reader holding its field on.
func (s *Surface) Held(zone string) *HeldZone { return &HeldZone{s: s, zone: zone} }

// Poll is HeldInventory.
func (h *HeldZone) Poll(context.Context) ([]rfid.UID, error) {
	uids, d := h.s.HeldInventory(h.zone)
	h.Spent += d
	return uids, h.s.err
}

// StayQuiet is Surface.StayQuiet.
func (h *HeldZone) StayQuiet(_ context.Context, uid rfid.UID) error {
	h.Spent += h.s.StayQuiet(h.zone, uid)
	return h.s.err
}

// ResetToReady is Surface.ResetToReady.
func (h *HeldZone) ResetToReady(_ context.Context, uid rfid.UID) (bool, error) {
	ok, d := h.s.ResetToReady(h.zone, uid)
	h.Spent += d
	return ok, h.s.err
}

// WakeAll is Surface.WakeAll.
func (h *HeldZone) WakeAll(context.Context) error {
	h.Spent += h.s.WakeAll(h.zone)
	return h.s.err
}
