// Package follow is the subscriber's side of a table's event stream: it
// orders events by sequence number, drops duplicates, starts from the
// retained state without a gap, and reports gaps it cannot fill.
//
// Sequencer is the pure part (no I/O). Follower connects with paho,
// subscribes to the events topic before the retained state topic (so no event
// falls between them), and delivers Updates in order. QoS 1 with a persistent
// session means an event may arrive twice or, after a broker outage, out of
// order (paho issues 731 and 251); the sequence numbers put that right.
package follow
