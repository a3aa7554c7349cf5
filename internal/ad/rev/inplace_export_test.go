package rev

// InplaceSource exposes the programs with in-place updates in ifs to the
// external tests: t_NAME xs y for every name of InplaceNames.
var InplaceSource = inplaceSource

// InplaceNames lists the functions of InplaceSource.
func InplaceNames() []string {
	var out []string
	for _, f := range inplaceFuncs() {
		out = append(out, f.name)
	}
	return out
}

// InplaceCostSource exposes the loops of in-place updates whose vjp and
// mjp must be linear: entries NAME_g and NAME_m for every name of
// InplaceCostEntries.
var InplaceCostSource = inplaceCostSource

// InplaceCostEntries lists the entries of InplaceCostSource.
func InplaceCostEntries() []string {
	out := []string{"upd_m"}
	for _, f := range inplaceCostFuncs {
		out = append(out, f.name+"_g", f.name+"_m")
	}
	return out
}

// UpdateLoopSource is the loop of plain updates InplaceCostSource uses.
const UpdateLoopSource = updateLoopSrc
