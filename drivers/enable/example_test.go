package enable_test

import (
	"fmt"
	"time"

	"jantaku/drivers/enable"
	"jantaku/drivers/enable/enabletest"
)

func ExamplePulser() {
	// On a Pi the pin is gpioreg.ByName("GPIO26"); here, the hold circuit's model.
	line := &enabletest.Hold{Hold: 100 * time.Millisecond}
	p, err := enable.New("motor power", line, enable.Config{Period: 20 * time.Millisecond, Watchdog: 60 * time.Millisecond})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := p.Arm(); err != nil { // the cycle starts to move
		fmt.Println(err)
		return
	}
	fmt.Println("powered:", line.Powered())
	_ = p.Feed()   // from the supervising loop, every control period
	_ = p.Disarm() // the cycle stops: the line is low
	fmt.Println("line:", line.Read())
	// Output:
	// powered: true
	// line: Low
}
