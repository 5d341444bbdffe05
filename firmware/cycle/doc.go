// Package cycle runs the machine: the shuffle-and-build cycle as an explicit
// state machine over the drivers.
//
//	Idle ──Start──▶ Raising ──▶ WallsUp (dice) ──▶ Lowering ──▶ Mixing ──▶
//	Building (convey, count with the eye, read each tile, stack) ──▶ Census ──▶ Ready
//
// With two sets the walls built during the previous hand rise as soon as
// Start is pressed, and the set just pushed into the tray is mixed and
// built below while the hand is played. With one set the build comes
// between Start and the walls rising.
//
// Every fault has a stable code (Fault.Code: E101 motor stall … E110 enable
// chain) and stops the machine: the motor power is dropped and every
// actuator is halted at once, and walls that were not built and censused
// completely never rise.
//
// The motors have power only inside a guarded phase: the enable chain
// (Parts.Enable) is armed when the machine starts to move and disarmed when
// it stops, and a supervising loop feeds it every Config.Feed while it finds
// the lift limits readable and plausible. The lid and the emergency stop
// are watched by their own goroutines (an edge halts everything at once)
// and are in the hardware enable chain too. Each lift move is checked: the
// opposite limit releases within the first quarter of the travel, the
// target limit comes neither too early nor too late, the two are never
// both active. An input that cannot be read is a fault, never a quiet
// "inactive". After the operator clears the fault, Start recovers: the lifts
// are homed and the tray's tiles are built again.
//
// Jog runs one motor for maintenance outside the cycle, under the same
// guards: armed power for the jog only, the interlocks, and the limit
// switch in the direction of travel.
package cycle
