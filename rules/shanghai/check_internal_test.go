package shanghai

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// randomTable deals four hands from a shuffled set (so most tables are
// good), then now and then spoils one the way a description can be bad:
// a flower or no kind among the concealed tiles, a tile too many or too
// few, a fifth copy, a second copy of a flower, a flower that is not one,
// a meld that is not a set, a plant where only the seasons play.
func randomTable(r *rand.Rand) Situation {
	var wall []tile.Kind
	for k := range tile.Kind(tile.NumKinds) {
		wall = append(wall, k, k, k, k)
	}
	for k := tile.Spring; k < tile.NumAll; k++ {
		wall = append(wall, k)
	}
	r.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
	// take draws the first playing tile left (flowers go to the flowers).
	take := func(h *tile.Hand) tile.Kind {
		for len(wall) > 0 {
			k := wall[0]
			wall = wall[1:]
			if !k.IsFlower() {
				return k
			}
			if r.IntN(3) == 0 {
				h.Flowers = append(h.Flowers, tile.Tile{Kind: k})
			}
		}
		return tile.M1
	}
	var s Situation
	s.Dealer = game.Seat(r.IntN(Players))
	s.Win = Win{Seat: game.Seat(r.IntN(Players)), From: game.NoSeat}
	for i := range s.Hands {
		h := &s.Hands[i]
		for range r.IntN(3) {
			k := take(h)
			switch {
			case k.IsSuited() && k%9 <= 6 && r.IntN(2) == 0:
				h.Melds = append(h.Melds, tile.Meld{Type: tile.Chi, From: 1 + r.IntN(3),
					Tiles: []tile.Tile{{Kind: k + 1}, {Kind: k}, {Kind: k + 2}}})
			case r.IntN(4) == 0:
				h.Melds = append(h.Melds, tile.Meld{Type: tile.ClosedKan,
					Tiles: []tile.Tile{{Kind: k}, {Kind: k}, {Kind: k}, {Kind: k}}})
			default:
				h.Melds = append(h.Melds, tile.Meld{Type: tile.Pon, From: 1 + r.IntN(3),
					Tiles: []tile.Tile{{Kind: k}, {Kind: k}, {Kind: k}}})
			}
		}
		n := 13 - 3*len(h.Melds)
		if game.Seat(i) == s.Win.Seat {
			n++
		}
		for range n {
			h.Concealed = append(h.Concealed, tile.Tile{Kind: take(h)})
		}
		// Pungs and pairs come up more often with some tiles doubled.
		for range r.IntN(3) {
			j, k := r.IntN(len(h.Concealed)), r.IntN(len(h.Concealed))
			h.Concealed[j] = h.Concealed[k]
		}
	}
	w := &s.Hands[s.Win.Seat]
	s.Win.Tile = w.Concealed[r.IntN(len(w.Concealed))].Kind
	if r.IntN(2) == 0 {
		s.Win.From = s.Win.Seat.Next(Players)
	}
	if r.IntN(8) == 0 {
		s.Hands[r.IntN(Players)] = tile.Hand{} // not described
	}
	h := &s.Hands[r.IntN(Players)]
	switch r.IntN(12) {
	case 0:
		if len(h.Concealed) > 0 {
			h.Concealed[r.IntN(len(h.Concealed))].Kind = tile.Kind(tile.NumKinds + r.IntN(12))
		}
	case 1:
		h.Concealed = append(h.Concealed, tile.Tile{Kind: tile.Kind(r.IntN(tile.NumKinds))})
	case 2:
		if len(h.Concealed) > 0 {
			h.Concealed = h.Concealed[1:]
		}
	case 3:
		k := tile.Kind(r.IntN(tile.NumKinds))
		for range 4 {
			s.Hands[r.IntN(Players)].Concealed = append(s.Hands[r.IntN(Players)].Concealed, tile.Tile{Kind: k})
		}
	case 4:
		h.Flowers = append(h.Flowers, tile.Tile{Kind: tile.Spring + tile.Kind(r.IntN(tile.NumFlowers))})
	case 5:
		h.Flowers = append(h.Flowers, tile.Tile{Kind: tile.Kind(r.IntN(tile.NumKinds))})
	case 6:
		h.Melds = append(h.Melds, tile.Meld{Type: tile.MeldType(r.IntN(6)), From: r.IntN(5),
			Tiles: []tile.Tile{{Kind: tile.Kind(r.IntN(tile.NumAll))}, {Kind: tile.Kind(r.IntN(tile.NumAll))}, {Kind: tile.Kind(r.IntN(tile.NumAll))}}})
	case 7:
		h.Flowers = append(h.Flowers, tile.Tile{Kind: tile.Plum + tile.Kind(r.IntN(4))})
	}
	return s
}

