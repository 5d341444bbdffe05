package sensing

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"

	"jantaku/drivers/rfid"
	"jantaku/hardware/profile"
)

// Field is where a zone is read: a reader that inventories the tags in
// its field, and the channel of the multiplexer (an RF switch) that
// connects the zone's antenna to it; a nil Mux means the reader's only
// antenna.
type Field struct {
	Reader  rfid.MultiReader
	Mux     rfid.Mux
	Channel int
}

// Surface reads the table's zones on the hardware: it implements
// Antennas over the readers and multiplexers a board profile names. It is
// safe for concurrent use (maintenance scans while the table plays wait
// for each other): one inventory runs at a time per surface.
type Surface struct {
	mu     sync.Mutex
	fields map[Zone]Field
}

// NewSurface returns a surface of the given fields.
func NewSurface(fields map[Zone]Field) *Surface {
	f := make(map[Zone]Field, len(fields))
	for z, v := range fields {
		f[z] = v
	}
	return &Surface{fields: f}
}

// SurfaceOf returns the surface of a profile's zones, on the readers and
// multiplexers (by reader name) a board opened. Every zone's reader must
// read many tags at once (rfid.MultiReader).
func SurfaceOf(p *profile.Profile, readers map[string]rfid.Reader, muxes map[string]rfid.Mux) (*Surface, error) {
	fields := map[Zone]Field{}
	var errs []error
	names := make([]string, 0, len(p.Zones))
	for n := range p.Zones {
		names = append(names, n)
	}
	sort.Strings(names)
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
		f := Field{Reader: mr, Mux: muxes[pz.Reader]}
		if pz.Antenna != nil {
			f.Channel = *pz.Antenna
		}
		fields[z] = f
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
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

// Inventory implements Antennas: it connects z's antenna and reads every
// tag in its field. A read garbled part way gives the tags read before
// it, as an inventory that missed some: sensing never takes absence for
// movement.
func (s *Surface) Inventory(ctx context.Context, z Zone) ([]rfid.UID, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.fields[z]
	if !ok {
		return nil, fmt.Errorf("sensing: zone %s has no antenna in the profile", z)
	}
	if f.Mux != nil {
		if err := f.Mux.Select(f.Channel); err != nil {
			return nil, fmt.Errorf("sensing: zone %s: %w", z, err)
		}
	}
	uids, err := f.Reader.Inventory(ctx)
	if err != nil && errors.Is(err, rfid.ErrGarbled) && ctx.Err() == nil {
		return uids, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sensing: zone %s: %w", z, err)
	}
	return uids, nil
}

var _ Antennas = (*Surface)(nil)
