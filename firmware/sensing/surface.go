package sensing

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/hardware/profile"
)

// Field is where a zone is read: a reader that inventories the tags in
// its field, and the channel of the multiplexer (an RF switch) that
// connects the zone's antenna to it; a nil Mux means the reader's only
// antenna. Name is the reader's profile name: fields of one name are read
// one at a time, fields of different names at once (a reader per seat).
type Field struct {
	Name    string
	Reader  rfid.MultiReader
	Mux     rfid.Mux
	Channel int
	// Held says the zone has its reader to itself and is read with the
	// field held on (Surface.HoldFields): Reader is then a HoldingField.
	Held bool
}

// HoldingField is a zone's own reader that can hold its field on
// (pn5180.Dev): HoldField switches it on until FieldOff.
type HoldingField interface {
	HeldField
	HoldField(ctx context.Context) error
	FieldOff() error
}

// Surface reads the table's zones on the hardware: it implements
// Antennas over the readers and multiplexers a board profile names. It is
// safe for concurrent use (maintenance scans while the table plays wait
// for each other): one inventory runs at a time per reader, and the
// readers of several names read at once.
type Surface struct {
	fields map[Zone]Field
	// turns holds, by reader name, the token of the reader's one
	// inventory at a time: waiting for it gives way to a context.
	turns map[string]chan struct{}
}

// NewSurface returns a surface of the given fields.
func NewSurface(fields map[Zone]Field) *Surface {
	s := &Surface{fields: make(map[Zone]Field, len(fields)), turns: map[string]chan struct{}{}}
	for z, v := range fields {
		s.fields[z] = v
		if s.turns[v.Name] == nil {
			s.turns[v.Name] = make(chan struct{}, 1)
		}
	}
	return s
}

