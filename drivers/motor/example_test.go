package motor_test

import (
	"fmt"

	"jantaku/drivers/motor"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

func ExampleHBridge() {
	// On the table these are PCA9685 channels or GPIO lines looked up by
	// name from the board profile; gpiotest pins stand in here.
	pwm, in1, in2 := &gpiotest.Pin{N: "PWM"}, &gpiotest.Pin{N: "IN1"}, &gpiotest.Pin{N: "IN2"}
	m, err := motor.NewHBridge("tray", motor.HBridgeConfig{PWM: pwm, IN1: in1, IN2: in2})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = m.Run(motor.Forward, 0.75)
	fmt.Println(m, in1.L, in2.L)
	_ = m.Halt()
	fmt.Println(m, in1.L, in2.L)
	// Output:
	// tray High Low
	// tray Low Low
}
