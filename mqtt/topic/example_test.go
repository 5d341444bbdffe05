package topic_test

import (
	"fmt"

	"jantaku/mqtt/topic"
)

func ExampleTable() {
	t, err := topic.New("jantaku", "t1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.State())
	fmt.Println(t.SeatState(1))
	fmt.Println(t.Command("seat1"))
	// Output:
	// jantaku/t1/state
	// jantaku/t1/seat/1/state
	// jantaku/t1/cmd/seat1
}

func ExampleCovers() {
	// A seat may read its own tree; a subscription to the whole table is not
	// covered by it, so the embedded broker refuses it.
	fmt.Println(topic.Covers("jantaku/t1/seat/1/#", "jantaku/t1/seat/1/state"))
	fmt.Println(topic.Covers("jantaku/t1/seat/1/#", "jantaku/t1/#"))
	// Output:
	// true
	// false
}
