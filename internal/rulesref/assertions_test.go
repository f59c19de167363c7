package rulesref

// The scan resolves names with the parser's objects (ast.Object): it reads
// test code as text, and type-checking every game's test packages, with
// their dependencies, to resolve them would cost more than the few names
// it could get wrong (a field that a keyed map literal's key shadows).
//
//lint:file-ignore SA1019 the parser's objects are exact enough for a syntactic scan of test code

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The rule coverage counts a rule as tested only where a test asserts it:
// where the rule's number is part of what a failing test prints. A scan
// of a package's test files (assertScan) finds those numbers:
//
//   - in the arguments of t.Error, t.Errorf, t.Fatal and t.Fatalf (on any
//     receiver but a package, so fmt.Errorf does not count), format
//     string and values alike;
//   - in the name of a subtest (t.Run) whose function asserts, since a
//     failure prints the subtest's name;
//   - in an argument given to a parameter that a function (a helper such
//     as mustRefuse(…, "R78")) passes on into such a message, however many
//     helpers deep;
//   - in a table row's field, where the loop over the table passes the
//     field (or the whole row) into such a message;
//   - in what is assigned to a struct field that such a message prints
//     (x.rules, set by a helper such as x.cite("S33") for the assertions
//     that follow).
//
// A number in a comment, a test's name, or a string that no message
// prints is not counted; nor is anything in a Test function that skips
// unconditionally (a t.Skip among its top-level statements).

// assertScan is the scan of one package's test files.
type assertScan struct {
	fset  *token.FileSet
	files []*ast.File
	// byName holds the package's functions and methods by name, for calls
	// the parser did not resolve (a function of another file, a method).
	byName map[string][]ast.Node
	// params maps a parameter to its function and position.
	params map[*ast.Object]paramOf
	// calls lists the calls of each function (a FuncDecl, or a FuncLit
	// assigned to a name).
	calls map[ast.Node][]*ast.CallExpr
	// asserts holds the functions that assert, directly or through a
	// function they call.
	asserts map[ast.Node]bool
	// skipped holds the Test functions that skip unconditionally.
	skipped map[ast.Node]bool
	// done holds the sources (parameters, table fields) already followed.
	done map[source]bool
	work []source
	// cites are the citations found: the text of each string that a
	// failure message prints, with its place.
	cites []cited
	// assigned holds, by struct field name, what the package's tests
	// assign to fields of that name (made on first use).
	assigned map[string][]ast.Expr
}

// paramOf is a parameter's function and position (the last of a variadic
// function standing for every argument from there on).
type paramOf struct {
	fn       ast.Node
	index    int
	variadic bool
}

// source is what an assertion prints beyond its literal strings: a
// function's parameter, a field of the rows a loop ranges over ("" for
// the whole row), or a struct field (by name, table nil).
type source struct {
	param *ast.Object
	table *ast.Object
	field string
}

// cited is a string a failure message may print, and where it stands.
type cited struct {
	pos  token.Position
	text string
}

// scanTests parses the test files of directory dir (none is no error).
func scanTests(dir string) (*assertScan, error) {
	s := &assertScan{
		fset: token.NewFileSet(), byName: map[string][]ast.Node{}, params: map[*ast.Object]paramOf{},
		calls: map[ast.Node][]*ast.CallExpr{}, asserts: map[ast.Node]bool{}, skipped: map[ast.Node]bool{},
		done: map[source]bool{},
	}
	names, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	for _, name := range names {
		f, err := parser.ParseFile(s.fset, name, nil, 0)
		if err != nil {
			return nil, err
		}
		s.files = append(s.files, f)
	}
	s.index()
	s.findAsserting()
	s.follow()
	return s, nil
}

// index records the functions, their parameters and their calls.
func (s *assertScan) index() {
	for _, f := range s.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				s.byName[fd.Name.Name] = append(s.byName[fd.Name.Name], fd)
				if strings.HasPrefix(fd.Name.Name, "Test") && fd.Recv == nil && skipsAlways(fd.Body) {
					s.skipped[fd] = true
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				s.addParams(n, n.Type)
			case *ast.FuncLit:
				s.addParams(n, n.Type)
			}
			return true
		})
	}
	for _, f := range s.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				for _, fn := range s.callee(call) {
					s.calls[fn] = append(s.calls[fn], call)
				}
			}
			return true
		})
	}
}

