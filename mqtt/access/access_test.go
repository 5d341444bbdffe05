package access_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"jantaku/mqtt/access"
	"jantaku/mqtt/topic"
)

func TestRules(t *testing.T) {
	tb, _ := topic.New("j", "t1")
	other, _ := topic.New("j", "t2")
	type check struct {
		name  string
		write bool
		want  bool
	}
	cases := map[access.Role][]check{
		access.Seat(1): {
			{tb.State(), false, true},
			{tb.Events(), false, true},
			{tb.SeatState(1), false, true},
			{tb.Seat(1), false, true},
			{tb.SeatState(2), false, false},
			{tb.Seat(2), false, false},
			{"j/t1/seat/+/state", false, false},
			{"j/t1/#", false, false},
			{"j/#", false, false},
			{"#", false, false},
			{"j/t1/+", false, false},
			{tb.SpectatorState(), false, false},
			{tb.Command("seat1"), true, true},
			{tb.Command("seat2"), true, false},
			{tb.Command("operator"), true, false},
			{tb.Reply("seat1"), false, true},
			{tb.Reply("seat2"), false, false},
			{tb.State(), true, false},
			{tb.Status(), true, false},
			{other.State(), false, false},
		},
		access.Display: {
			{tb.State(), false, true},
			{tb.Machine(), false, true},
			{tb.Command("operator"), true, false},
			{tb.Command("display"), true, false},
			{tb.SpectatorEvents(), false, false},
			{tb.SeatState(0), false, false},
		},
		access.Broadcast: {
			{tb.SpectatorState(), false, true},
			{tb.Spectator(), false, true},
			{tb.SeatState(0), false, false},
			{tb.Command("operator"), true, false},
		},
		access.Operator: {
			{tb.Command("operator"), true, true},
			{tb.Reply("operator"), false, true},
			{tb.SeatState(0), false, false},
			{tb.SpectatorState(), false, false},
		},
		access.Table: {
			{tb.All(), false, true},
			{tb.Commands(), false, true},
			{tb.Status(), true, true},
			{other.State(), true, false},
			{"#", false, false},
		},
	}
	for role, checks := range cases {
		rules := access.Rules(tb, role)
		for _, c := range checks {
			if got := access.Allowed(rules, c.name, c.write); got != c.want {
				t.Errorf("%s: Allowed(%q, write=%v) = %v, want %v", role, c.name, c.write, got, c.want)
			}
		}
	}
	if access.Rules(tb, "seat4") != nil {
		t.Error("rules for seat4")
	}
}

func TestParse(t *testing.T) {
	good := `{"prefix":"jantaku","table":"t1","users":[
  {"name":"tbl","role":"table","password":"x"},
  {"name":"p1","role":"seat1","password":"y"}]}`
	c, err := access.Parse("access.json", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Users) != 2 || c.Users[1].Role != access.Seat(1) {
		t.Fatalf("parsed %+v", c)
	}
	for _, bad := range []struct{ in, want string }{
		{`{"prefix":"jantaku",` + "\n" + `"table":"t1", "users": [}`, "access.json:2:"},
		{`{"prefix":"jantaku","table":"t1","users":[{"name":"a","role":"seat7","password":"x"}]}`, "users[0].role"},
		{`{"prefix":"jantaku","table":"t1","users":[{"name":"a","role":"seat1"}]}`, "set password or hash"},
		{`{"prefix":"jantaku","table":"t1","users":[{"name":"a","role":"seat1","hash":"abc"}]}`, "users[0].hash"},
		{`{"prefix":"jantaku","table":"t/1","users":[]}`, "table id"},
		{`{"prefix":"jantaku","table":"t1","users":[{"name":"a","role":"display","password":"x"},{"name":"a","role":"display","password":"x"}]}`, "users[1].name"},
		{`{"prefix":"jantaku","table":"t1","userz":[]}`, "userz"},
		{`{"prefix":"jantaku","table":"t1","users":[{"name":1}]}`, "access.json:1:"},
		{`{"prefix":"jantaku","table":"t1"} {}`, "after"},
		{``, "access.json"},
	} {
		_, err := access.Parse("access.json", []byte(bad.in))
		if !errors.Is(err, access.ErrConfig) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Parse(%q) = %v, want ErrConfig naming %q", bad.in, err, bad.want)
		}
	}
}

