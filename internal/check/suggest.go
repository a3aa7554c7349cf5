package check

import "sort"

// suggestion returns " (did you mean x?)" for the candidate closest to
// name within a small edit distance, or "".
func suggestion(name string, candidates []string) string {
	best, bestDist := "", 3
	if len(name) <= 3 {
		bestDist = 2
	}
	sort.Strings(candidates)
	for _, c := range candidates {
		if c == name || len(c) > 1 && c[0] == '_' && c[1] == '_' {
			continue
		}
		if d := editDistance(name, c, bestDist); d < bestDist {
			best, bestDist = c, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + best + "?)"
}

// editDistance is the Levenshtein distance of a and b, or limit if it is
// at least limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	if prev[len(b)] > limit {
		return limit
	}
	return prev[len(b)]
}

// termNames lists the value names visible in sc.
func termNames(sc *scope) []string {
	var out []string
	for ; sc != nil; sc = sc.parent {
		for n, t := range sc.terms {
			if t != nil && t.bind != nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// memberNames lists the names of module m.
func memberNames(m *module) []string {
	out := make([]string, 0, len(m.terms))
	for n := range m.terms {
		out = append(out, n)
	}
	return out
}
