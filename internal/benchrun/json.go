package benchrun

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
)

// WriteJSON writes the report in the JSON format of FORMATS.md §4.3:
//
//	{ "<program>[:<entry>]": { "datasets": {
//	    "<dataset>": { "runtimes": [<μs>, ...], "bytes": {} },
//	    "<failed dataset>": "<error message>" } } }
//
// Keys appear in the report's order, so equal reports give equal bytes.
// Peak memory is unknown to the Backend interface, so "bytes" is empty.
func (r *Report) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("{")
	for i, b := range r.Benchmarks {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n  ")
		bw.Write(jsonString(b.Key))
		bw.WriteString(": {\n    \"datasets\": {")
		for j, d := range b.Datasets {
			if j > 0 {
				bw.WriteString(",")
			}
			bw.WriteString("\n      ")
			bw.Write(jsonString(d.Name))
			bw.WriteString(": ")
			if d.Failed() {
				bw.Write(jsonString(d.Err))
				continue
			}
			bw.WriteString("{\n        \"runtimes\": [")
			for k, t := range d.Runtimes {
				if k > 0 {
					bw.WriteString(", ")
				}
				bw.WriteString(strconv.FormatInt(t, 10))
			}
			bw.WriteString("],\n        \"bytes\": {}\n      }")
		}
		if len(b.Datasets) > 0 {
			bw.WriteString("\n    ")
		}
		bw.WriteString("}\n  }")
	}
	if len(r.Benchmarks) > 0 {
		bw.WriteString("\n")
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// jsonString quotes s as a JSON string, leaving <, > and & readable.
func jsonString(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		// Encoding a Go string cannot fail; invalid UTF-8 is replaced.
		return []byte(`""`)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
