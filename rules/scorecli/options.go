package scorecli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"jantaku/internal/suggest"
)

// Options is a family's options struct: YAML keys, and a check.
type Options interface{ Validate() error }

// PresetOptions is a family's preset named name with r's --options and
// --set laid over it; its errors are usage errors.
func PresetOptions[O Options](preset func(string) (O, error), name string, r *Request) (O, error) {
	o, err := preset(name)
	if err == nil {
		o, err = LayOptions(o, r)
	}
	return o, Usage(err)
}

// LayOptions lays r's --options file (YAML or JSON) and --set values over
// a family's options o and validates the result. A --set key may reach
// into a section: caps.cap=300 is caps: {cap: 300}.
func LayOptions[O Options](o O, r *Request) (O, error) {
	decode := func(data []byte) error {
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		err := dec.Decode(&o)
		var te *yaml.TypeError
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &te):
			// One line: "line 2: field nope not found in type mcr.Options".
			return errors.New(strings.Join(te.Errors, "; "))
		}
		return err
	}
	if r.Options != "" {
		data, err := os.ReadFile(r.Options)
		if err != nil {
			return o, err
		}
		if err := decode(data); err != nil {
			return o, fmt.Errorf("%s: %w", r.Options, ExplainOptions(err, o))
		}
	}
	for _, s := range r.Sets {
		k, v, _ := strings.Cut(s, "=")
		keys := strings.Split(strings.TrimSpace(k), ".")
		if err := KnownKey(keys[0], o); err != nil {
			return o, fmt.Errorf("--set %s: %w", s, err)
		}
		doc := strings.TrimSpace(v)
		for i := len(keys) - 1; i >= 0; i-- {
			doc = "{" + strconv.Quote(keys[i]) + ": " + doc + "}"
		}
		if err := decode([]byte(doc)); err != nil {
			return o, fmt.Errorf("--set %s: %s", s, strings.ReplaceAll(err.Error(), "line 1: ", ""))
		}
	}
	if err := o.Validate(); err != nil {
		return o, err
	}
	return o, nil
}

// KnownKey checks that key is a top-level option of the options struct o
// (its YAML names), suggesting the nearest for a misspelt one.
func KnownKey(key string, o any) error {
	keys := optionKeys(reflect.TypeOf(o))
	if slices.Contains(keys, key) {
		return nil
	}
	if n := suggest.Nearest(key, keys); n != "" {
		return fmt.Errorf("unknown option %q (did you mean %q?)", key, n)
	}
	slices.Sort(keys)
	return fmt.Errorf("unknown option %q (the options are %s)", key, strings.Join(keys, ", "))
}

// unknownField is the YAML decoder's message for a key the options do not
// have, which names a Go type.
var unknownField = regexp.MustCompile(`field (\S+) not found in type (?:struct \{.*\}|[\w.]+)`)

// ExplainOptions rewrites the decoder's "field X not found in type T" in
// an options file's error as the option's name and the nearest known one.
func ExplainOptions(err error, o any) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	m := unknownField.FindStringSubmatchIndex(msg)
	if m == nil {
		return err
	}
	key := msg[m[2]:m[3]]
	return reworded{msg[:m[0]] + KnownKey(key, o).Error() + msg[m[1]:], err}
}

// reworded is an error with a clearer message that still matches what
// it wraps (errors.Is).
type reworded struct {
	msg string
	err error
}

func (e reworded) Error() string { return e.msg }
func (e reworded) Unwrap() error { return e.err }

// optionKeys lists the YAML keys of a struct type, inline fields' own.
func optionKeys(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		fl := t.Field(i)
		if !fl.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(fl.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if strings.Contains(opts, "inline") || fl.Anonymous && name == "" {
			out = append(out, optionKeys(fl.Type)...)
			continue
		}
		if name == "" {
			name = strings.ToLower(fl.Name)
		}
		out = append(out, name)
	}
	return out
}
