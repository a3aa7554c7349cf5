package testspec

import (
	"math"
	"strconv"
	"strings"
)

// shortestFloat writes x the way Futhark names datasets: the shortest
// digits that round-trip at the given width (32 or 64 bits), in fixed
// notation ("2.5", "1234567.0") when 0.1 <= |x| < 10^7 and otherwise in
// scientific notation with at least one fractional digit ("1.0e-2",
// "1.5e7"). NaN and infinities are left to the caller.
func shortestFloat(x float64, bits int) string {
	sign := ""
	if math.Signbit(x) {
		sign, x = "-", -x
	}
	if x == 0 {
		return sign + "0.0"
	}
	// 'e' with precision -1 gives d.ddde±XX with the shortest digits.
	s := strconv.FormatFloat(x, 'e', -1, bits)
	mant, exp, _ := strings.Cut(s, "e")
	digits := strings.Replace(mant, ".", "", 1)
	e10, _ := strconv.Atoi(exp)
	e := e10 + 1 // x = 0.digits * 10^e
	if e < 0 || e > 7 {
		frac := digits[1:]
		if frac == "" {
			frac = "0"
		}
		return sign + digits[:1] + "." + frac + "e" + strconv.Itoa(e-1)
	}
	if e == 0 {
		return sign + "0." + digits
	}
	for len(digits) < e {
		digits += "0"
	}
	frac := digits[e:]
	if frac == "" {
		frac = "0"
	}
	return sign + digits[:e] + "." + frac
}
