// Package display serves the table's displays to browsers: the centre
// screen (centre.html, public state), a player's seat view (seat.html, that
// seat's private state and its declaration buttons) and the spectator or
// stream view (spectator.html, every hand, as delayed by the publisher).
//
// The pages are static files embedded in the daemon (web/); they connect
// to the broker themselves, over MQTT on WebSocket, with the credentials of
// their role, and subscribe to the topics of mqtt/topic. The Handler adds
// one dynamic file, config.json: the broker's WebSocket URL, the table's
// topics and the display role's credentials (the public role: anyone who
// can load the page may read what it reads). Seat and broadcast
// credentials are never served: the page takes them from the URL fragment
// (seat.html?seat=2#u=USER&p=PASSWORD, which browsers do not send to the
// server) or from a login form. See docs/displays.md.
package display
