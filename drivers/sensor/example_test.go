package sensor_test

import (
	"context"
	"fmt"
	"time"

	"jantaku/drivers/sensor"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

func ExamplePin() {
	// A lift's top limit switch, wired to ground with a pull-up.
	p := &gpiotest.Pin{N: "GPIO23", EdgesChan: make(chan gpio.Level, 1)}
	top, err := sensor.NewPin("lift0.top", p, gpio.PullUp, true, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	p.EdgesChan <- gpio.Low // the lift arrives
	ok, err := top.WaitFor(context.Background(), true, 2*time.Second)
	fmt.Println(top, ok, err)
	// Output: lift0.top true <nil>
}
