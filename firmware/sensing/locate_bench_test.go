package sensing

import (
	"fmt"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/rules/tile"
)

// BenchmarkLocatorQuietPoll is the read a zone holding its field on makes
// most: a poll that hears no newcomer, its zone's tiles keeping quiet, on
// a table of 136 tiles spread over the 18 zones. Eighteen such readers
// make thousands of these a second between them, so on a Pi this is the
// sensor's main load.
func BenchmarkLocatorQuietPoll(b *testing.B) {
	tags := map[rfid.UID]tile.Tile{}
	home := map[rfid.UID]Zone{}
	byZone := make([][]rfid.UID, maxZones)
	for i := range 136 {
		u := rfid.UID(fmt.Sprintf("E0040150%08X", i))
		tags[u] = tile.Tile{Kind: tile.Kind(i % 34)}
		z := i % maxZones
		home[u] = zoneOf(z)
		byZone[z] = append(byZone[z], u)
	}
	l := NewLocator(LocateConfig{}, tags, func(u rfid.UID) Zone { return home[u] })
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	// Every tile heard at home once, then told to keep quiet.
	for z := range maxZones {
		l.Observe(Read{Zone: zoneOf(z), At: t0, UIDs: byZone[z]})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; b.Loop(); n++ {
		z := n % maxZones
		l.Observe(Read{Zone: zoneOf(z), At: t0.Add(time.Duration(n+1) * 100 * time.Microsecond), Quiet: byZone[z]})
	}
}
