package chips_test

import (
	"fmt"

	"jantaku/hardware/sim/chips"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/devices/v3/mcp23xxx"
)

func ExampleMCP23017() {
	// A limit switch, normally closed to ground, on pin A0 of an
	// expander at 0x22, read through periph's own driver.
	bus := &chips.Bus{Name: "I2C1"}
	io2 := chips.NewMCP23017(0x22)
	bus.Add(io2)
	dev, err := mcp23xxx.NewI2C(bus, mcp23xxx.MCP23017, 0x22)
	if err != nil {
		fmt.Println(err)
		return
	}
	pin := dev.Pins[0][0]
	if err := pin.In(gpio.PullUp, gpio.NoEdge); err != nil {
		fmt.Println(err)
		return
	}
	_ = io2.Contact("A0", true) // at rest: closed
	fmt.Println("at rest:", pin.Read())
	_ = io2.Contact("A0", false) // the lift reaches the limit, or the wire breaks
	fmt.Println("open:", pin.Read())
	// Output:
	// at rest: Low
	// open: High
}
