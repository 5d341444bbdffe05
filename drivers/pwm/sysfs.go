package pwm

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
)

// Root is where the kernel lists PWM controllers.
const Root = "/sys/class/pwm"

// Sysfs is one exported channel of a kernel PWM controller. It implements
// gpio.PinOut: PWM sets period and duty cycle and enables the output; Out
// is 0 % or 100 % duty; Halt disables the output.
type Sysfs struct {
	name string
	dir  string // .../pwmchipN/pwmM

	mu     sync.Mutex
	period int64 // ns, as last written; 0 before the first write
	on     bool
}

// exportWait bounds the wait for the kernel (and udev, which sets the
// files' permissions) to create the channel's directory after export.
const exportWait = 2 * time.Second

// OpenSysfs exports channel of /sys/class/pwm/pwmchipN under root (Root on
// a real system; a directory of plain files in tests) and returns it
// disabled.
func OpenSysfs(root string, chip, channel int) (*Sysfs, error) {
	if root == "" {
		root = Root
	}
	name := fmt.Sprintf("pwmchip%d/pwm%d", chip, channel)
	chipDir := filepath.Join(root, fmt.Sprintf("pwmchip%d", chip))
	if _, err := os.Stat(chipDir); err != nil {
		return nil, fmt.Errorf("pwm %s: no PWM controller %s (enable it with a dtoverlay such as pwm-2chan in config.txt): %w", name, chipDir, err)
	}
	if n, err := readInt(filepath.Join(chipDir, "npwm")); err == nil && int64(channel) >= n {
		return nil, fmt.Errorf("pwm %s: %s has %d channels (0–%d)", name, chipDir, n, n-1)
	}
	dir := filepath.Join(chipDir, fmt.Sprintf("pwm%d", channel))
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		if err := os.WriteFile(filepath.Join(chipDir, "export"), []byte(strconv.Itoa(channel)), 0); err != nil {
			return nil, fmt.Errorf("pwm %s: export: %w%s", name, err, hint(err))
		}
		deadline := time.Now().Add(exportWait)
		for {
			// The files appear at once; udev gives them to the gpio
			// group a moment later.
			f, err := os.OpenFile(filepath.Join(dir, "enable"), os.O_WRONLY, 0)
			if err == nil {
				f.Close()
				break
			}
			if errors.Is(err, syscall.EROFS) || time.Now().After(deadline) {
				return nil, fmt.Errorf("pwm %s: %s not writable after export: %w%s", name, dir, err, hint(err))
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	p := &Sysfs{name: name, dir: dir}
	if n, err := readInt(filepath.Join(dir, "period")); err == nil {
		p.period = n
	}
	if err := p.Halt(); err != nil {
		return nil, err
	}
	return p, nil
}

// hint says what to change when sysfs refuses a write.
func hint(err error) string {
	switch {
	case errors.Is(err, syscall.EROFS):
		return " (/sys is read-only here: under systemd with ProtectKernelTunables=yes, add ReadWritePaths=-/sys/class/pwm -/sys/devices/platform, as deploy/jantaku.service does)"
	case errors.Is(err, os.ErrPermission):
		return " (this user may not write the PWM files: Raspberry Pi OS's udev rules give them to the gpio group; add the user to it)"
	}
	return ""
}

// String implements conn.Resource.
func (p *Sysfs) String() string { return p.name }

// Name implements pin.Pin.
func (p *Sysfs) Name() string { return p.name }

// Number implements pin.Pin: -1, the channel has no GPIO number.
func (p *Sysfs) Number() int { return -1 }

// Function implements pin.Pin.
func (p *Sysfs) Function() string { return "PWM" }

// Halt implements conn.Resource: duty 0 and output disabled.
func (p *Sysfs) Halt() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	err := p.write("duty_cycle", 0)
	if e := p.write("enable", 0); err == nil {
		err = e
	}
	p.on = false
	return err
}

// Out implements gpio.PinOut: Low is 0 % duty, High 100 %, at the period
// last set (1 kHz if none).
func (p *Sysfs) Out(l gpio.Level) error {
	d := gpio.Duty(0)
	if l {
		d = gpio.DutyMax
	}
	return p.PWM(d, 0)
}

// PWM implements gpio.PinOut. A frequency of 0 keeps the period last set
// (1 kHz if none).
func (p *Sysfs) PWM(duty gpio.Duty, f physic.Frequency) error {
	if duty < 0 || duty > gpio.DutyMax {
		return fmt.Errorf("pwm %s: duty %v out of range", p.name, duty)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	period := p.period
	if f > 0 {
		period = int64(f.Period() / time.Nanosecond)
	}
	if period <= 0 {
		period = int64(time.Millisecond)
	}
	dc := int64(float64(period) * float64(duty) / float64(gpio.DutyMax))
	if period != p.period {
		// The kernel refuses a period shorter than the duty cycle in
		// force: clear the duty first.
		if err := p.write("duty_cycle", 0); err != nil {
			return err
		}
		if err := p.write("period", period); err != nil {
			return err
		}
		p.period = period
	}
	if err := p.write("duty_cycle", dc); err != nil {
		return err
	}
	if !p.on {
		if err := p.write("enable", 1); err != nil {
			return err
		}
		p.on = true
	}
	return nil
}

func (p *Sysfs) write(file string, v int64) error {
	if err := os.WriteFile(filepath.Join(p.dir, file), []byte(strconv.FormatInt(v, 10)), 0); err != nil {
		return fmt.Errorf("pwm %s: %w%s", p.name, err, hint(err))
	}
	return nil
}

func readInt(path string) (int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
}

var _ gpio.PinOut = (*Sysfs)(nil)
