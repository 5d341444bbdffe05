package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"jantaku/rules/rulesets"
)

// configReader reads values; dir is the file's folder.
type configReader struct{ file, dir string }

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.DocumentNode:
		return "a document"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.Tag {
	case "!!int":
		return "a number (" + n.Value + ")"
	case "!!float":
		return "a number (" + n.Value + ")"
	case "!!bool":
		return "true/false (" + n.Value + ")"
	case "!!null":
		return "empty"
	}
	return fmt.Sprintf("the text %q", n.Value)
}

func scalar(n *yaml.Node, want string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("want %s, got %s", want, kindName(n))
	}
	return n.Value, nil
}

// text reads a string: a number or true/false where text is wanted is a
// mistake more often than not (an unquoted "0,2" reads as text anyway).
func text(n *yaml.Node, want string) (string, error) {
	s, err := scalar(n, want)
	if err != nil {
		return "", err
	}
	if n.Tag != "!!str" {
		return "", fmt.Errorf("want %s, got %s", want, kindName(n))
	}
	return s, nil
}

func readRules(_ *configReader, n *yaml.Node) (string, error) {
	s, err := text(n, "a ruleset name such as riichi/tenhou")
	if err != nil {
		return "", err
	}
	names := rulesets.Names()
	if !slices.Contains(names, s) {
		return "", fmt.Errorf("unknown ruleset %q%s (known: %s)", s, didYouMean(s, names), strings.Join(names, ", "))
	}
	return s, nil
}

// readOptions turns a mapping of options into the JSON the ruleset reads.
func readOptions(_ *configReader, n *yaml.Node) (string, error) {
	if n.Kind != yaml.MappingNode {
		return "", fmt.Errorf("want a mapping of the ruleset's options (e.g. {red_fives: 3}), got %s", kindName(n))
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return "", err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("cannot be written as JSON: %v", err)
	}
	return string(b), nil
}

// readSeats reads seats played by people: a list such as [0, 2] or one
// seat number.
func readSeats(_ *configReader, n *yaml.Node) (string, error) {
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	var seats []string
	for _, it := range items {
		if it.Kind != yaml.ScalarNode || it.Tag != "!!int" {
			return "", fmt.Errorf("want seat numbers 0–3 such as [0, 2], got %s", kindName(it))
		}
		s, err := strconv.Atoi(it.Value)
		if err != nil || s < 0 || s > 3 {
			return "", fmt.Errorf("seat %s: seats are 0–3", it.Value)
		}
		if slices.Contains(seats, strconv.Itoa(s)) {
			return "", fmt.Errorf("seat %d is listed twice", s)
		}
		seats = append(seats, strconv.Itoa(s))
	}
	return strings.Join(seats, ","), nil
}

func readDuration(_ *configReader, n *yaml.Node) (string, error) {
	s, err := scalar(n, "a duration such as 700ms or 3s")
	if err != nil {
		return "", err
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		if n.Tag == "!!int" || n.Tag == "!!float" {
			return "", fmt.Errorf("%s has no unit: write a duration such as %sms or %ss", s, s, s)
		}
		return "", fmt.Errorf("%q is not a duration such as 700ms or 3s", s)
	}
	if d < 0 {
		return "", fmt.Errorf("negative duration %s", s)
	}
	return d.String(), nil
}

func integer(n *yaml.Node, want string) (int64, error) {
	s, err := scalar(n, want)
	if err != nil {
		return 0, err
	}
	if n.Tag != "!!int" {
		return 0, fmt.Errorf("want %s, got %s", want, kindName(n))
	}
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is out of range", s)
	}
	return v, nil
}

func readCount(_ *configReader, n *yaml.Node) (string, error) {
	v, err := integer(n, "a whole number, 0 or more")
	if err != nil {
		return "", err
	}
	if v < 0 || v > math.MaxInt32 {
		return "", fmt.Errorf("%d: want a whole number, 0 or more", v)
	}
	return strconv.FormatInt(v, 10), nil
}

func readSeed(_ *configReader, n *yaml.Node) (string, error) {
	s, err := scalar(n, "a seed: a whole number, 0 or more")
	if err != nil {
		return "", err
	}
	v, err := strconv.ParseUint(s, 0, 64)
	if n.Tag != "!!int" || err != nil {
		return "", fmt.Errorf("want a seed: a whole number, 0 or more, got %s", kindName(n))
	}
	return strconv.FormatUint(v, 10), nil
}

func number(n *yaml.Node, want string) (float64, error) {
	s, err := scalar(n, want)
	if err != nil {
		return 0, err
	}
	if n.Tag != "!!int" && n.Tag != "!!float" {
		return 0, fmt.Errorf("want %s, got %s", want, kindName(n))
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("want %s, got %s", want, s)
	}
	return v, nil
}

func readPositive(_ *configReader, n *yaml.Node) (string, error) {
	v, err := number(n, "a number above 0")
	if err != nil {
		return "", err
	}
	if v <= 0 {
		return "", fmt.Errorf("%s: want a number above 0", n.Value)
	}
	return strconv.FormatFloat(v, 'g', -1, 64), nil
}

func readRate(_ *configReader, n *yaml.Node) (string, error) {
	v, err := number(n, "a rate from 0 to 1")
	if err != nil {
		return "", err
	}
	if v < 0 || v > 1 {
		return "", fmt.Errorf("%s: want a rate from 0 to 1", n.Value)
	}
	return strconv.FormatFloat(v, 'g', -1, 64), nil
}

func readBool(_ *configReader, n *yaml.Node) (string, error) {
	s, err := scalar(n, "true or false")
	if err != nil {
		return "", err
	}
	if n.Tag != "!!bool" {
		return "", fmt.Errorf("want true or false, got %s", kindName(n))
	}
	v, err := strconv.ParseBool(strings.ToLower(s))
	if err != nil {
		return "", fmt.Errorf("want true or false, got %q", s)
	}
	return strconv.FormatBool(v), nil
}
