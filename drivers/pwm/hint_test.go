package pwm

import (
	"os"
	"strings"
	"syscall"
	"testing"
)

// Under the systemd unit /sys is read-only unless the unit opens the PWM
// paths: the error says which setting to add.
func TestWriteErrorsSayWhatToChange(t *testing.T) {
	rofs := &os.PathError{Op: "open", Path: "/sys/class/pwm/pwmchip0/export", Err: syscall.EROFS}
	if h := hint(rofs); !strings.Contains(h, "ReadWritePaths=-/sys/class/pwm -/sys/devices/platform") {
		t.Errorf("read-only /sys: hint %q", h)
	}
	perm := &os.PathError{Op: "open", Path: "/sys/class/pwm/pwmchip0/pwm1/enable", Err: syscall.EACCES}
	if h := hint(perm); !strings.Contains(h, "gpio group") {
		t.Errorf("permission denied: hint %q", h)
	}
	if h := hint(os.ErrNotExist); h != "" {
		t.Errorf("other errors: hint %q, want none", h)
	}
	unit, err := os.ReadFile("../../deploy/jantaku.service")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(unit), "\nReadWritePaths=-/sys/class/pwm -/sys/devices/platform\n") {
		t.Error("deploy/jantaku.service does not open the PWM paths the hint names")
	}
}
