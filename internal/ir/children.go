package ir

// Lambdas lists the lambdas that are part of e (a SOAC's function or
// operator, an AD operator's function, a custom derivative's rule, an
// accumulator's operators), in a fixed order. Absent lambdas are skipped.
func Lambdas(e Exp) []*Lambda {
	var ls []*Lambda
	switch e := e.(type) {
	case *Map:
		ls = []*Lambda{e.F}
	case *Reduce:
		ls = []*Lambda{e.Op}
	case *Scan:
		ls = []*Lambda{e.Op}
	case *Hist:
		ls = []*Lambda{e.Op}
	case *Screma:
		ls = []*Lambda{e.F}
		for _, sc := range e.Scans {
			ls = append(ls, sc.Op)
		}
		for _, r := range e.Reds {
			ls = append(ls, r.Op)
		}
		for _, h := range e.Hists {
			ls = append(ls, h.Op)
		}
	case *JVP:
		ls = []*Lambda{e.F}
	case *VJP:
		ls = []*Lambda{e.F}
	case *WithVJP:
		ls = []*Lambda{e.F, e.Rule}
	case *WithAcc:
		for _, in := range e.Inputs {
			ls = append(ls, in.Op)
		}
		ls = append(ls, e.F)
	}
	out := ls[:0]
	for _, l := range ls {
		if l != nil {
			out = append(out, l)
		}
	}
	return out
}

// Bodies lists the bodies nested directly in e: the branches of an If, the
// body of a Loop, and the bodies of e's lambdas.
func Bodies(e Exp) []*Body {
	switch e := e.(type) {
	case *If:
		return []*Body{e.Then, e.Else}
	case *Loop:
		return []*Body{e.Body}
	}
	var bs []*Body
	for _, l := range Lambdas(e) {
		bs = append(bs, l.Body)
	}
	return bs
}

// MapChildren returns a shallow copy of e in which every directly nested
// body is replaced by body(b) and every lambda by lambda(l) (the lambdas of
// SOACs, AD operators and accumulators; the branches of If and the body of
// Loop go through body). Expressions without nested code are returned as
// they are. Passes that transform code inside-out use it so that no pass
// needs its own list of which expressions nest code.
func MapChildren(e Exp, body func(*Body) *Body, lambda func(*Lambda) *Lambda) Exp {
	lam := func(l *Lambda) *Lambda {
		if l == nil {
			return nil
		}
		return lambda(l)
	}
	switch old := e.(type) {
	case *If:
		c := *old
		c.Then, c.Else = body(old.Then), body(old.Else)
		return &c
	case *Loop:
		c := *old
		c.Body = body(old.Body)
		return &c
	case *Map:
		c := *old
		c.F = lam(old.F)
		return &c
	case *Reduce:
		c := *old
		c.Op = lam(old.Op)
		return &c
	case *Scan:
		c := *old
		c.Op = lam(old.Op)
		return &c
	case *Hist:
		c := *old
		c.Op = lam(old.Op)
		return &c
	case *Screma:
		c := *old
		c.F = lam(old.F)
		c.Scans = make([]ScanOp, len(old.Scans))
		for i, sc := range old.Scans {
			sc.Op = lam(sc.Op)
			c.Scans[i] = sc
		}
		c.Reds = make([]RedOp, len(old.Reds))
		for i, r := range old.Reds {
			r.Op = lam(r.Op)
			c.Reds[i] = r
		}
		c.Hists = make([]HistOp, len(old.Hists))
		for i, h := range old.Hists {
			h.Op = lam(h.Op)
			c.Hists[i] = h
		}
		return &c
	case *JVP:
		c := *old
		c.F = lam(old.F)
		return &c
	case *VJP:
		c := *old
		c.F = lam(old.F)
		return &c
	case *WithVJP:
		c := *old
		c.F, c.Rule = lam(old.F), lam(old.Rule)
		return &c
	case *WithAcc:
		c := *old
		c.Inputs = make([]AccInput, len(old.Inputs))
		for i, in := range old.Inputs {
			in.Op = lam(in.Op)
			c.Inputs[i] = in
		}
		c.F = lam(old.F)
		return &c
	}
	return e
}
