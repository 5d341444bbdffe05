// Package access says who may read and write which topics of a table.
//
// Every MQTT credential has one Role. A role's Rules are allow-only and derived
// from the table's topic tree, so the decision does not depend on rule order:
// a topic (or a subscription filter) is allowed when one rule covers it
// entirely (see topic.Covers). The same rules produce the embedded broker's
// ACL hook (package broker) and mosquitto's acl_file (WriteMosquitto), and the
// same users its password_file.
//
//	role       reads                                           writes
//	table      <base>/#                                         <base>/#
//	operator   status state events machine reply/operator     cmd/operator
//	seat<n>    status state events machine seat/<n>/#         cmd/seat<n>
//	           reply/seat<n>
//	broadcast  status state events machine spectator/#        -
//	display    status state events machine                    -
package access
