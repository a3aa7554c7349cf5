package main

import (
	"os"
	"testing"
)

// The committed modules.fut must be what the generator produces now.
func TestGeneratedFileUpToDate(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../modules.fut")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatal("prelude/modules.fut is stale; run `go generate ./prelude`")
	}
}
