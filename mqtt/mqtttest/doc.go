// Package mqtttest runs real brokers for tests: the embedded broker and a
// mosquitto process started from a generated configuration, both on
// 127.0.0.1 only, both restartable on the same port (for outage tests). It
// also has a recording client and a fake clock.
//
// Mosquitto is looked up on PATH and at /usr/sbin/mosquitto; when it is
// absent the test is skipped, unless the environment variable CI is set,
// in which case it fails (scripts/deps installs it).
package mqtttest
