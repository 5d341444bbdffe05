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
// Every fault has a stable code (Fault.Code: E101 motor stall … E106 census)
// and stops the machine: every actuator is halted at once (the lid is
// watched by its own goroutine, so an open lid stops the machine within a
// control period), and walls that were not built and censused completely
// never rise. After the operator clears the fault, Start recovers: the lifts
// are homed and the tray's tiles are built again.
package cycle
