package registry_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"jantaku/drivers/rfid"
	"jantaku/firmware/registry"
	"jantaku/rules/tile"
)

// A registration tile by tile: the tag of the tile just registered,
// left on the reader, is refused, and the next tile waits for its own.
func ExampleGuide() {
	dir, _ := os.MkdirTemp("", "registry")
	defer os.RemoveAll(dir)
	st, err := registry.Open(filepath.Join(dir, "tags.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	set, _ := tile.Standard(3)
	g, _ := registry.NewGuide(st, set, 'A')
	for _, uid := range []string{"04A1B2C3", "04A1B2C3", "04A1B2C4"} {
		t, n, _ := g.Next()
		err := g.Register(rfid.UID(uid))
		var te *registry.TakenError
		switch {
		case errors.As(err, &te):
			fmt.Printf("[%d/%d] %s#%d: refused: %v\n", n, g.Size(), t, t.Copy, err)
		case err != nil:
			fmt.Println(err)
		default:
			fmt.Printf("[%d/%d] %s#%d: tag %s\n", n, g.Size(), t, t.Copy, uid)
		}
	}
	// Output:
	// [1/136] 1m#0: tag 04A1B2C3
	// [2/136] 1m#1: refused: tag 04A1B2C3 is the tile just registered (1m#0 of set A)
	// [2/136] 1m#1: tag 04A1B2C4
}