func (s *assertScan) addParams(fn ast.Node, t *ast.FuncType) {
	i := 0
	for _, field := range t.Params.List {
		_, variadic := field.Type.(*ast.Ellipsis)
		for _, name := range field.Names {
			if name.Obj != nil {
				s.params[name.Obj] = paramOf{fn: fn, index: i, variadic: variadic}
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
}

// skipsAlways reports whether a function body skips among its top-level
// statements.
func skipsAlways(body *ast.BlockStmt) bool {
	for _, st := range body.List {
		if es, ok := st.(*ast.ExprStmt); ok {
			if call, ok := es.X.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Skip") {
					return true
				}
			}
		}
	}
	return false
}

// callee returns the functions of the package a call may call: the
// function or closure a name declares, else the package's functions and
// methods of that name.
func (s *assertScan) callee(call *ast.CallExpr) []ast.Node {
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		if fun.Obj != nil {
			switch d := fun.Obj.Decl.(type) {
			case *ast.FuncDecl:
				return []ast.Node{d}
			case *ast.AssignStmt:
				for i, l := range d.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Obj == fun.Obj && i < len(d.Rhs) {
						if lit, ok := d.Rhs[i].(*ast.FuncLit); ok {
							return []ast.Node{lit}
						}
					}
				}
			}
			return nil
		}
		return s.byName[fun.Name]
	case *ast.SelectorExpr:
		if id, ok := fun.X.(*ast.Ident); ok && id.Obj == nil {
			return nil // a package's function
		}
		var out []ast.Node
		for _, fn := range s.byName[fun.Sel.Name] {
			if fn.(*ast.FuncDecl).Recv != nil {
				out = append(out, fn)
			}
		}
		return out
	}
	return nil
}

// isAssertion reports whether call is t.Error, t.Errorf, t.Fatal or
// t.Fatalf on a value (not fmt.Errorf, a package's function).
func isAssertion(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "Error", "Errorf", "Fatal", "Fatalf":
	default:
		return false
	}
	if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
		return false
	}
	return true
}

// findAsserting marks the functions that assert, directly or through
// the functions they call, and queues what their assertions print.
func (s *assertScan) findAsserting() {
	fns := s.functions()
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			if !s.asserts[fn] && s.assertsIn(fn) {
				s.asserts[fn] = true
				changed = true
			}
		}
	}
	for _, fn := range fns {
		if s.skipped[fn] {
			continue
		}
		s.printedBy(fn)
	}
}

// assertsIn reports whether fn (with the function literals in it) makes
// an assertion or calls a function known to assert.
func (s *assertScan) assertsIn(fn ast.Node) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		if isAssertion(call) {
			found = true
		}
		for _, c := range s.callee(call) {
			found = found || s.asserts[c]
		}
		return !found
	})
	return found
}

// functions lists every function and function literal of the package.
func (s *assertScan) functions() []ast.Node {
	var out []ast.Node
	for _, f := range s.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				out = append(out, n)
			}
			return true
		})
	}
	return out
}

// printedBy walks fn's own statements (not its nested function literals,
// walked on their own) for what its assertions and asserting subtests
// print.
func (s *assertScan) printedBy(fn ast.Node) {
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	if body == nil || s.insideSkipped(fn) {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if isAssertion(n) {
				for _, a := range n.Args {
					s.walk(a)
				}
			}
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Run" && len(n.Args) == 2 {
				if lit, ok := n.Args[1].(*ast.FuncLit); ok && s.asserts[lit] {
					s.walk(n.Args[0])
				}
			}
		}
		return true
	})
}

// insideSkipped reports whether fn is, or stands inside, a Test function
// that always skips.
func (s *assertScan) insideSkipped(fn ast.Node) bool {
	for t := range s.skipped {
		if fn.Pos() >= t.Pos() && fn.End() <= t.End() {
			return true
		}
	}
	return false
}

// walk records the strings of an expression a message prints, and queues
// the parameters and table fields it prints.
func (s *assertScan) walk(e ast.Expr) {
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if text, err := strconv.Unquote(n.Value); err == nil {
					s.cites = append(s.cites, cited{pos: s.fset.Position(n.Pos()), text: text})
				}
			}
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && id.Obj != nil && rangeOf(id.Obj) != nil {
				s.queue(source{table: id.Obj, field: n.Sel.Name})
				return false
			}
			if id, ok := n.X.(*ast.Ident); !ok || id.Obj != nil {
				s.queue(source{field: n.Sel.Name})
			}
		case *ast.Ident:
			if n.Obj == nil {
				return true
			}
			if _, ok := s.params[n.Obj]; ok {
				s.queue(source{param: n.Obj})
			} else if rangeOf(n.Obj) != nil {
				s.queue(source{table: n.Obj})
			} else if as, ok := n.Obj.Decl.(*ast.AssignStmt); ok {
				// A local variable: what it was set to.
				for i, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Obj == n.Obj && len(as.Rhs) == len(as.Lhs) {
						s.walk(as.Rhs[i])
					}
				}
			}
		}
		return true
	})
}

func (s *assertScan) queue(src source) {
	if !s.done[src] {
		s.done[src] = true
		s.work = append(s.work, src)
	}
}

// follow walks what the queued sources stand for: a parameter's
// arguments at every call, a table field in every row.
func (s *assertScan) follow() {
	for len(s.work) > 0 {
		src := s.work[0]
		s.work = s.work[1:]
		if src.param != nil {
			p := s.params[src.param]
			for _, call := range s.calls[p.fn] {
				for i, a := range call.Args {
					if i == p.index || (p.variadic && i > p.index) {
						s.walk(a)
					}
				}
			}
			continue
		}
		if src.table == nil {
			for _, e := range s.assignedTo(src.field) {
				s.walk(e)
			}
			continue
		}
		for _, e := range rowValues(src.table, src.field) {
			s.walk(e)
		}
	}
}

