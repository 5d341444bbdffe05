package record

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// BenchmarkCorpus parses every game record of the corpus per iteration.
func BenchmarkCorpus(b *testing.B) {
	type file struct {
		path string
		data []byte
	}
	var files []file
	size := 0
	for _, p := range corpusFiles(b, ".json", ".mjlog", ".xml") {
		d, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, file{p, d})
		size += len(d)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			var err error
			if strings.HasSuffix(f.path, ".json") {
				_, err = ReadTenhou6(bytes.NewReader(f.data))
			} else {
				_, err = ReadMjlog(bytes.NewReader(f.data))
			}
			if err != nil {
				b.Fatal(f.path, err)
			}
		}
	}
	b.ReportMetric(float64(len(files))*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
