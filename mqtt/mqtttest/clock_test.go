package mqtttest_test

import (
	"testing"
	"time"

	"jantaku/mqtt/mqtttest"
)

func TestClock(t *testing.T) {
	c := mqtttest.NewClock()
	t0 := c.Now()
	a := c.After(time.Second)
	b := c.After(3 * time.Second)
	now := c.After(0)
	select {
	case <-now:
	default:
		t.Error("After(0) did not fire at once")
	}
	c.Advance(999 * time.Millisecond)
	select {
	case <-a:
		t.Fatal("fired early")
	default:
	}
	c.Advance(time.Millisecond)
	select {
	case got := <-a:
		if !got.Equal(t0.Add(time.Second)) {
			t.Errorf("fired at %v", got)
		}
	default:
		t.Fatal("did not fire when due")
	}
	select {
	case <-b:
		t.Fatal("later timer fired")
	default:
	}
	c.Advance(time.Hour)
	<-b
	if !c.Now().Equal(t0.Add(time.Hour + time.Second)) {
		t.Errorf("Now = %v", c.Now())
	}
}
