// Package sensortest has fakes of sensor.Switch and sensor.Button that a
// test or a simulation sets by hand.
package sensortest
