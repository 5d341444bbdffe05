package game

// Settlement is a finished game's final account by seat: the place (1 is
// first) and the result, in the ruleset's unit (riichi: thousands of
// points after returning points, oka and uma).
type Settlement struct {
	Places []int     `json:"places"`
	Points []float64 `json:"points"`
	// Chips is each seat's chips won (or lost) over the game, when the
	// rules pay chips (Win.Chips); they are settled apart from points.
	Chips []int `json:"chips,omitempty"`
}

// Settler is a ruleset that settles a finished game from its final
// scores (riichi's uma and oka). Rulesets without one end on the scores.
type Settler interface {
	Settlement(scores []int) Settlement
}
