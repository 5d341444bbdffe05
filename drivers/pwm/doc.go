// Package pwm drives kernel PWM channels through /sys/class/pwm, as a
// gpio.PinOut whose PWM method the motor package's H-bridge uses for speed.
//
// The Raspberry Pi's GPIO character device has no PWM; its two hardware
// PWM channels appear under /sys/class/pwm/pwmchipN once the pwm or
// pwm-2chan overlay is enabled in config.txt (dtoverlay=pwm-2chan).
package pwm
