package command_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"jantaku/mqtt/access"
	"jantaku/mqtt/command"
)

func TestParse(t *testing.T) {
	c, err := command.Parse([]byte(`{"v":1,"id":"a1","type":"riichi","seat":2,"args":{"tile":"5m"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if c.ID != "a1" || c.Type != "riichi" || c.Seat != 2 || string(c.Args) != `{"tile":"5m"}` {
		t.Errorf("parsed %+v", c)
	}
	c, err = command.Parse([]byte(`{"v":1,"id":"a2","type":"start"}`))
	if err != nil || c.Seat != -1 || c.Args != nil {
		t.Errorf("parsed %+v, %v", c, err)
	}
	for in, want := range map[string]string{
		``:                                         "not a JSON",
		`garbage`:                                  "not a JSON",
		`[]`:                                       "not a JSON",
		`{"id":"a","type":"start"}`:                `"v" is missing`,
		`{"v":2,"id":"a","type":"start"}`:          `"v" is 2`,
		`{"v":1,"type":"start"}`:                   `"id"`,
		`{"v":1,"id":"","type":"start"}`:           `"id"`,
		`{"v":1,"id":"a\n","type":"start"}`:        `"id"`,
		`{"v":1,"id":"a"}`:                         `"type"`,
		`{"v":1,"id":"a","type":"Start!"}`:         `"type"`,
		`{"v":1,"id":"a","type":"win","seat":4}`:   `"seat" is 4`,
		`{"v":1,"id":"a","type":"win","seat":-1}`:  `"seat" is -1`,
		`{"v":1,"id":"a","type":"win","seat":"1"}`: "seat",
		`{"v":1,"id":"a","type":"win","args":[1]}`: `"args" must be a JSON object`,
		`{"v":1,"id":"a","type":"win","extra":1}`:  `unknown field "extra"`,
		`{"v":1,"id":"a","type":"win"} {}`:         "after the JSON object",
		`{"v":1,"id":"a","type":"win"`:             "not a JSON",
		`{"v":1,"id":"` + strings.Repeat("x", 65) + `","type":"win"}`: `"id"`,
		strings.Repeat(" ", command.MaxSize+1):                        "more than",
	} {
		_, err := command.Parse([]byte(in))
		if !errors.Is(err, command.ErrMalformed) || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%.40q) = %v, want ErrMalformed naming %q", in, err, want)
		}
	}
}

type recorder struct{ got []command.Command }

func (r *recorder) Handle(_ context.Context, c command.Command) error {
	r.got = append(r.got, c)
	if c.Type == "riichi" {
		return errors.New("riichi: hand is not tenpai")
	}
	return nil
}

func TestDispatch(t *testing.T) {
	ctx := context.Background()
	rec := &recorder{}
	d := &command.Dispatcher{Handler: rec}
	for _, c := range []struct {
		role    access.Role
		payload string
		code    string // "" for ok
		want    string // in the message
	}{
		{access.Operator, `{"v":1,"id":"o1","type":"start"}`, "", ""},
		{access.Operator, `{"v":1,"id":"o2","type":"correct","seat":3,"args":{"tile":"1z"}}`, "", ""},
		{access.Seat(1), `{"v":1,"id":"s1","type":"win"}`, "", ""},
		{access.Seat(1), `{"v":1,"id":"s2","type":"pon","seat":1}`, "", ""},
		{access.Seat(1), `{"v":1,"id":"s3","type":"win","seat":2}`, "unauthorised", "seat 1 only"},
		{access.Seat(1), `{"v":1,"id":"s4","type":"start"}`, "unauthorised", `may not send "start"`},
		{access.Operator, `{"v":1,"id":"o3","type":"win"}`, "unauthorised", `may not send "win"`},
		{access.Display, `{"v":1,"id":"d1","type":"start"}`, "unauthorised", "sends no commands"},
		{access.Seat(0), `{"v":1,"id":"s5","type":"riichi"}`, "rejected", "not tenpai"},
		{access.Seat(0), `{"v":1,"id":"s6","type":"riichi","bogus":true}`, "malformed", "bogus"},
		{access.Seat(0), `{"v":3,"id":"s7","type":"riichi"}`, "malformed", `"v" is 3`},
		{access.Seat(0), `\x00\xff`, "malformed", "not a JSON"},
		{access.Seat(2), `{"v":1,"id":"s8","type":"choose","args":{"choice":1}}`, "", ""},
		{access.Operator, `{"v":1,"id":"o4","type":"choose","seat":2,"args":{"choice":1}}`, "unauthorised", `may not send "choose"`},
	} {
		r := d.Dispatch(ctx, c.role, []byte(c.payload))
		var back command.Reply
		if err := json.Unmarshal(r.Marshal(), &back); err != nil || back.V != 1 {
			t.Fatalf("reply %s: %v", r.Marshal(), err)
		}
		switch {
		case c.code == "" && !r.OK:
			t.Errorf("%s %s: %+v, want ok", c.role, c.payload, r.Error)
		case c.code != "" && (r.OK || r.Error.Code != c.code || !strings.Contains(r.Error.Message, c.want)):
			t.Errorf("%s %s: reply %s, want %s naming %q", c.role, c.payload, r.Marshal(), c.code, c.want)
		}
		if c.code == "malformed" && r.Err() != nil && !errors.Is(r.Err(), command.ErrMalformed) {
			t.Errorf("Err() = %v", r.Err())
		}
	}
	if len(rec.got) != 6 { // o1 o2 s1 s2 s5 s8
		t.Fatalf("handler got %d commands: %+v", len(rec.got), rec.got)
	}
	if g := rec.got[2]; g.Seat != 1 || g.Role != access.Seat(1) {
		t.Errorf("seat not filled from role: %+v", g)
	}
	if g := rec.got[1]; g.Seat != 3 || g.Role != access.Operator {
		t.Errorf("operator's seat: %+v", g)
	}
}

// FuzzParse checks that no payload makes Parse or Dispatch panic, that errors
// wrap ErrMalformed, and that a parsed command survives Marshal and Parse.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"v":1,"id":"a1","type":"riichi","seat":2,"args":{"tile":"5m"}}`,
		`{"v":1,"id":"a2","type":"start"}`,
		`{"v":1,"id":"a","type":"win","args":null}`,
		`{"v":1e3}`, `null`, `{}`, `{"v":1,"id":"\u0000"}`, `"`,
	} {
		f.Add([]byte(s))
	}
	d := &command.Dispatcher{Handler: command.HandlerFunc(func(context.Context, command.Command) error { return nil })}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := command.Parse(data)
		if err != nil {
			if !errors.Is(err, command.ErrMalformed) {
				t.Fatalf("error %v does not wrap ErrMalformed", err)
			}
		} else {
			b, err := c.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			c2, err := command.Parse(b)
			if err != nil || c2.ID != c.ID || c2.Type != c.Type || c2.Seat != c.Seat {
				t.Fatalf("round trip %s: %+v, %v", b, c2, err)
			}
		}
		r := d.Dispatch(context.Background(), access.Seat(1), data)
		if !r.OK && r.Error == nil {
			t.Fatal("error reply without error")
		}
	})
}

func BenchmarkDispatch(b *testing.B) {
	d := &command.Dispatcher{Handler: command.HandlerFunc(func(context.Context, command.Command) error { return nil })}
	payload := []byte(`{"v":1,"id":"a1","type":"riichi","seat":2,"args":{"tile":"5m"}}`)
	b.ReportAllocs()
	for b.Loop() {
		if r := d.Dispatch(context.Background(), access.Seat(2), payload); !r.OK {
			b.Fatal(r.Error)
		}
	}
}
