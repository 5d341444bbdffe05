// Package tablecore is the referee: a deterministic state machine that
// plays a game of mahjong under a game.Ruleset. Its one way to change a game
// is Apply, which either accepts an action (returning the events it caused)
// or returns an error naming the rule and leaves the game untouched. Legal
// lists what each seat may do now; sensing and displays depend on it.
//
// The referee knows nothing about motors, tags or MQTT. Its state is the
// fold of its inputs (hand starts and actions), which the journal records,
// so a restart replays to the same state.
package tablecore
