package pwm_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"jantaku/drivers/motor"
	"jantaku/drivers/pwm"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/physic"
)

// fakeTree makes a /sys/class/pwm with pwmchip0 of two channels, channel
// ch already exported (its directory exists, as the kernel makes it).
func fakeTree(t *testing.T, ch string) string {
	t.Helper()
	root := t.TempDir()
	chip := filepath.Join(root, "pwmchip0")
	must(t, os.MkdirAll(filepath.Join(chip, "pwm"+ch), 0o755))
	must(t, os.WriteFile(filepath.Join(chip, "npwm"), []byte("2\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(chip, "export"), nil, 0o644))
	for f, v := range map[string]string{"period": "0\n", "duty_cycle": "0\n", "enable": "1\n"} {
		must(t, os.WriteFile(filepath.Join(chip, "pwm"+ch, f), []byte(v), 0o644))
	}
	return root
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, root, file string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "pwmchip0", "pwm1", file))
	must(t, err)
	return strings.TrimSpace(string(b))
}

func TestSysfsPWM(t *testing.T) {
	root := fakeTree(t, "1")
	p, err := pwm.OpenSysfs(root, 0, 1)
	must(t, err)
	if got := read(t, root, "enable"); got != "0" {
		t.Errorf("after open: enable = %s, want 0 (a motor must not start on open)", got)
	}
	must(t, p.PWM(gpio.DutyMax/2, physic.KiloHertz))
	for f, want := range map[string]string{"period": "1000000", "duty_cycle": "500000", "enable": "1"} {
		if got := read(t, root, f); got != want {
			t.Errorf("after PWM(50%%, 1kHz): %s = %s, want %s", f, got, want)
		}
	}
	must(t, p.Out(gpio.High))
	if got := read(t, root, "duty_cycle"); got != "1000000" {
		t.Errorf("after Out(High): duty_cycle = %s, want the whole period", got)
	}
	must(t, p.Halt())
	if d, e := read(t, root, "duty_cycle"), read(t, root, "enable"); d != "0" || e != "0" {
		t.Errorf("after Halt: duty_cycle %s enable %s, want 0 0", d, e)
	}
}

func TestSysfsErrors(t *testing.T) {
	root := fakeTree(t, "0")
	if _, err := pwm.OpenSysfs(root, 0, 2); err == nil || !strings.Contains(err.Error(), "has 2 channels") {
		t.Errorf("channel 2 of a 2-channel chip: %v", err)
	}
	if _, err := pwm.OpenSysfs(root, 3, 0); err == nil || !strings.Contains(err.Error(), "dtoverlay") {
		t.Errorf("a missing controller: %v", err)
	}
	p, err := pwm.OpenSysfs(root, 0, 0)
	must(t, err)
	if err := p.PWM(-1, 0); err == nil {
		t.Error("negative duty accepted")
	}
}

// The H-bridge motor drives its speed through a sysfs channel.
func TestHBridgeOnSysfs(t *testing.T) {
	root := fakeTree(t, "1")
	p, err := pwm.OpenSysfs(root, 0, 1)
	must(t, err)
	in1, in2 := &gpiotest.Pin{N: "GPIO20"}, &gpiotest.Pin{N: "GPIO21"}
	m, err := motor.NewHBridge("tray", motor.HBridgeConfig{PWM: p, IN1: in1, IN2: in2, Freq: 1600 * physic.Hertz})
	must(t, err)
	must(t, m.Run(motor.Reverse, 0.25))
	if got := read(t, root, "duty_cycle"); got != "156250" {
		t.Errorf("duty at 25%% of 625µs = %s ns, want 156250", got)
	}
	if in1.L != gpio.Low || in2.L != gpio.High {
		t.Errorf("reverse: IN1 %v IN2 %v, want Low High", in1.L, in2.L)
	}
	must(t, m.Halt())
	if got := read(t, root, "duty_cycle"); got != "0" {
		t.Errorf("after Halt: duty %s", got)
	}
}
