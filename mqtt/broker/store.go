package broker

import (
	"strconv"
	"strings"

	"github.com/mochi-mqtt/server/v2/hooks/storage"
	"github.com/mochi-mqtt/server/v2/hooks/storage/bolt"
)

// boltStore is mochi's bolt storage hook with one repair: in v2.7.9 the hook
// stores queued QoS 1 messages without their packet id, and after a restart
// the broker cannot resend them ("resend inflight: protocol violation:
// missing packet id"), so the client's session is refused on every
// reconnection. The id is part of the record's key ("if_<client>:<id>"), so
// it is restored from there; a record without one is dropped.
type boltStore struct {
	*bolt.Hook
}

// StoredInflightMessages implements mochi.Hook.
func (s boltStore) StoredInflightMessages() ([]storage.Message, error) {
	v, err := s.Hook.StoredInflightMessages()
	if err != nil {
		return v, err
	}
	out := v[:0]
	for _, m := range v {
		if m.PacketID == 0 {
			i := strings.LastIndexByte(m.ID, ':')
			id, perr := strconv.ParseUint(m.ID[i+1:], 10, 16)
			if i < 0 || perr != nil || id == 0 {
				continue
			}
			m.PacketID = uint16(id)
		}
		out = append(out, m)
	}
	return out, nil
}

// StoredSysInfo implements mochi.Hook. mochi's bolt hook logs an ERROR
// ("failed to get data ... key=SYS") when a fresh store has no system
// counters yet; the broker restores none of them (uptime, totals since
// start are per process), so nothing is read.
func (s boltStore) StoredSysInfo() (storage.SystemInfo, error) {
	return storage.SystemInfo{}, nil
}
