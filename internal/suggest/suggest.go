// Package suggest finds the name a user most likely meant when they
// misspelt a command, a flag or an option key.
package suggest

import "strings"

// Nearest returns the candidate nearest to name, ignoring case, when at
// most a third of its letters (at least one, at most two) differ, else "".
// An exact match returns "": there is nothing to suggest.
func Nearest(name string, candidates []string) string {
	best, bd := "", 0
	for _, c := range candidates {
		d := Distance(strings.ToLower(name), strings.ToLower(c))
		if best == "" || d < bd {
			best, bd = c, d
		}
	}
	if best == "" || bd == 0 || bd > min(2, max(1, (len([]rune(name))+1)/3)) {
		return ""
	}
	return best
}

// Distance is the Levenshtein distance between a and b, in runes.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
