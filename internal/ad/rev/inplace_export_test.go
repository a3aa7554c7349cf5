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
