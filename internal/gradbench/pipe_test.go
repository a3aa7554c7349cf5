package gradbench

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// TestLockstep drives Serve as the intermediary does: each message is sent
// only after the previous response has arrived, so an unflushed response
// would stall the session; closing stdin must end Serve cleanly.
func TestLockstep(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := Serve(inR, outW, io.Discard, Options{Root: root})
		outW.Close()
		done <- err
	}()
	lines := bufio.NewReader(outR)
	x := 1.0
	msgs := []string{`{"id":0,"kind":"start","eval":"hello"}`, `{"id":1,"kind":"define","module":"hello"}`}
	for i, m := range msgs {
		got := roundTrip(t, inW, lines, m)
		checkProtocol(t, []string{"start", "define"}[i], i, got)
	}
	id := 2
	for range 4 {
		for _, fn := range []string{"square", "double"} {
			got := roundTrip(t, inW, lines, fmt.Sprintf(`{"id":%d,"kind":"evaluate","module":"hello","function":%q,"input":%v}`, id, fn, x))
			obj := checkProtocol(t, "evaluate", id, got)
			y, err := obj["output"].(interface{ Float64() (float64, error) }).Float64()
			if err != nil || obj["success"] != true {
				t.Fatalf("%s(%v): %s", fn, x, got)
			}
			want := x * x
			if fn == "double" {
				want = 2 * x
			}
			if y != want {
				t.Fatalf("%s(%v) = %v, want %v", fn, x, y, want)
			}
			x = y
			id++
		}
	}
	if x != 32768 {
		t.Errorf("final value %v, want 32768 as in the hello eval", x)
	}
	inW.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return at end of input")
	}
	if rest, _ := io.ReadAll(lines); len(rest) != 0 {
		t.Errorf("extra output after the session: %q", rest)
	}
}

func roundTrip(t *testing.T, w io.Writer, r *bufio.Reader, msg string) string {
	t.Helper()
	if _, err := io.WriteString(w, msg+"\n"); err != nil {
		t.Fatal(err)
	}
	type result struct {
		line string
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		line, err := r.ReadString('\n')
		ch <- result{line, err}
	}()
	select {
	case res := <-ch:
		if res.err != nil {
			t.Fatalf("reading the response to %s: %v", msg, res.err)
		}
		return strings.TrimSuffix(res.line, "\n")
	case <-time.After(30 * time.Second):
		t.Fatalf("no response to %s", msg)
	}
	return ""
}
