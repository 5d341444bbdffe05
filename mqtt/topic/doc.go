// Package topic names the MQTT topics of one jantaku table and matches topic
// filters the way MQTT 3.1.1 does (§4.7).
//
// Every topic of a table lives under one base, <prefix>/<table>:
//
//	status                retained online/offline, the publisher's last will
//	state                 retained public state, carrying the last event's seq
//	events                public events, QoS 1, one seq each
//	machine               retained machine status
//	seat/<n>/state        retained hidden tiles and options of seat n
//	seat/<n>/events       seat n's private event details (the tile it drew)
//	spectator/state       retained full state (every hand), optionally delayed
//	spectator/events      full events, optionally delayed
//	cmd/<role>            commands in, one topic per sending role
//	reply/<role>          replies to commands, readable by that role only
//
// docs/mqtt.md describes payloads and QoS.
package topic