func TestPolicy(t *testing.T) {
	h, err := access.Hash("pw2")
	if err != nil {
		t.Fatal(err)
	}
	p, err := access.Compile(access.Config{Prefix: "j", Table: "t1", Users: []access.User{
		{Name: "p1", Role: access.Seat(1), Password: "pw1"},
		{Name: "p2", Role: access.Seat(2), Hash: h},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := p.Authenticate("p1", "pw1"); !ok || r != access.Seat(1) {
		t.Errorf("p1: %v %v", r, ok)
	}
	if _, ok := p.Authenticate("p1", "pw2"); ok {
		t.Error("p1 with wrong password")
	}
	if _, ok := p.Authenticate("p2", "pw2"); !ok {
		t.Error("p2 with hash")
	}
	if _, ok := p.Authenticate("nobody", ""); ok {
		t.Error("unknown user")
	}
	if !p.Allowed("p1", "j/t1/seat/1/state", false) || p.Allowed("p1", "j/t1/seat/2/state", false) || p.Allowed("x", "j/t1/state", false) {
		t.Error("Allowed")
	}
	for id, want := range map[string]bool{"p1": true, "p1-phone": true, "p10": false, "p2": false, "": false} {
		if got := p.ClientIDAllowed("p1", id); got != want {
			t.Errorf("ClientIDAllowed(p1, %q) = %v", id, got)
		}
	}
	if _, err := access.Compile(access.Config{Prefix: "j", Table: "t1", Users: []access.User{{Name: "a", Role: access.Display, Password: "x"}}},
		access.Config{Prefix: "j", Table: "t2", Users: []access.User{{Name: "a", Role: access.Display, Password: "x"}}}); !errors.Is(err, access.ErrConfig) {
		t.Errorf("duplicate user across tables: %v", err)
	}
	acl := string(p.MosquittoACL())
	for _, want := range []string{"user p1\n", "topic read j/t1/seat/1/#\n", "topic write j/t1/cmd/seat1\n"} {
		if !strings.Contains(acl, want) {
			t.Errorf("acl_file lacks %q:\n%s", want, acl)
		}
	}
	pw, err := p.MosquittoPasswords()
	if err != nil || !strings.Contains(string(pw), "p2:"+h+"\n") || !strings.HasPrefix(string(pw), "p1:$7$101$") {
		t.Errorf("password_file %q, %v", pw, err)
	}
}

func TestVerifyMosquittoPasswd(t *testing.T) {
	// Written by mosquitto_passwd 2.0.11 for password "secret".
	const line = `$7$101$bvCCVAR8hk3RZt32$W/3AJJlrnFyeZiVDOGlYlBQ73RfUADNNKiSvsNpNb8f6Z0Mx6+Cp51lBZqscs4cHTjp4XuqNPucX4aC4hiwlxA==`
	if !access.Verify(line, "secret") || access.Verify(line, "Secret") {
		t.Error("Verify of a mosquitto_passwd hash")
	}
	bin, err := exec.LookPath("mosquitto_passwd")
	if err != nil {
		t.Skip("mosquitto_passwd not installed (scripts/deps installs it)")
	}
	f := filepath.Join(t.TempDir(), "pw")
	if out, err := exec.Command(bin, "-b", "-c", f, "u", "pass word").CombinedOutput(); err != nil {
		t.Fatalf("mosquitto_passwd: %v %s", err, out)
	}
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	hash := strings.TrimSpace(strings.TrimPrefix(string(data), "u:"))
	if !access.Verify(hash, "pass word") {
		t.Errorf("Verify(%q) failed", hash)
	}
}

func TestVerifyMalformed(t *testing.T) {
	for _, h := range []string{"", "$7$", "$6$1$a$b", "$7$x$c2FsdA==$aGFzaA==", "$7$101$!!$aGFzaA==", "$7$101$c2FsdA==$aGFzaA=="} {
		if access.Verify(h, "") || access.CheckHash(h) == nil {
			t.Errorf("hash %q accepted", h)
		}
	}
}

// FuzzParse checks that no configuration makes Parse panic and that errors
// wrap ErrConfig.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"prefix":"jantaku","table":"t1","users":[{"name":"a","role":"seat1","password":"x"}]}`))
	f.Add([]byte(`{"prefix":"a/b","table":"t","users":[{"name":"a","role":"table","hash":"$7$101$bvCCVAR8hk3RZt32$W/3AJJlrnFyeZiVDOGlYlBQ73RfUADNNKiSvsNpNb8f6Z0Mx6+Cp51lBZqscs4cHTjp4XuqNPucX4aC4hiwlxA=="}]}`))
	f.Add([]byte(`{"users":[{}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := access.Parse("f.json", data)
		if err != nil {
			if !errors.Is(err, access.ErrConfig) {
				t.Fatalf("error %v does not wrap ErrConfig", err)
			}
			return
		}
		if _, err := access.Compile(c); err != nil {
			t.Fatalf("parsed config does not compile: %v", err)
		}
	})
}

// BenchmarkAllowed is the embedded broker's check on every delivery.
func BenchmarkAllowed(b *testing.B) {
	p, err := access.Compile(access.Config{Prefix: "jantaku", Table: "t1", Users: []access.User{{Name: "p1", Role: access.Seat(1), Password: "x"}}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if !p.Allowed("p1", "jantaku/t1/seat/1/state", false) || p.Allowed("p1", "jantaku/t1/seat/2/state", false) {
			b.Fatal("wrong answer")
		}
	}
}
