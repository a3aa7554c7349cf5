package testspec

// Mode is how the runner executes programs.
type Mode uint8

const (
	Compiled    Mode = iota // run every case (fluxion test -c, the default)
	Interpreted             // skip cases tagged `compiled` (fluxion test -i)
	TypeCheck               // only compile programs (fluxion test -t)
)

// Selection decides which programs and cases take part in a test or
// benchmark run (FORMATS.md §3.4, §3.8, §4.1).
type Selection struct {
	Mode       Mode
	Backend    string   // backend name: cases tagged no_<Backend> are skipped
	Exclude    []string // skip programs and cases carrying any of these tags
	EntryPoint string   // if set, only cases of this entry point run
	Bench      bool     // select for benchmarking instead of testing
}

// SkipProgram returns why the whole program is skipped, or "" if it is not.
func (s *Selection) SkipProgram(spec *Spec) string {
	if spec.Disabled() {
		return "program tagged disable"
	}
	for _, t := range s.Exclude {
		if hasTag(spec.Tags, t) {
			return "program tagged " + t + " (excluded)"
		}
	}
	return ""
}

// SkipCase returns why case c is skipped, or "" if it runs. It does not
// look at entry points (see SelectEntry) or at the program's tags.
func (s *Selection) SkipCase(c *Case) string {
	if c.HasTag("disable") {
		return "tagged disable"
	}
	if s.Bench {
		if c.HasTag("nobench") {
			return "tagged nobench"
		}
		if c.Expect.Kind == ExpectError {
			return "expects an error"
		}
	} else if c.HasTag("notest") {
		return "tagged notest"
	}
	if s.Mode == Interpreted && c.HasTag("compiled") {
		return "tagged compiled (interpreter mode)"
	}
	if c.HasTag("no_fluxion") {
		return "tagged no_fluxion"
	}
	if s.Backend != "" && c.HasTag("no_"+s.Backend) {
		return "tagged no_" + s.Backend
	}
	for _, t := range s.Exclude {
		if c.HasTag(t) {
			return "tagged " + t + " (excluded)"
		}
	}
	return ""
}

// SelectEntry reports whether cases of the entry point run at all.
func (s *Selection) SelectEntry(entry string) bool {
	return s.EntryPoint == "" || s.EntryPoint == entry
}

// Instance is one case on one of its entry points.
type Instance struct {
	Case  *Case
	Entry string
	Skip  string // why it does not run; "" if it runs
}

// Instances lists, in source order, the (case, entry point) pairs of the
// program whose entry point is selected, each with its skip reason (the
// program's, if the whole program is skipped).
func (s *Selection) Instances(spec *Spec) []Instance {
	progSkip := s.SkipProgram(spec)
	var is []Instance
	for _, c := range spec.Cases {
		for _, e := range c.Entries {
			if !s.SelectEntry(e) {
				continue
			}
			skip := progSkip
			if skip == "" {
				skip = s.SkipCase(c)
			}
			is = append(is, Instance{c, e, skip})
		}
	}
	return is
}
