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
