package interp

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// scremaOp is one operator of a Screma: the results of the function it
// takes (from, to) and, for scans and reductions, where its results go.
type scremaOp struct {
	op      *lambda
	ne      []operand
	from    int
	rank    int   // hists and scatters: how many of the results are indices
	dests   []int // hists and scatters: the destination slots
	out     int   // the first result of the statement it gives
	scanned int   // scans: the first scan collector it fills
}

// screma evaluates a Screma element by element: the function on row i,
// then every scan, reduction, histogram and scatter in order, then the
// map outputs (see ir.Screma).
func (c *compiler) screma(e *ir.Screma, outs []int, pos ir.Pos) stmFn {
	w, arrs, f := c.operand(e.W), c.names(e.Arrs), c.lambda(e.F)
	var scans, reds, hists, scatters []scremaOp
	k, out := 0, 0
	var scanTypes []ir.Type
	for _, sc := range e.Scans {
		n := len(sc.Neutral)
		scans = append(scans, scremaOp{op: c.lambda(sc.Op), ne: c.operands(sc.Neutral), from: k, out: out, scanned: len(scanTypes)})
		scanTypes = append(scanTypes, sc.Op.Ret...)
		k, out = k+n, out+n
	}
	for _, r := range e.Reds {
		n := len(r.Neutral)
		reds = append(reds, scremaOp{op: c.lambda(r.Op), ne: c.operands(r.Neutral), from: k, out: out})
		k, out = k+n, out+n
	}
	for _, h := range e.Hists {
		hists = append(hists, scremaOp{op: c.lambda(h.Op), ne: c.operands(h.Neutral), from: k, rank: h.Rank, dests: c.names(h.Dests), out: out})
		k, out = k+h.Rank+len(h.Dests), out+len(h.Dests)
	}
	for _, sc := range e.Scatters {
		scatters = append(scatters, scremaOp{from: k, rank: sc.Rank, dests: c.names(sc.Dests), out: out})
		k, out = k+sc.Rank+len(sc.Dests), out+len(sc.Dests)
	}
	firstMap, mapOut := k, out
	scanRes := c.newResults(scanTypes)
	mapRes := c.newResults(e.F.Ret[firstMap:])
	nres := len(e.F.Ret)
	return func(fr *frame) error {
		n, err := width(fr, w, arrs, pos, "screma")
		if err != nil {
			return err
		}
		for _, h := range hists {
			shape := fr.v[h.dests[0]].a.Shape
			for _, d := range h.dests {
				if !sameShape(fr.v[d].a.Shape[:h.rank], shape[:h.rank]) {
					return rtErr(pos, "Histogram destinations have shapes %s and %s.", shapeString(shape), shapeString(fr.v[d].a.Shape))
				}
			}
		}
		scanRes, mapRes := scanRes.start(n), mapRes.start(n)
		accs := make([][]value, len(scans)+len(reds))
		for q, op := range append(append([]scremaOp(nil), scans...), reds...) {
			accs[q] = make([]value, len(op.ne))
			for j, x := range op.ne {
				accs[q][j] = fr.get(x)
			}
		}
		res := make([]value, nres)
		for i := range n {
			for q, s := range arrs {
				setRow(fr, f.params[q], fr.v[s].a, i)
			}
			if err := f.body.run(fr); err != nil {
				return err
			}
			for q, r := range f.body.res {
				res[q] = fr.get(r)
			}
			for q, sc := range scans {
				if err := fold(fr, sc.op, accs[q], res[sc.from:sc.from+len(sc.ne)]); err != nil {
					return err
				}
				for j, v := range accs[q] {
					if err := scanRes.put(sc.scanned+j, i, v, pos); err != nil {
						return err
					}
				}
			}
			for q, r := range reds {
				if err := fold(fr, r.op, accs[len(scans)+q], res[r.from:r.from+len(r.ne)]); err != nil {
					return err
				}
			}
			for _, h := range hists {
				vals := res[h.from+h.rank : h.from+h.rank+len(h.dests)]
				if err := histStep(fr, h.op, h.dests, res[h.from:h.from+h.rank], vals, pos); err != nil {
					return err
				}
			}
			for _, sc := range scatters {
				off, ok := offset(res[sc.from:sc.from+sc.rank], fr.v[sc.dests[0]].a.Shape)
				if !ok {
					continue
				}
				for j, d := range sc.dests {
					if err := store(fr.v[d].a, sc.rank, off, res[sc.from+sc.rank+j], pos); err != nil {
						return err
					}
				}
			}
			for q := firstMap; q < nres; q++ {
				if err := mapRes.put(q-firstMap, i, res[q], pos); err != nil {
					return err
				}
			}
		}
		for _, sc := range scans {
			for j := range sc.ne {
				fr.v[outs[sc.out+j]] = value{a: scanRes.finish(fr, sc.scanned+j)}
			}
		}
		for q, r := range reds {
			for j, v := range accs[len(scans)+q] {
				fr.v[outs[r.out+j]] = v
			}
		}
		for _, op := range append(append([]scremaOp(nil), hists...), scatters...) {
			for j, d := range op.dests {
				fr.v[outs[op.out+j]] = fr.v[d]
			}
		}
		for q := firstMap; q < nres; q++ {
			fr.v[outs[mapOut+q-firstMap]] = value{a: mapRes.finish(fr, q-firstMap)}
		}
		return nil
	}
}

// fold applies a scan or reduction operator to the accumulated values acc
// and the elements xs, leaving the result in acc.
func fold(fr *frame, op *lambda, acc, xs []value) error {
	k := len(acc)
	for j := range k {
		fr.v[op.params[j]] = acc[j]
		fr.v[op.params[k+j]] = xs[j]
	}
	if err := op.body.run(fr); err != nil {
		return err
	}
	for j, r := range op.body.res {
		acc[j] = fr.get(r)
	}
	return nil
}

// offset is the flat element offset of the indices idx into the leading
// dimensions of shape; ok is false when one is out of range.
func offset(idx []value, shape []int64) (off int64, ok bool) {
	for k, v := range idx {
		i := v.s.Int()
		if i < 0 || i >= shape[k] {
			return 0, false
		}
		off = off*shape[k] + i
	}
	return off, true
}

// histStep combines vals into the bins of dests at the indices idx with
// op (existing bin value first); out-of-range indices are ignored.
func histStep(fr *frame, op *lambda, dests []int, idx, vals []value, pos ir.Pos) error {
	nidx := len(idx)
	off, ok := offset(idx, fr.v[dests[0]].a.Shape)
	if !ok {
		return nil
	}
	k := len(dests)
	for q, d := range dests {
		fr.v[op.params[q]] = bin(fr.v[d].a, nidx, off)
		fr.v[op.params[k+q]] = vals[q]
	}
	if err := op.body.run(fr); err != nil {
		return err
	}
	for q, r := range op.body.res {
		if err := store(fr.v[dests[q]].a, nidx, off, fr.get(r), pos); err != nil {
			return err
		}
	}
	return nil
}

// bin is the element at flat offset off of the first nidx dimensions of a
// (a view when it is an array).
func bin(a *Array, nidx int, off int64) value {
	if len(a.Shape) == nidx {
		return value{s: a.Data[off]}
	}
	rest := a.Shape[nidx:]
	rs := product(rest)
	return value{a: &Array{Elem: a.Elem, Shape: rest, Data: a.Data[off*rs : (off+1)*rs : (off+1)*rs]}}
}