// TestCountTilesAsTilesError holds the one-pass count of the table's tiles
// to the walk that words a bad table's fault (tilesError, the check as it
// was) on seeded random tables, good and bad, under every variant: one
// turns a table down exactly when the other finds a fault. On a good table
// the counts it keeps are each seat's concealed tiles as tile.CountsOf
// counts them, the kinds that reach three as the former walk over them
// found, and each meld's kind is its Base.
func TestCountTilesAsTilesError(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 12))
	n := 40000
	if testing.Short() {
		n = 4000
	}
	var opts []Options
	for _, v := range []Variant{Laoshi, Liuxing, Xinshi, Late80s} {
		o, err := Preset(v)
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, o)
	}
	seasons := opts[3]
	seasons.FlowerSets = Seasons
	opts = append(opts, seasons)
	good, bad := 0, 0
	for range n {
		s := randomTable(r)
		for _, o := range opts {
			var tc tableTiles
			ok := s.countTiles(&o, &tc)
			err := s.tilesError(&o)
			if ok != (err == nil) {
				t.Fatalf("%s %+v: countTiles %v, tilesError %v", o.Variant, s.Hands, ok, err)
			}
			if !ok {
				bad++
				continue
			}
			good++
			for i := range s.Hands {
				h := &s.Hands[i]
				c := tile.CountsOf(h.Concealed)
				if tc.concealed[i] != c {
					t.Fatalf("%+v seat %d: counts %v, want %v", s.Hands, i, tc.concealed[i], c)
				}
				var threes uint64
				for k, n := range c {
					if n >= 3 {
						threes |= 1 << k
					}
				}
				if tc.threes[i] != threes {
					t.Fatalf("%+v seat %d: threes %b, want %b", s.Hands, i, tc.threes[i], threes)
				}
				for j := range h.Melds {
					if got, want := meldKind(&h.Melds[j]), h.Melds[j].Base(); got != want {
						t.Fatalf("meld %s: kind %s, Base %s", h.Melds[j], got, want)
					}
				}
			}
		}
	}
	t.Logf("%d good, %d bad", good, bad)
	if good < n/4 || bad < n/4 {
		t.Fatalf("%d good and %d bad tables of %d: the test covers too few of one", good, bad, n*len(opts))
	}
}

// TestFlowerItemsAsBefore compares flowerItems, which reads a mask of the
// flowers, with the walk over them it replaced (flowerItemsByWalk, kept
// here as the reference), on seeded random sets of distinct flowers, as
// the check lets through, for every seat wind.
func TestFlowerItemsAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 13))
	for range 20000 {
		var fs []tile.Tile
		for _, i := range r.Perm(tile.NumFlowers)[:r.IntN(tile.NumFlowers+1)] {
			fs = append(fs, tile.Tile{Kind: tile.Spring + tile.Kind(i)})
		}
		for wind := tile.East; wind <= tile.North; wind++ {
			got := flowerItems(nil, fs, wind)
			want := flowerItemsByWalk(nil, fs, wind)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("flowers %v, wind %s: got %v, want %v", fs, wind, got, want)
			}
		}
	}
}

func flowerItemsByWalk(items []Item, flowers []tile.Tile, wind tile.Kind) []Item {
	own := int(wind - tile.East)
	for _, first := range [2]tile.Kind{tile.Spring, tile.Plum} {
		held, mine := 0, false
		for _, f := range flowers {
			if f.Kind >= first && f.Kind < first+4 {
				held++
				if s, _ := f.Kind.FlowerSeat(); s == own {
					mine = true
				}
			}
		}
		switch {
		case held == 4:
			items = append(items, Item{Name: FourFlowers, Tai: 2, Tiles: kindRun(first, 4)})
		case mine:
			items = append(items, Item{Name: OwnFlower, Tai: 1, Tiles: kindRun(first+tile.Kind(own), 1)})
		}
	}
	return items
}

// TestWinnerFactsAsFactsOf: the winner's facts, read off the kinds its
// counted hand holds and its melds' kinds, are factsOf its hand, on
// seeded random hands.
func TestWinnerFactsAsFactsOf(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 14))
	for range 20000 {
		s := randomTable(r)
		h := s.Hands[r.IntN(Players)]
		c := tile.CountsOf(h.Concealed)
		hc := hand.Count(&c)
		if got, want := factsOfKinds(uint64(hc.Held())|meldKinds(h.Melds)), factsOf(h); got != want {
			t.Fatalf("%v: got %+v, want %+v", h, got, want)
		}
	}
}