// assignedTo returns what the package's tests assign to a struct field
// named field: in assignments (v.field = e) and keyed literals ({field: e}).
func (s *assertScan) assignedTo(field string) []ast.Expr {
	if s.assigned != nil {
		return s.assigned[field]
	}
	s.assigned = map[string][]ast.Expr{}
	for _, f := range s.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && len(n.Rhs) == len(n.Lhs) {
						s.assigned[sel.Sel.Name] = append(s.assigned[sel.Sel.Name], n.Rhs[i])
					}
				}
			case *ast.CompositeLit:
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							s.assigned[id.Name] = append(s.assigned[id.Name], kv.Value)
						}
					}
				}
			}
			return true
		})
	}
	return s.assigned[field]
}

// rangeOf returns the range clause that declares obj, if it does.
func rangeOf(obj *ast.Object) *ast.AssignStmt {
	as, ok := obj.Decl.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	if u, ok := as.Rhs[0].(*ast.UnaryExpr); ok && u.Op == token.RANGE {
		return as
	}
	return nil
}

// rowValues returns the expressions a range variable takes that a field
// of it prints: field of each row ("" for the whole row), or the keys
// where obj ranges over a map's keys.
func rowValues(obj *ast.Object, field string) []ast.Expr {
	as := rangeOf(obj)
	lit := literalOf(as.Rhs[0].(*ast.UnaryExpr).X)
	if lit == nil {
		return nil
	}
	isKey := len(as.Lhs) > 0 && as.Lhs[0].(*ast.Ident).Obj == obj
	_, isMap := lit.Type.(*ast.MapType)
	var out []ast.Expr
	for _, elt := range lit.Elts {
		v := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if isKey && isMap {
				out = append(out, kv.Key)
				continue
			}
			v = kv.Value
		} else if isKey {
			continue // the index of a slice prints no rule
		}
		out = append(out, fieldOf(v, field, lit)...)
	}
	return out
}

// literalOf returns the composite literal an expression is, or that a
// variable was set to.
func literalOf(e ast.Expr) *ast.CompositeLit {
	switch e := e.(type) {
	case *ast.CompositeLit:
		return e
	case *ast.Ident:
		if e.Obj == nil {
			return nil
		}
		switch d := e.Obj.Decl.(type) {
		case *ast.AssignStmt:
			for i, l := range d.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Obj == e.Obj && i < len(d.Rhs) {
					return literalOf(d.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, id := range d.Names {
				if id.Obj == e.Obj && i < len(d.Values) {
					return literalOf(d.Values[i])
				}
			}
		}
	}
	return nil
}

// fieldOf returns field of row v, a table's element (all of v for "").
func fieldOf(v ast.Expr, field string, table *ast.CompositeLit) []ast.Expr {
	row, ok := v.(*ast.CompositeLit)
	if field == "" || !ok {
		return []ast.Expr{v}
	}
	names := structFields(table)
	for i, e := range row.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				return []ast.Expr{kv.Value}
			}
			continue
		}
		if i < len(names) && names[i] == field {
			return []ast.Expr{e}
		}
	}
	return nil
}

// structFields lists the field names of a table's rows, in order, when
// the table's type spells its struct out (or names a struct type).
func structFields(table *ast.CompositeLit) []string {
	var elt ast.Expr
	switch t := table.Type.(type) {
	case *ast.ArrayType:
		elt = t.Elt
	case *ast.MapType:
		elt = t.Value
	}
	if star, ok := elt.(*ast.StarExpr); ok {
		elt = star.X
	}
	if id, ok := elt.(*ast.Ident); ok && id.Obj != nil {
		if ts, ok := id.Obj.Decl.(*ast.TypeSpec); ok {
			elt = ts.Type
		}
	}
	st, ok := elt.(*ast.StructType)
	if !ok {
		return nil
	}
	var out []string
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			out = append(out, n.Name)
		}
		if len(f.Names) == 0 {
			out = append(out, "")
		}
	}
	return out
}

// ruleCites returns, per rule id of the pattern (prefix and number), the
// places where the scan found it printed.
func (s *assertScan) ruleCites(pattern *regexp.Regexp, prefix string) map[string][]string {
	out := map[string][]string{}
	for _, c := range s.cites {
		for _, m := range pattern.FindAllStringSubmatch(c.text, -1) {
			n, _ := strconv.Atoi(m[1])
			id := prefix + strconv.Itoa(n)
			out[id] = append(out[id], filepath.Base(c.pos.Filename)+":"+strconv.Itoa(c.pos.Line))
		}
	}
	return out
}

// testDirs lists the directories below root (slash path rel, from the
// module root) that hold Go test files.
func testDirs(root, rel string) ([]string, error) {
	var out []string
	start := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Stat(start); os.IsNotExist(err) {
		return nil, nil
	}
	err := filepath.WalkDir(start, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if m, _ := filepath.Glob(filepath.Join(path, "*_test.go")); len(m) > 0 {
				out = append(out, path)
			}
		}
		return nil
	})
	return out, err
}
