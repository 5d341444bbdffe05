package main

import (
	"bytes"
	"strings"
	"testing"
)

// Without --sim a profile drives the hardware; this machine has none.
func TestRunHardwareOffAPi(t *testing.T) {
	var out bytes.Buffer
	err := runCmd(t.Context(), []string{"--profile", "../../hardware/profile/default.yaml", "--db", t.TempDir() + "/tags.db"}, nil, &out, &out)
	if err == nil {
		t.Skip("this machine has the hardware")
	}
	if !strings.Contains(err.Error(), "no GPIO lines are registered") || !strings.Contains(err.Error(), "input eye0: pin GPIO4 not found on this board") {
		t.Errorf("run off a Pi: %v", err)
	}
}
