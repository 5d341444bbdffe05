package main

import (
	"encoding/json"
	"fmt"

	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
)

// tileSet returns the tile set named as in the profiles' tilesets.
func tileSet(name string, reds int) (tile.Set, error) {
	switch name {
	case "136":
		return tile.Standard(reds)
	case "140":
		return tile.WithSeasons(), nil
	case "144":
		return tile.WithFlowers(), nil
	case "108":
		return tile.Suits108(), nil
	case "108-3p":
		return tile.ThreePlayer108(min(reds, 2))
	case "96-3p":
		return tile.Jingzhou96(tile.Man)
	}
	return tile.Set{}, fmt.Errorf("unknown tile set %q (136, 140, 144, 108, 108-3p, 96-3p)", name)
}

// setNameOf names the profile tile set the ruleset's tiles are built as.
func setNameOf(r game.Rules) (string, error) {
	n := r.Set.Size()
	switch {
	case n == 136 || n == 140 || n == 144:
		return fmt.Sprint(n), nil
	case n == 108 && r.Players == 4:
		return "108", nil
	case n == 108 && r.Players == 3:
		return "108-3p", nil
	case n == 96 && r.Players == 3:
		return "96-3p", nil
	}
	return "", fmt.Errorf("%s plays with %s (%d tiles, %d players): no machine geometry for it", r.Name, r.Set.Name, n, r.Players)
}

// machineSet is the tile set the machine shuffles for a game of rules
// and options, and its geometry in profile p: the set named setName
// (--set, with reds red fives), which must be the one the rules play
// with, or the rules' own when setName is empty.
func machineSet(p *profile.Profile, rules string, options json.RawMessage, setName string, reds int) (tile.Set, profile.TileSet, error) {
	rs, err := rulesets.New(rules, options)
	if err != nil {
		return tile.Set{}, profile.TileSet{}, usageError{err}
	}
	set := rs.Rules().Set
	if setName == "" {
		if setName, err = setNameOf(rs.Rules()); err != nil {
			return tile.Set{}, profile.TileSet{}, err
		}
	} else {
		s, err := tileSet(setName, reds)
		if err != nil {
			return tile.Set{}, profile.TileSet{}, usageError{err}
		}
		if s.Copies != set.Copies || s.Reds != set.Reds {
			return tile.Set{}, profile.TileSet{}, usageError{fmt.Errorf("--set %s (%s) is not the set %s plays with (%s)", setName, s.Name, rules, set.Name)}
		}
	}
	geo, ok := p.TileSets[setName]
	if !ok {
		return tile.Set{}, profile.TileSet{}, fmt.Errorf("profile %s has no tile set %q", p.Name, setName)
	}
	return set, geo, nil
}

// simRegistry is the tag registry of the simulated table's two sets of
// set, labelled A and B.
func simRegistry(set tile.Set) registry.Memory {
	mem := registry.Memory{}
	for _, l := range []byte{'A', 'B'} {
		for u, t := range sim.Tags(set, l) {
			mem[u] = registry.Entry{Set: l, Tile: t}
		}
	}
	return mem
}
