package rfid

import (
	"context"
	"errors"
	"slices"
)

// ReadAll reads the tags in r's field, each once, in UID order. A reader
// that reads many tags at once (a MultiReader) takes one inventory, and a
// second when the first was garbled; another reader gets attempts reads,
// each giving one of the tags in its field, so a crowded field may need
// several. An empty field is no tags and no error. The error, if any, is
// the reader's failure (never ErrNoTag nor ErrGarbled), and comes with the
// tags read before it.
func ReadAll(ctx context.Context, r Reader, attempts int) ([]UID, error) {
	seen := map[UID]bool{}
	sorted := func() []UID {
		out := make([]UID, 0, len(seen))
		for u := range seen {
			out = append(out, u)
		}
		slices.Sort(out)
		return out
	}
	if mr, ok := r.(MultiReader); ok {
		for range 2 {
			uids, err := mr.Inventory(ctx)
			for _, u := range uids {
				seen[u] = true
			}
			if err == nil || !errors.Is(err, ErrGarbled) {
				return sorted(), err
			}
		}
		return sorted(), nil
	}
	var failed error
	for range attempts {
		uid, err := r.ReadUID(ctx, 0)
		if ctx.Err() != nil {
			return sorted(), ctx.Err()
		}
		switch {
		case err == nil:
			seen[uid] = true
		case !errors.Is(err, ErrNoTag) && !errors.Is(err, ErrGarbled):
			failed = err
		}
	}
	return sorted(), failed
}
