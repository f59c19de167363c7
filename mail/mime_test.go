package mail

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite .golden files")

func readEML(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "mime", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseMessageCharsets(t *testing.T) {
	for _, tc := range []struct {
		file                       string
		from, subject, text, msgID string
		to                         []string
	}{
		{
			file: "latin1-qp.eml", from: "juergen@example.de", subject: "Zug für Spiel g1",
			text: "Grüße aus Köln!\nadd 7\nÇa coûte 5 EUR? Non: 5 livres.\n", msgID: "latin1@example.de",
			to: []string{"elasund@example.test", "other@example.test", "watch@example.test"},
		},
		{
			file: "koi8r-base64.eml", from: "ivan@example.ru", subject: "Игра g2",
			text: "Привет! Ход в игре.\nadd 3\n", msgID: "koi8@example.ru", to: []string{"elasund@example.test"},
		},
		{
			file: "cp1252-8bit.eml", from: "sam@example.test", subject: "quotes",
			text: "“Smart quotes” cost 5 € – fine.\nadd 2\n", msgID: "cp1252@example.test", to: []string{"elasund@example.test"},
		},
		{
			file: "alternative.eml", from: "alt@example.test", subject: "alt",
			text: "add 9 (plain)", msgID: "alt@example.test", to: []string{"elasund@example.test"},
		},
		{
			file: "unknown-charset.eml", from: "odd@example.test", subject: "caf\uFFFD",
			text: "add 6 \uFFFD\n", msgID: "odd@example.test", to: []string{"elasund@example.test"},
		},
	} {
		t.Run(tc.file, func(t *testing.T) {
			in, err := ParseMessage(readEML(t, tc.file), Limits{})
			if err != nil {
				t.Fatalf("ParseMessage: %v", err)
			}
			if in.From != tc.from {
				t.Errorf("From = %q, want %q", in.From, tc.from)
			}
			if in.Subject != tc.subject {
				t.Errorf("Subject = %q, want %q", in.Subject, tc.subject)
			}
			if in.Text != tc.text {
				t.Errorf("Text = %q, want %q", in.Text, tc.text)
			}
			if in.MessageID != tc.msgID {
				t.Errorf("MessageID = %q, want %q", in.MessageID, tc.msgID)
			}
			if strings.Join(in.To, ",") != strings.Join(tc.to, ",") {
				t.Errorf("To = %q, want %q", in.To, tc.to)
			}
			if len(in.Attachments) != 0 {
				t.Errorf("unexpected attachments %v", in.Attachments)
			}
		})
	}
}

func TestParseMessageHeaders(t *testing.T) {
	in, err := ParseMessage(readEML(t, "latin1-qp.eml"), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC); !in.Date.Equal(want) {
		t.Errorf("Date = %v, want %v", in.Date, want)
	}
	if in.InReplyTo != "elasund.abc@example.test" {
		t.Errorf("InReplyTo = %q", in.InReplyTo)
	}
	if in.From != "juergen@example.de" || in.FromName != "Jürgen Müller" {
		t.Errorf("From = %q, FromName = %q; want juergen@example.de, the decoded display name Jürgen Müller", in.From, in.FromName)
	}
	if got := strings.Join(in.References, " "); got != "first@example.test elasund.abc@example.test" {
		t.Errorf("References = %q", got)
	}
}

func TestParseMessageHTMLOnly(t *testing.T) {
	in, err := ParseMessage(readEML(t, "html-only.eml"), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := "Hello & welcome, player!\n\nYour move:\nadd 4\n\n- first\n- second <item>\n\nSee the rules <https://example.test/rules>."
	if in.Text != want {
		t.Errorf("Text =\n%q\nwant\n%q", in.Text, want)
	}
}

func TestHTMLToTextGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "html", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/html/*.html files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := htmlToText(string(src)) + "\n"
			golden := strings.TrimSuffix(f, ".html") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("htmlToText(%s) =\n%s\nwant\n%s", f, got, want)
			}
		})
	}
}

func TestParseMessageAttachments(t *testing.T) {
	in, err := ParseMessage(readEML(t, "attachments.eml"), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if in.Text != "My turn is attached." {
		t.Errorf("Text = %q", in.Text)
	}
	want := []Attachment{
		{Filename: "turn1.yaml", ContentType: "application/yaml", Data: []byte("game: g1\nentry: 4\nactions:\n  - build church\n")},
		{Filename: "turn2.yaml", ContentType: "text/yaml", Data: []byte("player: Jürgen")},
		{Filename: "turn3.yaml", ContentType: "text/plain", Data: []byte("game: g3")},
		{Filename: "turné.yaml", ContentType: "application/octet-stream", Data: []byte("game: g4\n")},
		{Filename: "zug-ä.yaml", ContentType: "application/x-yaml", Data: []byte("game: g5\n")},
	}
	if len(in.Attachments) != len(want) {
		t.Fatalf("got %d attachments, want %d: %+v", len(in.Attachments), len(want), in.Attachments)
	}
	for i, w := range want {
		g := in.Attachments[i]
		if g.Filename != w.Filename || g.ContentType != w.ContentType || !bytes.Equal(bytes.ReplaceAll(g.Data, []byte("\r\n"), []byte("\n")), w.Data) {
			t.Errorf("attachment %d = {%q %q %q}, want {%q %q %q}", i, g.Filename, g.ContentType, g.Data, w.Filename, w.ContentType, w.Data)
		}
	}
}

func TestParseMessageSyntheticID(t *testing.T) {
	raw := readEML(t, "no-message-id.eml")
	a, err := ParseMessage(raw, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ParseMessage(append([]byte(nil), raw...), Limits{})
	if a.MessageID == "" || a.MessageID != b.MessageID {
		t.Errorf("synthetic ids %q and %q, want equal and non-empty", a.MessageID, b.MessageID)
	}
	c, _ := ParseMessage(bytes.Replace(raw, []byte("add 1"), []byte("add 2"), 1), Limits{})
	if c.MessageID == a.MessageID {
		t.Errorf("different messages share synthetic id %q", a.MessageID)
	}
	if !strings.HasSuffix(a.MessageID, "@elasund.invalid") {
		t.Errorf("synthetic id %q", a.MessageID)
	}
}

func TestParseMessageLimits(t *testing.T) {
	big := testMessage("a@example.test", "big", strings.Repeat("y", 3000), "big@example.test")
	_, err := ParseMessage(big, Limits{MaxMessageBytes: 2048})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 2048 || tl.Size != int64(len(big)) {
		t.Errorf("oversized: err = %v, want *TooLargeError{%d, 2048}", err, len(big))
	}
	if _, err := ParseMessage(big, Limits{MaxMessageBytes: 4096}); err != nil {
		t.Errorf("under the limit: %v", err)
	}

	for depth := 1; depth <= 6; depth++ {
		_, err := ParseMessage(nestedMessage("a@example.test", "deep@example.test", depth), Limits{MaxMIMEDepth: 4})
		var td *TooDeepError
		if depth <= 4 && err != nil {
			t.Errorf("depth %d: %v, want no error", depth, err)
		}
		if depth > 4 && (!errors.As(err, &td) || td.Limit != 4) {
			t.Errorf("depth %d: err = %v, want *TooDeepError{4}", depth, err)
		}
	}
	// The default depth cap.
	_, err = ParseMessage(nestedMessage("a@example.test", "deep@example.test", DefaultMaxMIMEDepth+1), Limits{})
	var td *TooDeepError
	if !errors.As(err, &td) {
		t.Errorf("depth %d with defaults: err = %v, want *TooDeepError", DefaultMaxMIMEDepth+1, err)
	}
}

func TestParseMessageMalformed(t *testing.T) {
	for name, raw := range map[string]string{
		"no sender":     "To: a@example.test\r\nSubject: x\r\n\r\nbody\r\n",
		"broken header": "From a@example.test\r\nno colon here\r\n\r\nbody",
		"bad multipart": "From: a@example.test\r\nContent-Type: multipart/mixed; boundary=q\r\n\r\n--q\r\nContent-Type: text/plain\r\n\r\nunterminated",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseMessage([]byte(raw), Limits{})
			var me *MessageError
			if !errors.As(err, &me) {
				t.Errorf("ParseMessage = %v, want *MessageError", err)
			}
		})
	}
}

func TestComposeMessageRoundTrip(t *testing.T) {
	out := Outgoing{
		To:         []string{"Jürgen <juergen@example.de>", "bob@example.test"},
		Subject:    "Re: Zug für Spiel g1",
		Text:       "Accepted.\nTotal: 5 €\n" + strings.Repeat("long line ", 20) + "\n",
		InReplyTo:  "latin1@example.de",
		References: []string{"first@example.test", "latin1@example.de"},
		Attachments: []Attachment{
			{Filename: "game-g1.yaml", ContentType: "application/yaml", Data: []byte("game: g1\nentries: 5\n")},
			{Filename: "board.svg", ContentType: "image/svg+xml", Data: []byte("<svg/>")},
			{Filename: "bin", Data: []byte{0, 1, 2, 255}},
		},
	}
	date := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC)
	raw, err := composeMessage(out, testFrom, "0123456789abcdef01234567", date)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := composeMessage(out, testFrom, "0123456789abcdef01234567", date)
	if !bytes.Equal(raw, again) {
		t.Error("composing the same reply twice gave different bytes")
	}
	h, err := headerOf(raw)
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{
		"Message-Id":     "<elasund.0123456789abcdef01234567@example.test>",
		"In-Reply-To":    "<latin1@example.de>",
		"References":     "<first@example.test> <latin1@example.de>",
		"Auto-Submitted": "auto-replied",
		"Mime-Version":   "1.0",
	} {
		if got := h.Get(key); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	in, err := ParseMessage(raw, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if in.Subject != out.Subject {
		t.Errorf("Subject = %q, want %q", in.Subject, out.Subject)
	}
	if in.From != testFrom {
		t.Errorf("From = %q", in.From)
	}
	if strings.Join(in.To, ",") != "juergen@example.de,bob@example.test" {
		t.Errorf("To = %q", in.To)
	}
	if in.Text != out.Text {
		t.Errorf("Text = %q, want %q", in.Text, out.Text)
	}
	if len(in.Attachments) != 3 {
		t.Fatalf("got %d attachments", len(in.Attachments))
	}
	for i, a := range out.Attachments {
		got := in.Attachments[i]
		wantType := a.ContentType
		if wantType == "" {
			wantType = "application/octet-stream"
		}
		if got.Filename != a.Filename || got.ContentType != wantType || !bytes.Equal(got.Data, a.Data) {
			t.Errorf("attachment %d = {%q %q %v}, want {%q %q %v}", i, got.Filename, got.ContentType, got.Data, a.Filename, wantType, a.Data)
		}
	}
	for _, line := range strings.Split(string(raw), "\r\n") {
		if len(line) > 998 {
			t.Errorf("line of %d bytes", len(line))
		}
	}
	if bytes.Contains(bytes.ReplaceAll(raw, []byte("\r\n"), nil), []byte("\n")) {
		t.Error("bare LF in composed message")
	}
}

func TestComposeMessagePlain(t *testing.T) {
	raw, err := composeMessage(Outgoing{To: []string{"a@example.test"}, Subject: "hi", Text: "line 1\nline 2\n"}, testFrom, "id1", time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := headerOf(raw)
	if ct := h.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") || !strings.Contains(ct, "utf-8") {
		t.Errorf("Content-Type = %q", ct)
	}
	if h.Has("In-Reply-To") || h.Has("References") {
		t.Error("empty In-Reply-To or References written")
	}
	if got := bodyOf(t, raw); got != "line 1\nline 2\n" {
		t.Errorf("body = %q", got)
	}
	if _, err := composeMessage(Outgoing{Subject: "x"}, testFrom, "id2", time.Unix(0, 0)); err == nil {
		t.Error("reply without recipient accepted")
	}
}

func ExampleParseMessage() {
	raw := "From: Alice <Alice@Example.org>\r\n" +
		"Subject: =?utf-8?q?Spiel_g1?=\r\n" +
		"Message-ID: <turn-7@example.org>\r\n" +
		"Content-Type: text/plain; charset=iso-8859-1\r\n" +
		"Content-Transfer-Encoding: quoted-printable\r\n" +
		"\r\n" +
		"Gr=FC=DFe: add 2\r\n"
	in, err := ParseMessage([]byte(raw), Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(in.From)
	fmt.Println(in.Subject)
	fmt.Println(in.MessageID)
	fmt.Println(in.Text)
	// Output:
	// alice@example.org
	// Spiel g1
	// turn-7@example.org
	// Grüße: add 2
}
