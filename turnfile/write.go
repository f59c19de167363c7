package turnfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"go.yaml.in/yaml/v3"
)

// Marshal returns the file's bytes (§2.5): block-style YAML with the
// fields in a fixed order, and flow style only for the state's small
// collections (those holding nothing but scalars), so that the same game
// always gives the same bytes and a move changes few lines.
func (f *File) Marshal() ([]byte, error) {
	b, err := encodeYAML(f, "state")
	if err != nil {
		return nil, fmt.Errorf("encoding turn file: %w", err)
	}
	return b, nil
}

// encodeYAML writes v (a struct of the file's parts) the way Marshal
// lays a file out: block style, fields in their order, and flow style for
// the small collections below the field named flow ("" for none). The
// layout is yaml.v3's encoder's (encodeYAMLNodes); yamlWriter writes the
// same bytes directly, and leaves to yaml.v3 only what it does not write
// (numbers other than integers, strings written across lines).
func encodeYAML(v any, flow string) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if b, ok := writeYAML(raw, flow); ok {
		return b, nil
	}
	return encodeYAMLNodes(raw, flow)
}

// encodeYAMLNodes writes raw, v's JSON, through yaml.v3's encoder: a node
// tree made from the JSON, with flow style set on the small collections
// below the field named flow.
func encodeYAMLNodes(raw []byte, flow string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	root, err := nodeFromJSON(dec)
	if err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if flow != "" && root.Content[i].Value == flow {
			flowLeaves(root.Content[i+1])
		}
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// nodeFromJSON builds a YAML node tree from a JSON token stream, keeping
// the order of object keys.
func nodeFromJSON(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := nodeFromJSON(dec)
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, v)
			}
			_, err := dec.Token()
			return n, err
		case '[':
			n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			for dec.More() {
				v, err := nodeFromJSON(dec)
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, v)
			}
			_, err := dec.Token()
			return n, err
		}
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: t}, nil
	case json.Number:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: t.String()}, nil
	case bool:
		v := "false"
		if t {
			v = "true"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: v}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// flowLeaves sets flow style on every collection below n that holds only
// scalars and empty collections.
func flowLeaves(n *yaml.Node) {
	if n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode {
		return
	}
	leaf := true
	for _, c := range n.Content {
		if (c.Kind == yaml.MappingNode || c.Kind == yaml.SequenceNode) && len(c.Content) > 0 {
			leaf = false
			flowLeaves(c)
		}
	}
	if leaf {
		n.Style = yaml.FlowStyle
	}
}

// WriteFile writes f to path atomically: to a temporary file in the same
// directory, synced, then renamed over path (§2.5). The file keeps the
// mode of the file it replaces, or gets 0644.
func WriteFile(path string, f *File) error {
	data, err := f.Marshal()
	if err != nil {
		return err
	}
	return WriteAtomic(path, data, 0o644)
}

// WriteGame writes g's file to path atomically, as WriteFile does, with
// the bytes Game.Marshal makes (appended to those the game read or wrote,
// when it can).
func WriteGame(path string, g *Game) error {
	data, err := g.Marshal()
	if err != nil {
		return err
	}
	return WriteAtomic(path, data, 0o644)
}

// WriteAtomic writes data to path through a synced temporary file and a
// rename, so that readers see the old or the new bytes, never a mix. An
// existing file's mode is kept; otherwise mode is used.
//
// A symbolic link is written through: its target gets the new bytes and
// the link stays.
func WriteAtomic(path string, data []byte, mode os.FileMode) error {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(name)
		}
	}()
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	if _, err := io.Copy(tmp, bytes.NewReader(data)); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(name, path); err != nil {
		return err
	}
	ok = true
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
