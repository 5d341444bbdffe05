package tiletest

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/tile"
)

// Melds returns a copy of ms with one meld spoiled one of six ways: a
// tile of any kind (0–255), all its tiles of one such kind, a type of any
// value, its tiles cut short, its tiles doubled, or a feeder from -10 to
// 9. ms itself is left as it was.
func Melds(r *rand.Rand, ms []tile.Meld) []tile.Meld {
	out := make([]tile.Meld, len(ms))
	for i, m := range ms {
		m.Tiles = append([]tile.Tile(nil), m.Tiles...)
		out[i] = m
	}
	if len(out) == 0 {
		return out
	}
	m := &out[r.IntN(len(out))]
	switch r.IntN(6) {
	case 0:
		if len(m.Tiles) > 0 {
			m.Tiles[r.IntN(len(m.Tiles))].Kind = tile.Kind(r.IntN(256))
		}
	case 1:
		k := tile.Kind(r.IntN(256))
		for i := range m.Tiles {
			m.Tiles[i].Kind = k
		}
	case 2:
		m.Type = tile.MeldType(r.IntN(256))
	case 3:
		m.Tiles = m.Tiles[:r.IntN(len(m.Tiles)+1)]
	case 4:
		m.Tiles = append(m.Tiles, m.Tiles...)
	case 5:
		m.From = r.IntN(20) - 10
	}
	return out
}

// Kinds returns a copy of ks with, at random, one kind set to any value
// (0–255) or the whole list doubled, or both.
func Kinds(r *rand.Rand, ks []tile.Kind) []tile.Kind {
	out := append([]tile.Kind(nil), ks...)
	if len(out) > 0 && r.IntN(2) == 0 {
		out[r.IntN(len(out))] = tile.Kind(r.IntN(256))
	}
	if r.IntN(4) == 0 {
		out = append(out, out...)
	}
	return out
}

// Tiles is Kinds for tiles.
func Tiles(r *rand.Rand, ts []tile.Tile) []tile.Tile {
	out := append([]tile.Tile(nil), ts...)
	if len(out) > 0 && r.IntN(2) == 0 {
		out[r.IntN(len(out))].Kind = tile.Kind(r.IntN(256))
	}
	if r.IntN(4) == 0 {
		out = append(out, out...)
	}
	return out
}

// Foreign reports whether a meld of ms holds a tile of no playing kind
// (a flower or past the flowers): input every scorer must turn down.
func Foreign(ms []tile.Meld) bool {
	for _, m := range ms {
		for _, t := range m.Tiles {
			if t.Kind >= tile.NumKinds {
				return true
			}
		}
	}
	return false
}

// NoPanic runs f, failing tb with input and the panic's value if f
// panics, so that the input that broke a scorer is named.
func NoPanic(tb testing.TB, input any, f func()) {
	tb.Helper()
	defer func() {
		if p := recover(); p != nil {
			tb.Fatalf("%+v: panic: %v", input, p)
		}
	}()
	f()
}
