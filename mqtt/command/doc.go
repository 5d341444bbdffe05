// Package command parses, authorises and dispatches the commands that
// operators and players send to a table over MQTT.
//
// A command is a JSON envelope published on <base>/cmd/<role>:
//
//	{"v":1, "id":"a1", "type":"riichi", "seat":1, "args":{...}}
//
// The sender's role is proven by the topic: the broker lets only that role's
// credentials publish there (package access). The Dispatcher checks the
// envelope, checks that the role may send the type (Policy), and passes the
// command to the daemon's Handler. Every command gets one Reply on
// <base>/reply/<role>: {"v":1,"id":"a1","ok":true} or an error that names
// what is wrong. Malformed or unauthorised commands never reach the Handler.
// A Log keeps the executed commands in a file (the Dispatcher's Memory), so
// one delivered again after a restart is answered, not run again.
package command