// SurfaceOf returns the surface of a profile's zones, on the readers and
// multiplexers (by reader name) a board opened. Every zone's reader must
// read many tags at once (rfid.MultiReader).
func SurfaceOf(p *profile.Profile, readers map[string]rfid.Reader, muxes map[string]rfid.Mux) (*Surface, error) {
	fields := map[Zone]Field{}
	var errs []error
	var held, switched []string // zones by how they are read
	names := make([]string, 0, len(p.Zones))
	for n := range p.Zones {
		names = append(names, n)
	}
	sort.Strings(names)
	shared := map[string]string{} // mux: the first reader on it
	for _, rn := range sortedNames(p.Readers) {
		if m := p.Readers[rn].Mux; m != "" && shared[m] == "" {
			shared[m] = rn
		}
	}
	for _, n := range names {
		pz := p.Zones[n]
		z, err := ParseZone(n)
		if err != nil {
			errs = append(errs, fmt.Errorf("profile %s: %w", p.File, err))
			continue
		}
		r, ok := readers[pz.Reader]
		if !ok {
			errs = append(errs, fmt.Errorf("zone %s: reader %s is not open", n, pz.Reader))
			continue
		}
		mr, ok := r.(rfid.MultiReader)
		if !ok {
			errs = append(errs, fmt.Errorf("zone %s: reader %s reads one tag at a time, a zone needs an inventory", n, pz.Reader))
			continue
		}
		// Readers behind one RF switch take turns on it, as one reader;
		// so do the readers of a lockstep group (their fields reach each
		// other's antennas) until a driver runs them in lockstep frames.
		name := pz.Reader
		if m := p.Readers[pz.Reader].Mux; m != "" {
			name = shared[m]
		}
		if g := p.LockstepGroup(pz.Reader); g != "" {
			name = g
		}
		f := Field{Name: name, Reader: mr, Mux: muxes[pz.Reader]}
		if pz.Antenna != nil {
			f.Channel = *pz.Antenna
		}
		if p.Readers[pz.Reader].Held {
			if _, ok := r.(HoldingField); !ok {
				errs = append(errs, fmt.Errorf("zone %s: reader %s is held (held: true) but cannot hold its field on: a held zone needs a pn5180", n, pz.Reader))
				continue
			}
			f.Held = true
			held = append(held, n)
		} else {
			switched = append(switched, n)
		}
		fields[z] = f
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	// A surface is read one way or the other: RunQuiet over held zones,
	// or schedules of full inventories (Run, RunReaders).
	if len(held) > 0 && len(switched) > 0 {
		return nil, fmt.Errorf("profile %s: zones %v are held and %v are not: hold every zone's field or none", p.File, held, switched)
	}
	return NewSurface(fields), nil
}

// Zones returns the zones the surface reads, in TableZones order.
func (s *Surface) Zones() []Zone {
	var out []Zone
	for _, z := range TableZones(4) {
		if _, ok := s.fields[z]; ok {
			out = append(out, z)
		}
	}
	return out
}

// Readers returns the surface as its readers, for RunReaders: one per
// reader name, in name order, each with a schedule over the zones it
// reads (in TableZones order).
func (s *Surface) Readers() []Reader {
	zones := map[string][]Zone{}
	for _, z := range s.Zones() {
		n := s.fields[z].Name
		zones[n] = append(zones[n], z)
	}
	var out []Reader
	for _, n := range sortedNames(zones) {
		out = append(out, Reader{Name: n, Ant: s, Sched: NewSchedule(zones[n])})
	}
	return out
}

// Held reports whether the surface's zones are read with their fields
// held on (a reader per zone): sensing then runs RunQuiet over
// HoldFields' zones instead of schedules of full inventories.
func (s *Surface) Held() bool {
	for _, f := range s.fields {
		if f.Held {
			return true
		}
	}
	return false
}

// HoldFields switches every held zone's field on and keeps it so, and
// returns the zones, in Zones order, as QuietZones for RunQuiet: every
// tag is taken to be awake (a field just switched on), the zones' last
// full read to be at now. A field that cannot be switched on is an
// error naming its zone, and the fields already on go off again.
// ReleaseFields ends the hold, at the end of the hand.
func (s *Surface) HoldFields(ctx context.Context, now time.Time) ([]*QuietZone, error) {
	var zones []*QuietZone
	for _, z := range s.Zones() {
		f := s.fields[z]
		if !f.Held {
			continue
		}
		hf := f.Reader.(HoldingField)
		// A field held from the hand before would keep its tags quiet,
		// which a new QuietZone would not know: off, then on.
		err := hf.FieldOff()
		if err == nil {
			err = hf.HoldField(ctx)
		}
		if err != nil {
			return nil, errors.Join(fmt.Errorf("sensing: zone %s%s: holding its field on: %w", z, f.on(), err), s.ReleaseFields())
		}
		zones = append(zones, NewQuietZone(z, hf, now))
	}
	if len(zones) == 0 {
		return nil, errors.New("sensing: the surface has no held zone")
	}
	return zones, nil
}

// ReleaseFields switches every held zone's field off: its tags forget
// Stay Quiet. Errors name their zones.
func (s *Surface) ReleaseFields() error {
	var errs []error
	for _, z := range s.Zones() {
		if f := s.fields[z]; f.Held {
			if err := f.Reader.(HoldingField).FieldOff(); err != nil {
				errs = append(errs, fmt.Errorf("sensing: zone %s%s: switching its field off: %w", z, f.on(), err))
			}
		}
	}
	return errors.Join(errs...)
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Inventory implements Antennas: it connects z's antenna and reads every
// tag in its field. A read garbled part way gives the tags read before
// it, as an inventory that missed some: sensing never takes absence for
// movement.
func (s *Surface) Inventory(ctx context.Context, z Zone) ([]rfid.UID, error) {
	f, ok := s.fields[z]
	if !ok {
		return nil, fmt.Errorf("sensing: zone %s has no antenna in the profile", z)
	}
	turn := s.turns[f.Name]
	select {
	case turn <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-turn }()
	if f.Mux != nil {
		if err := f.Mux.Select(f.Channel); err != nil {
			return nil, fmt.Errorf("sensing: zone %s%s: %w", z, f.on(), err)
		}
	}
	uids, err := f.Reader.Inventory(ctx)
	if err != nil && errors.Is(err, rfid.ErrGarbled) && ctx.Err() == nil {
		return uids, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sensing: zone %s%s: %w", z, f.on(), err)
	}
	return uids, nil
}

// on names the field's reader in an error, if it has a name.
func (f Field) on() string {
	if f.Name == "" {
		return ""
	}
	return " on reader " + f.Name
}

var _ Antennas = (*Surface)(nil)
