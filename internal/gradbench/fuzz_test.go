package gradbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/values"
)

var bigNumber = regexp.MustCompile(`[0-9]{6}`)

// FuzzServe checks that any input line gets exactly one valid JSON
// response line and never stops the session. Programs are stand-ins, so
// the fuzzing exercises the protocol and the input conversions.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		`{"id":2,"kind":"evaluate","module":"gmm","function":"objective","input":{"d":2,"k":1,"n":1,"m":0,"gamma":1.0,"x":[[0.5,-1.0]],"alpha":[0.1],"mu":[[0.0,0.5]],"q":[[0.2,-0.1]],"l":[[0.4]]}}`,
		`{"id":2,"kind":"evaluate","module":"ba","function":"jacobian","input":{"n":2,"m":3,"p":5,"cam":[0,1,2,3,4,5,6,7,8,9,10],"x":[1,2,3],"w":0.5,"feat":[7,8]}}`,
		`{"id":2,"kind":"evaluate","module":"ht","function":"objective","input":{"theta":[],"data":{"model":{"parents":[-1]}}}}`,
		`{"id":2,"kind":"evaluate","module":"lstm","function":"jacobian","input":{"main_params":[[1,2,3,4]],"extra_params":[[1],[2],[3]],"state":[[1],[2]],"sequence":[[1],[0]]}}`,
		`{"id":2,"kind":"evaluate","module":"det","function":"primal","input":{"A":[1],"ell":1}}`,
		`{"id":2,"kind":"evaluate","module":"hello","function":"square","input":1e308}`,
		`{"id":2,"kind":"analysis","of":1,"valid":false}`,
		`{"id":[1,{"a":2}],"kind":"start"}`,
		`{"kind":"define","module":"lse"}`,
		`[1,2,3]`,
		`{"id":1,"kind":"evaluate","module":"kmeans","function":"dir","input":{"points":[[1]],"centroids":[[1],[2,3]]}}`,
	} {
		f.Add(s)
	}
	echo := func(args []values.Value) ([]values.Value, error) { return args, nil }
	entries := map[string]entryFn{}
	for _, m := range Registry() {
		for name := range m.Functions {
			entries[name] = echo
		}
	}
	opts, _ := fakeOptions(entries)
	var defines strings.Builder
	for name := range opts.Modules {
		defines.WriteString(`{"id":0,"kind":"define","module":"` + name + `"}` + "\n")
	}
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.ReplaceAll(strings.ReplaceAll(line, "\n", " "), "\r", " ")
		// Huge repetition counts or sizes are valid requests that merely take long.
		if strings.TrimSpace(line) == "" || strings.Contains(line, "min_") || bigNumber.MatchString(line) {
			return
		}
		watchdog := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("no answer to %q", line)) })
		defer watchdog.Stop()
		var out bytes.Buffer
		in := defines.String() + line + "\n" + `{"id":99,"kind":"analysis"}` + "\n"
		if err := Serve(strings.NewReader(in), &out, nil, opts); err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if want := len(opts.Modules) + 2; len(got) != want {
			t.Fatalf("%d responses, want %d", len(got), want)
		}
		resp := got[len(got)-2]
		var obj map[string]any
		if err := json.Unmarshal([]byte(resp), &obj); err != nil {
			t.Fatalf("response %q is not a JSON object: %v", resp, err)
		}
		if _, ok := obj["id"]; !ok {
			t.Fatalf("response %q has no id", resp)
		}
		if got[len(got)-1] != `{"id":99}` {
			t.Fatalf("session did not continue: %q", got[len(got)-1])
		}
	})
}
