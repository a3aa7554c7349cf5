package rad

import "fmt"

// spOrder numbers the jobs of a task graph in two depth-first orders: one
// visiting the branches of each fork left to right, the other right to
// left. In a fork/join graph, job a precedes job b exactly when a comes
// before b in both orders, which makes checking a reference constant-time.
type spOrder struct {
	left, right []int32
}

func newSPOrder(root *taskGraph, jobs int) *spOrder {
	o := &spOrder{left: make([]int32, jobs), right: make([]int32, jobs)}
	var l, r int32
	o.visit(root, o.left, &l, false)
	o.visit(root, o.right, &r, true)
	return o
}

func (o *spOrder) visit(g *taskGraph, pos []int32, n *int32, reversed bool) {
	for k, s := range g.jobs {
		pos[s.id] = *n
		*n++
		if k == len(g.forks) {
			break
		}
		kids := g.forks[k]
		for i := range kids {
			if reversed {
				i = len(kids) - 1 - i
			}
			o.visit(kids[i], pos, n, reversed)
		}
	}
}

// precedes reports whether job a precedes job b (a != b).
func (o *spOrder) precedes(a, b int32) bool {
	return o.left[a] < o.left[b] && o.right[a] < o.right[b]
}

// checkReferences reports an operation that used a Num from a job that
// does not precede its own: a Num passed between sibling branches other
// than through the join, which the reverse sweep could not order.
func checkReferences(segs []*segment, order *spOrder) error {
	for _, s := range segs {
		for _, op := range s.operands() {
			if op.job != s.id && !order.precedes(op.job, s.id) {
				return fmt.Errorf("rad: a Num computed in one Par branch was used in a concurrent branch; pass values between branches only through the join")
			}
		}
	}
	return nil
}
