package command_test

import (
	"context"
	"fmt"

	"jantaku/mqtt/access"
	"jantaku/mqtt/command"
)

func ExampleDispatcher() {
	d := &command.Dispatcher{Handler: command.HandlerFunc(func(_ context.Context, c command.Command) error {
		fmt.Println("execute", c.Type, "for seat", c.Seat)
		return nil
	})}
	ok := d.Dispatch(context.Background(), access.Seat(2), []byte(`{"v":1,"id":"p7","type":"riichi"}`))
	fmt.Println(string(ok.Marshal()))
	bad := d.Dispatch(context.Background(), access.Seat(2), []byte(`{"v":1,"id":"p8","type":"start"}`))
	fmt.Println(bad.Error.Code)
	// Output:
	// execute riichi for seat 2
	// {"v":1,"id":"p7","type":"riichi","ok":true}
	// unauthorised
}
