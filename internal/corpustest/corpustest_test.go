package corpustest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRelativeSettingIsTakenFromTheRepositoryRoot(t *testing.T) {
	root := t.TempDir()
	must(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644))
	must(t, os.MkdirAll(filepath.Join(root, "data", "corpus", "tenhou"), 0o755))
	pkg := filepath.Join(root, "a", "b")
	must(t, os.MkdirAll(pkg, 0o755))
	t.Chdir(pkg)
	t.Setenv(Env, filepath.Join("data", "corpus"))
	got, err := Find("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "data", "corpus"); got != want {
		t.Errorf("Find = %s, want %s", got, want)
	}
}

func TestDefaultIsBesideTheRepository(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	must(t, os.MkdirAll(filepath.Join(repo, "pkg"), 0o755))
	must(t, os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644))
	must(t, os.MkdirAll(filepath.Join(top, "shared", "corpus", "tenhou"), 0o755))
	t.Chdir(filepath.Join(repo, "pkg"))
	t.Setenv(Env, "")
	got, err := Find("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(top, "shared", "corpus"); got != want {
		t.Errorf("Find = %s, want %s", got, want)
	}
}

func TestMissingCorpusSaysWhereItLooked(t *testing.T) {
	root := t.TempDir()
	must(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644))
	t.Chdir(root)
	t.Setenv(Env, "nowhere")
	_, err := Find("tenhou")
	if err == nil {
		t.Fatal("Find found a corpus in an empty folder")
	}
	for _, want := range []string{filepath.Join(root, "nowhere"), Env, "tenhou"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestReadMCR(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) {
		t.Helper()
		must(t, os.WriteFile(filepath.Join(dir, MCRFile), []byte(s), 0o644))
	}
	write(`{"count": 1, "cases": [{"id": 7, "prevalent_wind": "S", "melds": [{"type": "pung", "tiles": ["5z", "5z", "5z"]}],
		"concealed": ["1m", "2m", "3m", "4p", "4p"], "win_tile": "4p", "self_drawn": true, "flowers": 2,
		"fans": [{"zh": "箭刻", "en": "Dragon Pung", "value": 2, "count": 1}], "total": 8}]}`)
	cs, err := ReadMCR(dir)
	if err != nil {
		t.Fatal(err)
	}
	c := cs[0]
	if len(cs) != 1 || c.ID != 7 || *c.PrevalentWind != "S" || c.SeatWind != nil || c.Melds[0].Type != "pung" || len(c.Melds[0].Tiles) != 3 ||
		len(c.Concealed) != 5 || c.WinTile != "4p" || !c.SelfDrawn || c.Flowers != 2 || c.Fans[0].En != "Dragon Pung" || c.Fans[0].Value != 2 || c.Total != 8 {
		t.Errorf("ReadMCR = %+v", cs)
	}

	// A file cut short, or holding fewer cases than it says, is refused
	// with its path.
	for body, want := range map[string]string{
		`{"count": 2, "cases": [{"id": 1}]}`: "1 cases, the file says 2",
		`{"count": 1, "cases": [{"id": 1`:    "unexpected end of JSON input",
	} {
		write(body)
		if _, err := ReadMCR(dir); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), MCRFile) {
			t.Errorf("ReadMCR of %s: %v, want %q with the file's path", body, err, want)
		}
	}
}
