package rev

// FDSource exposes the finite-difference programs to the external tests.
var FDSource = fdSource

// FDNames lists the functions of FDSource.
func FDNames() []string {
	var out []string
	for _, f := range fdFuncs {
		out = append(out, f.name)
	}
	return out
}
