// Package broker runs the embedded MQTT broker (mochi-mqtt) that lets one
// table work with nothing else installed: TCP and WebSocket listeners, on
// loopback unless configured otherwise, credentials and topic rules from an
// access.Policy, and optional persistence in a bolt file.
//
// Privacy is enforced by an access Hook: a subscription is granted only when
// one of the user's rules covers the whole filter (a seat's subscription to
// <base>/# is refused with SUBACK 0x80 rather than filtered), every delivered
// message is checked again against the topic name, and a client's last-will
// topic must be writable by its user (mochi checks no ACL on wills, mochi
// issue 503).
package broker
