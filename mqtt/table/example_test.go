package table_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"jantaku/mqtt/access"
	"jantaku/mqtt/broker"
	"jantaku/mqtt/follow"
	"jantaku/mqtt/table"
	"jantaku/mqtt/topic"
)

// Example wires what the daemon runs: the embedded broker, the table's
// publisher, and a display following the public stream.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	policy, err := access.Compile(access.Config{Prefix: "jantaku", Table: "t1", Users: []access.User{
		{Name: "table", Role: access.Table, Password: "table-secret"},
		{Name: "tv", Role: access.Display, Password: "tv-secret"},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := broker.Start(broker.Config{TCP: "127.0.0.1:0"}, policy, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Close()
	url := "tcp://" + b.TCPAddr()
	t1, _ := topic.New("jantaku", "t1")

	p, err := table.Start(table.Config{Broker: url, Username: "table", Password: "table-secret"}, t1, table.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close(ctx)
	if err := p.WaitReady(ctx); err != nil {
		fmt.Println(err)
		return
	}
	_ = p.Publish(ctx, table.Step{Seq: 1, Type: "deal",
		Event: json.RawMessage(`{"dealer":0}`), State: json.RawMessage(`{"phase":"play"}`)})
	if err := p.Flush(ctx); err != nil { // state 1 is retained now
		fmt.Println(err)
		return
	}

	f, err := follow.Start(follow.Config{Broker: url, Username: "tv", Password: "tv-secret", Clean: true,
		State: t1.State(), Events: t1.Events()})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	if err := f.Ready(ctx); err != nil {
		fmt.Println(err)
		return
	}
	_ = p.Publish(ctx, table.Step{Seq: 2, Type: "discard",
		Event: json.RawMessage(`{"seat":0,"tile":"1z"}`), State: json.RawMessage(`{"phase":"play"}`)})
	for range 2 {
		select {
		case u := <-f.Updates():
			fmt.Println(u.Kind == follow.State, u.Seq)
		case <-ctx.Done():
			fmt.Println("timed out")
			return
		}
	}
	// Output:
	// true 1
	// false 2
}

type feed struct{ steps []table.Step }

func (f *feed) Next(ctx context.Context) (table.Step, error) {
	if len(f.steps) == 0 {
		<-ctx.Done()
		return table.Step{}, ctx.Err()
	}
	s := f.steps[0]
	f.steps = f.steps[1:]
	return s, nil
}
