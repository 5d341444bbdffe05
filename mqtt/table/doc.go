// Package table publishes one table over MQTT and takes its commands.
//
// A Publisher is a paho client with the table daemon's credentials. The
// referee adapter hands it Steps: one accepted action with its sequence
// number, already serialised for each audience (public event and state, each
// seat's hidden view, the spectator's full view). The Publisher knows nothing
// of mahjong; it puts each part on its topic (package topic) with the right
// QoS and retain flag, delays the spectator tree if configured, keeps the
// retained status online (its last will says offline), and passes commands
// received on <base>/cmd/<role> to a command.Dispatcher, replying on
// <base>/reply/<role>.
//
// Ordering for late joiners: each step publishes the retained state (carrying
// seq N) before event N. A subscriber that subscribes to events and then to
// state gets state seq S and every event after S; package follow does that
// and also orders and de-duplicates events after a broker outage.
package table
