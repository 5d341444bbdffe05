package main

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	tablesvc "jantaku/firmware/table"
)

// healthTimeout bounds the wait for the owner loop's answer to /healthz.
const healthTimeout = 2 * time.Second

// healthReport is /healthz's body.
type healthReport struct {
	Status  string   `json:"status"` // "ok" or "unhealthy"
	Reasons []string `json:"reasons,omitempty"`
	Owner   string   `json:"owner"`  // how long the owner loop took to answer
	Broker  string   `json:"broker"` // "connected" or "disconnected"
	Journal struct {
		Path     string `json:"path,omitempty"`
		Records  uint64 `json:"records"`
		Writable bool   `json:"writable"`
		Error    string `json:"error,omitempty"`
	} `json:"journal"`
	// Hands are the hands played in the game in progress (its standing);
	// HandsDealt those dealt since the daemon started, in every game:
	// the sum over rulesets of the metric jantaku_hands_total.
	Hands      int  `json:"hands"`
	HandsDealt int  `json:"hands_dealt"`
	Paused     bool `json:"paused"`
}

// healthHandler answers /healthz for a supervisor: 200 when the table's
// owner loop answers, the publisher is connected to the broker and the
// journal records; 503 naming each reason otherwise.
func healthHandler(svc interface {
	Health(context.Context) (tablesvc.Health, error)
}, brokerUp func() bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var rep healthReport
		ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
		defer cancel()
		t0 := time.Now()
		h, err := svc.Health(ctx)
		rep.Owner = time.Since(t0).Round(time.Microsecond).String()
		if err != nil {
			rep.Owner = "no answer within " + healthTimeout.String()
			rep.Reasons = append(rep.Reasons, err.Error())
		} else {
			rep.Journal.Path, rep.Journal.Records, rep.Hands, rep.HandsDealt, rep.Paused = h.Journal, h.Records, h.Hands, h.Dealt, h.Paused
			rep.Journal.Writable = h.Err == nil
			if h.Err != nil {
				rep.Journal.Error = h.Err.Error()
				rep.Reasons = append(rep.Reasons, "journal not writable: "+h.Err.Error())
			}
			if h.Archive != nil {
				rep.Reasons = append(rep.Reasons, "finished game not archived: "+h.Archive.Error())
			}
		}
		rep.Broker = "connected"
		if !brokerUp() {
			rep.Broker = "disconnected"
			rep.Reasons = append(rep.Reasons, "not connected to the MQTT broker")
		}
		rep.Status = "ok"
		code := http.StatusOK
		if len(rep.Reasons) > 0 {
			rep.Status, code = "unhealthy", http.StatusServiceUnavailable
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(rep)
	}
}
