package cycle

import "fmt"

// Fault codes. They are stable: displays and manuals refer to them.
const (
	CodeStall    = "E101" // a motor ran but its limit switch did not come in time
	CodeJam      = "E102" // a tile stuck at a stacker gate (eye blocked after the stroke)
	CodeCount    = "E103" // the eyes counted fewer tiles than the walls need
	CodeReader   = "E104" // an inline reader failed or could not read a tile
	CodeLid      = "E105" // the lid opened while the machine moved
	CodeCensus   = "E106" // the walls do not hold exactly one set
	CodeActuator = "E107" // a motor driver refused a command
	CodeEStop    = "E108" // the emergency stop was pressed (the motor power is cut in hardware)
	CodeSwitch   = "E109" // a switch that guards motion could not be read, or reads impossibly
	CodeEnable   = "E110" // the motor-power enable chain failed (its watchdog starved, or its line)
)

var titles = map[string]string{
	CodeStall: "motor stall", CodeJam: "conveyor jam", CodeCount: "count mismatch",
	CodeReader: "reader failure", CodeLid: "lid open", CodeCensus: "census failed",
	CodeActuator: "motor driver failure", CodeEStop: "emergency stop", CodeSwitch: "switch fault",
	CodeEnable: "motor power enable failure",
}

var remedies = map[string]string{
	CodeStall:    "check the part for an obstruction, then press Start to home and rebuild",
	CodeJam:      "open the lid, free the tile at the gate, close the lid and press Start",
	CodeCount:    "look for tiles left on the table or stuck in the tray, then press Start",
	CodeReader:   "check the reader's cable (maintenance: scan), then press Start",
	CodeLid:      "close the lid and press Start",
	CodeCensus:   "find or remove the tiles named, put every tile in the tray and press Start",
	CodeActuator: "check the motor driver board and its I2C cable, then press Start",
	CodeEStop:    "make the table safe, release (twist) the emergency stop, then press Start",
	CodeSwitch:   "check the switch named and its wiring (jantaku maintenance watch NAME), then press Start",
	CodeEnable:   "check the enable line and the hold circuit (docs/wiring.md) and the log for a stalled control loop, then press Start",
}

// Fault is a machine fault.
type Fault struct {
	Code string // E101 …
	Part string // the part concerned: "lift2", "eye0", "inline3", "set A"
	Msg  string
	Err  error // the underlying error, if any
}

func (f *Fault) Error() string {
	s := fmt.Sprintf("%s %s: %s: %s", f.Code, titles[f.Code], f.Part, f.Msg)
	if f.Err != nil {
		s += ": " + f.Err.Error()
	}
	return s
}

func (f *Fault) Unwrap() error { return f.Err }

// Title is the fault's short name ("motor stall").
func (f *Fault) Title() string { return titles[f.Code] }

// Remedy tells the operator what to do.
func (f *Fault) Remedy() string { return remedies[f.Code] }

func fault(code, part, format string, a ...any) *Fault {
	return &Fault{Code: code, Part: part, Msg: fmt.Sprintf(format, a...)}
}

// Codes lists every fault code, in order.
func Codes() []string {
	return []string{CodeStall, CodeJam, CodeCount, CodeReader, CodeLid, CodeCensus, CodeActuator, CodeEStop, CodeSwitch, CodeEnable}
}
